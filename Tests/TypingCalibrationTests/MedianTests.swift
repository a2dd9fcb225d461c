import Foundation
import LayoutEngine
import Testing
import TypingEfficiency

@testable import TypingCalibration

/// The hold's fast median (presses grouped by popup distance, merged) against the plain one
/// (every hold worked out and sorted), for random presses, lines and phrase weights.
@Suite struct MedianTests {
    @Test func `the merged median equals the sorted one`() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let phrases = (0..<(1 + random.below(6))).map { _ in
                var phrase = PhraseSamples()
                for _ in 0..<random.below(5) {
                    let width = 4 + Double(random.below(30)) / 10
                    phrase.longPresses.append(
                        PhraseSamples.LongPress(
                            seconds: 0.3 + Double(random.below(1000)) / 1000,
                            distance: Double(random.below(4)) * width, width: width))
                }
                return phrase
            }
            let weights = phrases.map { _ in UInt32(random.below(3)) }
            let (a, b) = (Double(random.below(200)) / 1000, Double(random.below(200)) / 1000)
            var plain: [Double] = []
            for (phrase, weight) in zip(phrases, weights) {
                for press in phrase.longPresses {
                    let items = (press.distance / press.width).rounded()
                    let value = press.seconds - (items > 0 ? a + b * log2(items + 1) : 0)
                    plain += Array(repeating: value, count: Int(weight))
                }
            }
            plain.sort()
            let fast = ShiftedMedian(phrases).median(a: a, b: b, weights: weights)
            if plain.isEmpty {
                #expect(fast.isNaN)
            } else {
                #expect(abs(fast - plain[(plain.count - 1) / 2]) < 1e-12)
            }
        }
    }
}
