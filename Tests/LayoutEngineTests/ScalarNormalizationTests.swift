import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// `ScalarNormalization` (and `CanonicalComposition` beyond its Latin tables) against
/// Foundation's normalization of the same text, the oracle.
struct ScalarNormalizationTests {
    static func foundationNFD(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(String(String.UnicodeScalarView(scalars)).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func foundationNFC(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    @Test(
        "every scalar of a plane decomposes and composes as Foundation says",
        arguments: [0xC0..<0x1_0000, 0x1_0000..<0x2_0000, 0x2_F800..<0x2_FA20])
    func everyScalar(_ values: Range<UInt32>) {
        var wrong: [String] = []
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ScalarNormalization.nfd([scalar]) != Self.foundationNFD([scalar]) { wrong.append("NFD U+\(hex(value))") }
            if ScalarNormalization.nfc([scalar]) != Self.foundationNFC([scalar]) { wrong.append("NFC U+\(hex(value))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(20))")
    }

    @Test("the quick answers (combining class, own decomposition) are the full ones for every scalar")
    func quickAnswers() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ScalarNormalization.combiningClass(value) != scalar.properties.canonicalCombiningClass.rawValue {
                wrong.append("class U+\(hex(value))")
            }
            if ScalarNormalization.isOwnDecomposition(value) != (ScalarNormalization.decompose(value) == [value]) {
                wrong.append("own NFD U+\(hex(value))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(20))")
    }

    @Test("a text told to be its own NFC from its scalars is Foundation's NFC, and composes as it")
    func ownNFCScalars() {
        let pool: [UInt32] = [
            0x995, 0x9CD, 0x9BC, 0x9BF, 0x9C7, 0x9BE, 0x9D7, 0x981, 0x61, 0x301, 0x323, 0xE9, 0x1100, 0x1161, 0xAC00,
            0xF71, 0xF72, 0xF73, 0x304B, 0x3099, 0x5D0, 0x5B0, 0x20,
        ]
        var random = SplitMix64(seed: 0x0F_2026)
        var own = 0
        var wrong: [String] = []
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                Unicode.Scalar(pool.randomElement(using: &random)!)!
            }
            let foundation = Self.foundationNFC(text)
            if CanonicalComposition.isOwnNFC(text) {
                own += 1
                if foundation != text { wrong.append("own \(text.map(\.value))") }
            }
            let nfd = Self.foundationNFD(text)
            if CanonicalComposition.composedScalars(nfd) != Self.foundationNFC(nfd) {
                wrong.append("composed \(nfd.map(\.value))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(5))")
        #expect(own > 1000, "only \(own) texts were their own NFC")
    }

    /// Starters and marks where canonical order and composition are subtle: Hangul jamo and
    /// syllables, two-part Indic vowels (both parts starters), composition exclusions,
    /// singletons, non-starter decompositions (U+0344; U+0F73, which Foundation orders
    /// wrongly and which is therefore normalized by Foundation), marks of many classes.
    static let starters: [UInt32] = [
        0x41, 0x61, 0x55, 0x6F, 0xC5, 0x212B, 0x3A9, 0x3B1, 0x1F00, 0x418, 0x435, 0x1100, 0x1112, 0x1161, 0x1175,
        0x11A8, 0xAC00, 0xAC01, 0xD7A3, 0x9C7, 0x9BE, 0x9D7, 0x9A1, 0xB47, 0xB3E, 0xB56, 0xCC6, 0xCC2, 0xCD5, 0xCCA,
        0xD46, 0xD3E, 0x0958, 0x915, 0x1025, 0x102E, 0x1B05, 0x1B35, 0x3046, 0x304B, 0x3099, 0x1D15E, 0x110, 0x227,
    ]
    static let marks: [UInt32] = [
        0x300, 0x301, 0x302, 0x303, 0x308, 0x30B, 0x30C, 0x31B, 0x323, 0x327, 0x328, 0x338, 0x344, 0x345, 0x5B0,
        0x5C1, 0x93C, 0x9BC, 0x9BE, 0x9D7, 0xBBE, 0xF71, 0xF72, 0xF74, 0xF80, 0xF73, 0x1161, 0x11A8, 0x3099, 0x302A,
        0x302E, 0x1D165, 0x1D16E, 0x20D2, 0xFE20,
    ]

    @Test("random starters followed by marks: NFD and NFC as Foundation, and per grapheme")
    func randomSequences() throws {
        var random = SplitMix64(seed: 0x5CA1_AB1E)
        var wrong: [String] = []
        for _ in 0..<6000 {
            var scalars: [Unicode.Scalar] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                scalars.append(Unicode.Scalar(Self.starters.randomElement(using: &random)!)!)
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    scalars.append(Unicode.Scalar(Self.marks.randomElement(using: &random)!)!)
                }
            }
            let nfd = Self.foundationNFD(scalars)
            let name = scalars.map { hex($0.value) }.joined(separator: " ")
            // Foundation composes from NFD: its NFC of a precomposed LV syllable and a
            // trailing consonant leaves them apart (U+AC00 U+11A8, not U+AC01). Text with
            // U+0F73 goes to Foundation whole, whose NFC is then not that of its NFD.
            let tibetan = name.contains("F73")
            let nfc = tibetan ? Self.foundationNFC(scalars) : Self.foundationNFC(nfd)
            if ScalarNormalization.nfd(scalars) != nfd { wrong.append("NFD \(name)") }
            if ScalarNormalization.nfc(scalars) != nfc { wrong.append("NFC \(name)") }
            // The engine's per-grapheme path: decomposed, then composed again.
            for character in String(String.UnicodeScalarView(scalars)) {
                let graphemeNFD = CanonicalComposition.decomposed(character)
                if graphemeNFD != Self.foundationNFD(Array(character.unicodeScalars)) {
                    wrong.append("grapheme NFD \(name)")
                }
                if !tibetan,
                    Array(CanonicalComposition.composed(graphemeNFD).unicodeScalars) != Self.foundationNFC(graphemeNFD)
                {
                    wrong.append("grapheme NFC \(name)")
                }
                // Each scalar decomposed on its own, the marks not yet in order.
                let unordered = character.unicodeScalars.flatMap { Self.foundationNFD([$0]) }
                if CanonicalComposition.canonicallyOrdered(unordered) != Self.foundationNFD(unordered) {
                    wrong.append("canonical order \(name)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(20))")
    }

    @Test("the caches stay bounded over any text and answer the same after starting again")
    func bounded() {
        for index in 0..<(ScalarNormalization.cacheLimit + 100) {
            _ = ScalarNormalization.compose(0x4E00 + UInt32(index % 20_000), 0x301 + UInt32(index / 20_000))
            _ = ScalarNormalization.decompose(0x2_0000 + UInt32(index))
        }
        let (decompositions, compositions) = ScalarNormalization.cachedCount
        #expect(decompositions <= ScalarNormalization.cacheLimit && compositions <= ScalarNormalization.cacheLimit)
        #expect(ScalarNormalization.compose(0x61, 0x301) == 0xE1)
        #expect(ScalarNormalization.compose(0xAC00, 0x11A8) == 0xAC01)
        #expect(ScalarNormalization.decompose(0x151) == [0x6F, 0x30B])
    }

    private func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
