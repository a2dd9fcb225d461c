import Foundation
import LayoutEngine
import TypingEfficiency

/// Fits the project's models to typing-test logs, per posture, over the test-block phrases:
/// Fitts' a and b (MacKenzie 1992), the two-thumb floor, the touch spread as Bi & Zhai's dual
/// Gaussian (UIST 2013), the long-press hold, the accent key's extra time and the miss rates
/// per key width. docs/calibration.md describes each fit and its exclusions.
///
/// ```swift
/// let result = Calibration(resamples: 1000, seed: 7).run(logs)
/// ```
/// - Complexity: O(touches + resamples × phrases × key sizes).
public struct Calibration: Sendable {
    /// The least data a fit needs; with less it says so instead of giving a number.
    public struct Minimums: Hashable, Sendable {
        /// Intervals for Fitts' a and b (and for the two-thumb floor).
        public var fittsPairs = 20
        /// Distinct indices of difficulty (to 0.01 bit) for Fitts' a and b.
        public var distinctIDs = 2
        /// Phrases for a bootstrap interval.
        public var phrases = 5
        /// Touches per key size for the spread.
        public var touchesPerSize = 30
        /// Long-presses with a choice for the hold.
        public var longPresses = 3
        /// Intervals into an accent key for its cost.
        public var accentPairs = 10

        public init() {}
    }

    /// Bootstrap resamples (0: intervals equal to the estimates).
    public var resamples: Int
    public var seed: UInt64
    public var minimums: Minimums

    public init(resamples: Int = 1000, seed: UInt64 = 0x5EED_2026, minimums: Minimums = Minimums()) {
        self.resamples = resamples
        self.seed = seed
        self.minimums = minimums
    }

    /// Fits every posture the logs hold. The logs must have been read by `TypingLogReader`.
    public func run(_ logs: [TypingLog]) -> CalibrationResult {
        var byPosture: [Posture: PostureSamples] = [:]
        for log in logs { byPosture[log.posture, default: PostureSamples(posture: log.posture)].add(log) }
        let postures = byPosture.keys.sorted().map { fit(byPosture[$0]!) }
        let participants = Set(logs.map(\.participant)).sorted()
        var warnings: [String] = []
        if participants.count == 1 {
            warnings.append(
                "one participant only (\(participants[0])): the constants describe one person; "
                    + "give logs of at least 2 participants to describe people")
        }
        let assumed = logs.filter { !$0.pxPerMmMeasured }.map(\.file)
        if !assumed.isEmpty {
            warnings.append(
                "millimetres are assumed at 96 px/in, not measured (pxPerMmSource \"assumed\" in "
                    + "\(assumed.joined(separator: ", "))): distances, key sizes and spreads are only as right as that")
        }
        let turned = byPosture.values.flatMap(\.turned).sorted { $0.log < $1.log }
        if !turned.isEmpty {
            warnings.append(
                "test phrases typed after the screen turned are left out ("
                    + turned.map { "\($0.phrases) in \($0.log)" }.joined(separator: ", ")
                    + "): the log's key rectangles were drawn in the orientation the session started in")
        }
        if postures.count > 1 {
            warnings.append(
                "the logs are of \(postures.count) postures (\(postures.map(\.posture.rawValue).joined(separator: ", "))): "
                    + "the fits are per posture; the model file takes the hold, the accent cost and the spread "
                    + "from the posture with the most touches")
        }
        return CalibrationResult(
            logs: logs.map(\.file), participants: participants, phrases: postures.reduce(0) { $0 + $1.phrases },
            touches: postures.reduce(0) { $0 + $1.touches }, postures: postures, warnings: warnings,
            resamples: resamples, seed: seed)
    }

    func fit(_ samples: PostureSamples) -> PostureCalibration {
        let phrases = samples.phrases
        let fitts = FittsFit(self, samples)
        var notes: [String] = fitts.notes
        let platform = Self.platform(samples.layoutIDs)
        let holdName = platform == .android ? "hold.android" : "hold.ios"
        let fittsForHold: FittsConstants
        if let a = fitts.a.value?.estimate, let b = fitts.b.value?.estimate {
            fittsForHold = FittsConstants(a: a, b: b)
        } else {
            fittsForHold = Self.preset(samples.posture)
            notes.append(
                "the hold's popup move is timed with the preset Fitts constants (a \(fittsForHold.a) s, "
                    + "b \(fittsForHold.b) s/bit): these logs do not fit their own")
        }
        let spread = SpreadFit(self, phrases)
        return PostureCalibration(
            posture: samples.posture, logs: samples.logs, participants: samples.participants.sorted(),
            phrases: phrases.count, touches: samples.touches, fittsA: fitts.a, fittsB: fitts.b, floor: fitts.floor,
            spreadX: spread.x, spreadY: spread.y,
            hold: hold(phrases, fitts: fittsForHold, lineDraws: fitts.a.value == nil ? [] : fitts.lineDraws),
            holdName: holdName,
            longPressMs: Array(Set(samples.longPressMs)).sorted(), accentExtra: fitts.accent,
            missRates: Self.missRates(phrases), notes: notes)
    }

