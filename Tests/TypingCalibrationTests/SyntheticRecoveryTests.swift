import Foundation
import LayoutEngine
import TestSupport
import Testing
import TypingCalibration
import TypingEfficiency

/// A participant of known constants: calibrate finds them again.
@Suite struct SyntheticRecoveryTests {
    /// One seed: each estimate lies within two interval widths (about four standard errors) of
    /// the truth. Whether the intervals hold the truth as often as they should is the coverage
    /// test's question (one 95% interval in twenty misses).
    @Test func `one finger on hu-touch and hu-ios: every constant is found again`() throws {
        let truth = SyntheticParticipant.Truth()
        let touch = try SyntheticLogs.read(SyntheticLogs.log(phrases: 60, seed: 3))
        let ios = try SyntheticLogs.read(SyntheticLogs.log(SyntheticLogs.huIOS, phrases: 60, seed: 4))
        let result = Calibration(resamples: 200).run([touch, ios])
        let posture = try #require(result.postures.first)
        #expect(posture.posture == .oneFinger)
        #expect(posture.holdName == "hold.ios")
        for (name, outcome, value) in [
            ("a", posture.fittsA, truth.fitts.a), ("b", posture.fittsB, truth.fitts.b),
            ("hold", posture.hold, truth.hold),
            ("accent", posture.accentExtra, truth.accentExtra),
        ] {
            let fitted = try #require(outcome.value, "\(name): \(outcome)")
            #expect(fitted.low < fitted.high, "\(name): \(fitted)")
            #expect(
                abs(fitted.estimate - value) <= 2 * (fitted.high - fitted.low), "\(name): \(fitted) against \(value)")
        }
        let sigmaY = try #require(posture.spreadY.sigmaA.value)
        // One key height only: σa is that height's σ, √(α·H² + σa²) of the truth.
        let height = posture.spreadY.groups[0].sizeMm
        let trueSigmaY = truth.spreadY.sigma(size: height)
        #expect(abs(sigmaY.estimate - trueSigmaY) < 0.15, "σy \(sigmaY) against \(trueSigmaY)")
        #expect(posture.spreadY.note?.contains("α cannot be fitted") == true)
    }
}

/// Over many seeds, the 95% intervals hold the truth about 95% of the time.
@Suite struct SyntheticCoverageTests {
    /// 40 participants of 12 phrases on hu-touch and 12 on hu-ios each, 200 resamples. A 95%
    /// interval covers the truth in 38 of 40 on average (binomial sd ≈ 1.4); the percentile
    /// bootstrap over few phrases runs a little narrow, so the band is 33 to 40: below 33 (about
    /// 3.5 sd under 38) the intervals are too narrow or the fit is biased.
    @Test func `the intervals of a, b, the hold and the accent cost cover the truth in 33 to 40 of 40 seeds`() throws {
        let truth = SyntheticParticipant.Truth()
        var covered = ["a": 0, "b": 0, "hold": 0, "accent": 0]
        let seeds: [UInt64] = Array(1...40)
        for seed in seeds {
            let logs = [
                try SyntheticLogs.read(SyntheticLogs.log(phrases: 12, seed: seed * 2)),
                try SyntheticLogs.read(SyntheticLogs.log(SyntheticLogs.huIOS, phrases: 12, seed: seed * 2 + 1)),
            ]
            let posture = try #require(Calibration(resamples: 200, seed: seed).run(logs).postures.first)
            func count(_ name: String, _ outcome: FitOutcome, _ value: Double) {
                guard let fitted = outcome.value else { return }
                if fitted.low <= value && value <= fitted.high { covered[name, default: 0] += 1 }
            }
            count("a", posture.fittsA, truth.fitts.a)
            count("b", posture.fittsB, truth.fitts.b)
            count("hold", posture.hold, truth.hold)
            count("accent", posture.accentExtra, truth.accentExtra)
        }
        for (name, hits) in covered.sorted(by: { $0.key < $1.key }) {
            #expect((33...40).contains(hits), "\(name): the interval held the truth in \(hits) of 40")
        }
        print("coverage of 40 seeds:", covered.sorted(by: { $0.key < $1.key }))
    }
}
