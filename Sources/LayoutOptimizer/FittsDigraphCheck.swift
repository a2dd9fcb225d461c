import LayoutEngine
import TypingEfficiency

/// The Fitts-digraph model of the published virtual-keyboard studies (Soukoreff & MacKenzie
/// 1995; Zhai, Hunter & Smith 2000, 2002), computed from a corpus's plans on a layout.
///
/// The plans are counted as pairs of keys pressed one after the other, the space included
/// (each word starts from the space key, as the timer starts each sentence there), which is
/// the papers' 27 × 27 digraph table when every character is one tap. The mean time per
/// character is t = Σ P(i→j)·MT(i→j), with MT = a + b·log2(D/W + 1), and the speed is
/// 60 / (5·t) words per minute: a word is five characters, the space counted.
///
/// With `WideKeyAim.centre` this is exactly `compare`'s one-finger figure for a layout whose
/// characters are each one tap (a test keeps the two equal). `WideKeyAim.nearest` aims at the
/// nearest part of a wide key (the space bar), the way a stylus would, as an option of the check.
///
/// ```swift
/// let check = try FittsDigraphCheck(layout: qwerty, input: .wordList(list, description: "en"))
/// check.wordsPerMinute(FittsConstants(a: 0, b: 1 / 4.9), aim: .nearest)
/// ```
public struct FittsDigraphCheck: Sendable {
    /// Where a move to or from a key wider than it is tall is aimed.
    public enum WideKeyAim: String, Sendable, CaseIterable {
        /// At the key's centre, as `compare` times every key.
        case centre
        /// At the nearest of the square targets the key is a row of (its centre line, less
        /// half its height at each end): the nearest point of the space bar.
        case nearest
    }

    /// The layout measured.
    public let layout: Layout
    /// Its key geometry.
    public let geometry: MillimetreKeyboardGeometry
    /// Weighted pairs of keys pressed one after the other.
    public let pairs: [(from: Int, to: Int, weight: Double)]
    /// Presses counted, weighted: the characters typed.
    public let presses: Double

    /// Plans `input` on `layout` (with the planner `compare` uses under `constants`) and
    /// counts the pairs of keys.
    /// - Throws: `OptimizerError` when the corpus cannot be read, or when a plan needs a
    ///   long-press (the published model times taps only).
    public init(layout: Layout, input: ComparisonInput, constants: ModelConstants = ModelConstants())
        throws(OptimizerError)
    {
        let evaluator = LayoutEvaluator(layout: layout, model: .oneFinger, constants: constants)
        let statistics: PlanStatistics
        do {
            statistics = try PlanStatistics(input, evaluator: evaluator)
        } catch {
            throw OptimizerError("\(error)")
        }
        let keyCount = layout.keys.count
        let start = evaluator.geometry.spaceKey ?? 0
        var counts = [Double](repeating: 0, count: keyCount * keyCount)
        var presses = 0.0
        for index in 0..<statistics.segmentCount {
            let weight = statistics.weights[index]
            var previous = start
            for code in statistics.segment(index) {
                guard code & 0xFF == 0 else {
                    throw OptimizerError(
                        "\(layout.id): the Fitts-digraph check times taps only, and the corpus needs long-presses here")
                }
                let key = Int(code >> 8)
                counts[previous * keyCount + key] += weight
                presses += weight
                previous = key
            }
        }
        self.layout = layout
        geometry = evaluator.geometry
        pairs = counts.indices.filter { counts[$0] > 0 }.map { ($0 / keyCount, $0 % keyCount, counts[$0]) }
        self.presses = presses
    }

    /// The distance from key `from` to key `to`, mm, aimed as `aim` says.
    public func distance(_ from: Int, _ to: Int, aim: WideKeyAim) -> Double {
        switch aim {
        case .centre:
            return geometry.distance(from, to)
        case .nearest:
            // Each key's targets lie along its centre line, from half a target in from one end
            // to half a target in from the other.
            func span(_ key: Int) -> (Double, Double) {
                let half = (geometry.width[key] - geometry.targetWidth(key)) / 2
                return (geometry.centerX[key] - half, geometry.centerX[key] + half)
            }
            let (fromLeft, fromRight) = span(from)
            let (toLeft, toRight) = span(to)
            let dx = max(0, toLeft - fromRight, fromLeft - toRight)
            let dy = geometry.centerY[from] - geometry.centerY[to]
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// The mean seconds per character: Σ P(i→j)·MT(i→j).
    public func secondsPerCharacter(_ fitts: FittsConstants, aim: WideKeyAim = .centre) -> Double {
        guard presses > 0 else { return 0 }
        var seconds = 0.0
        for pair in pairs {
            let move = fitts.movementTime(
                distance: distance(pair.from, pair.to, aim: aim), width: geometry.targetWidth(pair.to))
            seconds += pair.weight * move
        }
        return seconds / presses
    }

    /// Words per minute: 60 / (5 × the mean seconds per character).
    public func wordsPerMinute(_ fitts: FittsConstants, aim: WideKeyAim = .centre) -> Double {
        let seconds = secondsPerCharacter(fitts, aim: aim)
        return seconds > 0 ? 60 / (5 * seconds) : 0
    }

    /// The share of characters that repeat the key before them (they cost the intercept a).
    public var repeatShare: Double {
        presses > 0 ? pairs.filter { $0.from == $0.to }.reduce(0) { $0 + $1.weight } / presses : 0
    }
}
