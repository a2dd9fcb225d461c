import Testing

@testable import LayoutEngine

/// `ScalarCase` (the generated case tables) against the standard library's `lowercased()`
/// and `uppercased()`, the oracle.
struct ScalarCaseTests {
    @Test("every scalar maps as the standard library maps it")
    func everyScalar() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            if ScalarCase.lowercased(text).unicodeScalars.elementsEqual(text.lowercased().unicodeScalars) == false
                || ScalarCase.uppercased(text).unicodeScalars.elementsEqual(text.uppercased().unicodeScalars) == false
            {
                wrong.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(20))")
    }

    @Test(
        "texts map as the standard library maps them",
        arguments: [
            "", "Shift", "ΣΑΣ ΟΔΟΣ", "straße", "ŉ İstanbul", "ǅ ǈ ǋ", "E\u{301}Ő\u{30B}", "ﬃ ﬅ", "𐐀𐐨 ⓐⒶ",
            "A\u{345}\u{3A3}",
        ])
    func texts(_ text: String) {
        #expect(Array(ScalarCase.lowercased(text).unicodeScalars) == Array(text.lowercased().unicodeScalars))
        #expect(Array(ScalarCase.uppercased(text).unicodeScalars) == Array(text.uppercased().unicodeScalars))
    }
}
