import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// The cost of fixing a wrong accent, worked out by hand on hu-touch, whose accent keys
/// (´ ˝ ¨) replace an accent already on the letter and whose backspace takes off only an
/// accent it knows; a grave (ò, from o's long-press popup) is not one of them.
@Suite("Error correction")
struct ErrorCorrectionTests {
    func cost(_ text: String, on id: String = "hu-touch", model: ComparisonModel) throws -> ErrorCorrectionCost {
        let comparison = Comparison(layouts: [Shipped.layout(id)], model: model)
        let report = try comparison.run(.runningText([.text(name: "t.txt", bytes: Array(text.utf8))]), workers: 1)
        return try #require(comparison.addingErrorCorrection(to: report).results[0].errorCorrection)
    }

    @Test("Hungarian accents on hu-touch: every fix is one accent key", arguments: ComparisonModel.allCases)
    func hungarian(_ model: ComparisonModel) throws {
        // o→ó ´, o→ö ¨, o→ő ˝, and between ó ö ő the accent key replaces: always one key.
        let fix = try cost("o o o ó ö ö ő\nu ú ü ű\n", model: model)
        #expect(abs(fix.best.keystrokes - 1) < 1e-12)
        // Deleting and retyping: ⌫, the letter, its accent key.
        #expect(abs(fix.retype.keystrokes - 3) < 1e-12)
        #expect(fix.pairs == 9 + 9)
    }

    @Test(
        "a rare foreign letter is a rare slip (it counted as much as o: 2.2 keystrokes)",
        arguments: ComparisonModel.allCases)
    func foreignLetter(_ model: ComparisonModel) throws {
        // o ×8, ó ×2, ò ×1. Meant ó (2): wrong o (8 of 9) is fixed by ´ (1 key), wrong ò (1 of 9)
        // by ⌫ o ´ (3: backspace deletes the whole ò). Meant ò (1): wrong o (8 of 10) by
        // ⌫ and a long-press on o (1 + 2), wrong ó (2 of 10) by ⌫ ⌫ and the long-press (4).
        let fix = try cost("o o o o o o o o\nó ó\nò\n", model: model)
        let expected = (2 * (8.0 / 9 * 1 + 1.0 / 9 * 3) + 1 * (8.0 / 10 * 3 + 2.0 / 10 * 4)) / 3
        #expect(abs(fix.best.keystrokes - expected) < 1e-12)
        #expect(fix.best.keystrokes < 2)
        #expect(fix.pairs == 4)
    }

    @Test("hu-ios has no accent keys: a fix is ⌫ and a long-press, as retyping", arguments: ComparisonModel.allCases)
    func ios(_ model: ComparisonModel) throws {
        let fix = try cost("o o o ó ö ö ő\n", on: "hu-ios", model: model)
        #expect(abs(fix.best.keystrokes - 3) < 1e-12)
        #expect(abs(fix.retype.keystrokes - 3) < 1e-12)
    }
}
