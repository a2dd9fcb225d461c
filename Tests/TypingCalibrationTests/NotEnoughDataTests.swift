import Foundation
import TestSupport
import Testing
import TypingCalibration
import TypingEfficiency

/// A fit the data cannot support says so, with the count and the minimum, and stays out of
/// the model file.
@Suite struct NotEnoughDataTests {
    @Test func `too few phrases, intervals, long-presses and accent pairs: each says how many and how many are needed`()
        throws
    {
        // Two short phrases on hu-touch (no long-press), one on hu-ios (no accent key).
        let touch = try SyntheticLogs.read(SyntheticLogs.log(phrases: 2, seed: 5))
        let result = Calibration(resamples: 50).run([touch])
        let posture = try #require(result.postures.first)
        let cases: [(String, FitOutcome, String)] = [
            ("a", posture.fittsA, "not enough data: 2 phrases with intervals, at least 5 needed"),
            ("b", posture.fittsB, "not enough data: 2 phrases with intervals, at least 5 needed"),
            ("hold", posture.hold, "not enough data: 0 long-presses with a choice, at least 3 needed"),
            ("accent", posture.accentExtra, "needs Fitts' a and b of this posture, which are not fitted"),
        ]
        for (name, outcome, message) in cases { #expect(outcome == .unsupported(message), "\(name)") }
        #expect(ModelFile(result).constants.isEmpty)

        var minimums = Calibration.Minimums()
        minimums.phrases = 1
        minimums.fittsPairs = 10_000
        let strict = Calibration(resamples: 50, minimums: minimums).run([touch]).postures[0]
        guard case .unsupported(let text) = strict.fittsA else {
            Issue.record("fitted with 10,000 needed")
            return
        }
        #expect(text.hasPrefix("not enough data: ") && text.hasSuffix(" intervals, at least 10000 needed"))

        minimums = Calibration.Minimums()
        minimums.touchesPerSize = 100_000
        let sparse = Calibration(resamples: 50, minimums: minimums).run([touch]).postures[0]
        guard case .unsupported(let spread) = sparse.spreadX.sigmaA else {
            Issue.record("spread fitted")
            return
        }
        #expect(spread.hasPrefix("not enough data: ") && spread.contains("at least 100000 needed"))
        #expect(ModelFile(Calibration(resamples: 50, minimums: minimums).run([touch])).touchX == nil)
    }

    @Test func `two thumbs: the floor from pairs across the halves, thumb a and b from pairs on one half`() throws {
        var truth = SyntheticParticipant.Truth()
        truth.fitts = FittsConstants(a: 0.176, b: 0.064)
        let log = try SyntheticLogs.read(SyntheticLogs.log(truth: truth, posture: .twoThumbs, phrases: 40, seed: 9))
        let posture = try #require(Calibration(resamples: 200).run([log]).postures.first)
        #expect(posture.constants.map(\.name) == ["thumb.a", "thumb.b", "two-thumb.floor", "hold.ios", "accent.extra"])
        let floor = try #require(posture.floor?.value)
        #expect(abs(floor.estimate - truth.floor) < 0.02, "\(floor)")
        let a = try #require(posture.fittsA.value)
        #expect(abs(a.estimate - truth.fitts.a) <= 2 * (a.high - a.low), "\(a)")
    }
}
