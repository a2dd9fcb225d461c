import Testing

@testable import LayoutEngine

/// `ScalarClass` (the generated `scalarClassRuns`) against the standard library's
/// `Unicode.Scalar.Properties`, the oracle, for every scalar.
struct ScalarClassTests {
    @Test("every scalar has the classes the standard library gives it")
    func everyScalar() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let category = properties.generalCategory
            let isMark = category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
            if ScalarClass.isMark(scalar) != isMark
                || ScalarClass.isNonspacingOrEnclosingMark(scalar)
                    != (category == .nonspacingMark || category == .enclosingMark)
                || ScalarClass.isOtherLetter(scalar) != (category == .otherLetter)
                || ScalarClass.isAlphabetic(scalar) != properties.isAlphabetic
                || ScalarClass.isGraphemeExtend(scalar) != properties.isGraphemeExtend
            {
                wrong.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(20))")
    }
}
