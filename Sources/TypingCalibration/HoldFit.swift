import Foundation
import TypingEfficiency

extension Calibration {
    /// The hold: the median over long-presses with a choice of (up − down) less the popup
    /// move, timed by `fitts`; each resample times the moves with its own line (`lineDraws`,
    /// from the same draws), so that the interval carries the doubt about a and b.
    func hold(_ phrases: [PhraseSamples], fitts: FittsConstants, lineDraws: [(a: Double, b: Double)]) -> FitOutcome {
        let count = phrases.reduce(0) { $0 + $1.longPresses.count }
        let used = phrases.filter { !$0.longPresses.isEmpty }.count
        if let short = shortfall(count, minimums.longPresses, "long-presses with a choice") { return short }
        if let short = shortfall(used, minimums.phrases, "phrases with long-presses") { return short }
        let median = ShiftedMedian(phrases)
        let estimate = median.median(a: fitts.a, b: fitts.b, weights: nil)
        var draws: [Double] = []
        var resample = 0
        PhraseResampler(phrases: phrases.count, resamples: resamples, seed: seed).run { counts in
            var line: (a: Double, b: Double) = resample < lineDraws.count ? lineDraws[resample] : (fitts.a, fitts.b)
            resample += 1
            if !line.a.isFinite { line = (fitts.a, fitts.b) }
            draws.append(median.median(a: line.a, b: line.b, weights: counts))
        }
        let (low, high) = PhraseResampler.interval(draws, estimate: estimate)
        return .fitted(FittedValue(estimate: estimate, low: low, high: high, n: count))
    }
}

/// The median of long-press holds, (up − down) − (a + b·bits) for a popup move of `bits`
/// (nothing without a move), for any a and b and phrase weights, without sorting per call.
///
/// A move of k items is log2(k + 1) bits whatever the key (items are a key wide), so the
/// presses fall into a few groups by k; within a group every hold shifts by the same amount,
/// so each group is sorted once by its seconds and a median is a weighted merge of the groups.
/// - Complexity: O(long-presses × groups) a call.
struct ShiftedMedian {
    /// Per group: its bits (nil: no move) and its presses sorted by seconds, with their phrase.
    let groups: [(bits: Double?, presses: [(seconds: Double, phrase: Int32)])]
    /// Long-presses per phrase.
    let perPhrase: [Int]

    init(_ phrases: [PhraseSamples]) {
        var byItems: [Int: [(seconds: Double, phrase: Int32)]] = [:]
        for (index, phrase) in phrases.enumerated() {
            for press in phrase.longPresses {
                let items = press.distance > 0 ? Int((press.distance / max(press.width, 1e-9)).rounded()) : 0
                byItems[items, default: []].append((press.seconds, Int32(index)))
            }
        }
        groups = byItems.keys.sorted().map { items in
            (items == 0 ? nil : log2(Double(items) + 1), byItems[items]!.sorted { $0.seconds < $1.seconds })
        }
        perPhrase = phrases.map(\.longPresses.count)
    }

    /// The (lower) median when phrase p counts `weights[p]` times (each once when nil).
    func median(a: Double, b: Double, weights: [UInt32]?) -> Double {
        var total = 0
        for (phrase, count) in perPhrase.enumerated() { total += count * Int(weights?[phrase] ?? 1) }
        guard total > 0 else { return .nan }
        let half = (total + 1) / 2
        let shifts = groups.map { group in group.bits.map { a + b * $0 } ?? 0 }
        var next = [Int](repeating: 0, count: groups.count)
        var seen = 0
        while true {
            var best = -1
            var bestValue = Double.infinity
            for group in groups.indices where next[group] < groups[group].presses.count {
                let value = groups[group].presses[next[group]].seconds - shifts[group]
                if value < bestValue { (best, bestValue) = (group, value) }
            }
            guard best >= 0 else { return bestValue }
            let phrase = Int(groups[best].presses[next[best]].phrase)
            seen += Int(weights?[phrase] ?? 1)
            next[best] += 1
            if seen >= half { return bestValue }
        }
    }
}