    /// The platform of the layouts typed, by loading each id: all shipped touch layouts are
    /// `ios`; an id that does not load counts as `ios`.
    static func platform(_ ids: Set<String>) -> Platform {
        for id in ids.sorted() {
            if let layout = try? LayoutCatalog.load(id), layout.platform == .android { return .android }
        }
        return .ios
    }

    /// The built-in Fitts constants of a posture.
    static func preset(_ posture: Posture) -> FittsConstants {
        let constants = ModelConstants()
        switch posture {
        case .oneFinger: return constants.oneFinger
        case .twoThumbs: return constants.thumb
        case .oneThumb: return constants.oneThumb
        }
    }

    /// `not enough data: N WHAT, at least M needed`, or `nil` when `count` ≥ `minimum`.
    func shortfall(_ count: Int, _ minimum: Int, _ what: String) -> FitOutcome? {
        count >= minimum ? nil : .unsupported("not enough data: \(count) \(what), at least \(minimum) needed")
    }

    /// A median and its bootstrap interval over phrases.
    func medianFit(_ values: [[Double]], n: Int) -> FitOutcome {
        let median = GroupedMedian(values)
        let estimate = median.median(weights: nil)
        var draws: [Double] = []
        PhraseResampler(phrases: values.count, resamples: resamples, seed: seed).run { counts in
            draws.append(median.median(weights: counts))
        }
        let (low, high) = PhraseResampler.interval(draws, estimate: estimate)
        return .fitted(FittedValue(estimate: estimate, low: low, high: high, n: n))
    }

    static func missRates(_ phrases: [PhraseSamples]) -> [MissRate] {
        var bySize: [Int: (Int, Int)] = [:]
        for phrase in phrases {
            for miss in phrase.misses {
                let old = bySize[miss.size, default: (0, 0)]
                bySize[miss.size] = (old.0 + 1, old.1 + (miss.missed ? 1 : 0))
            }
        }
        return bySize.keys.sorted().map { size in
            MissRate(widthMm: Double(size) / 10, touches: bySize[size]!.0, misses: bySize[size]!.1)
        }
    }
}

/// Draws phrase counts for the bootstrap: `resamples` times, as many phrases as there are,
/// with replacement, from a SplitMix64 seeded with `seed` (the house bootstrap's draws).
struct PhraseResampler {
    let phrases: Int
    let resamples: Int
    let seed: UInt64

    /// Calls `body` with each resample's count per phrase.
    func run(_ body: ([UInt32]) -> Void) {
        guard phrases > 0 else { return }
        var generator = SplitMix64(seed: seed)
        var counts = [UInt32](repeating: 0, count: phrases)
        for _ in 0..<resamples {
            for index in counts.indices { counts[index] = 0 }
            for _ in 0..<phrases { counts[generator.below(phrases)] += 1 }
            body(counts)
        }
    }

    /// The 95% percentile interval of `draws` (non-finite draws left out); the estimate
    /// twice when there are none.
    static func interval(_ draws: [Double], estimate: Double) -> (Double, Double) {
        let sorted = draws.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return (estimate, estimate) }
        func quantile(_ q: Double) -> Double {
            let position = q * Double(sorted.count - 1)
            let below = Int(position.rounded(.down))
            let above = min(below + 1, sorted.count - 1)
            return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
        }
        return (quantile(0.025), quantile(0.975))
    }

    /// Σ counts[phrase] × rows[phrase][column], for `width` columns.
    static func weightedSums(_ rows: [Double], width: Int, counts: [UInt32], into sums: inout [Double]) {
        for column in 0..<width { sums[column] = 0 }
        rows.withUnsafeBufferPointer { rows in
            sums.withUnsafeMutableBufferPointer { sums in
                for phrase in counts.indices where counts[phrase] > 0 {
                    let weight = Double(counts[phrase])
                    let start = phrase * width
                    for column in 0..<width { sums[column] += weight * rows[start + column] }
                }
            }
        }
    }
}
