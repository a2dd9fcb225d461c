import LayoutEngine

/// Percentile bootstrap confidence intervals for statistics of a corpus that are made from
/// sums over its lines (words per minute is characters over seconds, for instance).
///
/// Lines are drawn with replacement, as many as there are, `resamples` times, from a
/// generator seeded with `seed`: the same input always gives the same intervals. Every
/// statistic of one call sees the same draws, so differences between layouts measured on
/// the same lines are paired.
///
/// ```swift
/// let bootstrap = Bootstrap(resamples: 1000)
/// let wpm = bootstrap.intervals(columns: [characters, seconds]) { sums in
///     [sums[0] / 5 / (sums[1] / 60)]
/// }
/// ```
/// - Complexity: O(resamples × lines × columns).
public struct Bootstrap: Hashable, Sendable {
    /// How many resamples.
    public var resamples: Int
    /// The generator's seed.
    public var seed: UInt64
    /// The confidence level, e.g. 0.95.
    public var level: Double

    /// A bootstrap with `resamples` resamples at `level`.
    public init(resamples: Int = 1000, seed: UInt64 = 0x5EED_2026, level: Double = 0.95) {
        self.resamples = resamples
        self.seed = seed
        self.level = level
    }

    /// A statistic's value on the whole corpus and its interval.
    public struct Interval: Hashable, Sendable {
        /// The statistic on all lines as they are.
        public var estimate: Double
        /// The interval's ends.
        public var low: Double
        public var high: Double
    }

    /// The intervals of `statistics`, which map the columns' sums to values. Every column
    /// has one value per line (all the same length).
    public func intervals(columns: [[Double]], statistics: ([Double]) -> [Double]) -> [Interval] {
        let lines = columns.first?.count ?? 0
        let estimates = statistics(columns.map { $0.reduce(0, +) })
        guard lines > 0, resamples > 0 else {
            return estimates.map { Interval(estimate: $0, low: $0, high: $0) }
        }
        var generator = SplitMix64(seed: seed)
        var draws = [[Double]](repeating: [], count: estimates.count)
        var counts = [UInt32](repeating: 0, count: lines)
        let width = columns.count
        // Line by line, all columns of a line together: one pass over memory per resample.
        var rows = [Double](repeating: 0, count: lines * width)
        for (column, values) in columns.enumerated() {
            for line in 0..<lines { rows[line * width + column] = values[line] }
        }
        var sums = [Double](repeating: 0, count: width)
        for _ in 0..<resamples {
            for index in counts.indices { counts[index] = 0 }
            for _ in 0..<lines { counts[generator.below(lines)] += 1 }
            for column in 0..<width { sums[column] = 0 }
            rows.withUnsafeBufferPointer { rows in
                sums.withUnsafeMutableBufferPointer { sums in
                    for line in 0..<lines where counts[line] > 0 {
                        let weight = Double(counts[line])
                        let start = line * width
                        for column in 0..<width { sums[column] += weight * rows[start + column] }
                    }
                }
            }
            for (index, value) in statistics(sums).enumerated() { draws[index].append(value) }
        }
        let tail = (1 - level) / 2
        return zip(estimates, draws).map { estimate, values in
            let sorted = values.sorted()
            return Interval(
                estimate: estimate, low: Self.quantile(sorted, tail), high: Self.quantile(sorted, 1 - tail))
        }
    }

    /// The `q` quantile of sorted values, interpolated between neighbours.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        let fraction = position - Double(below)
        return sorted[below] + (sorted[above] - sorted[below]) * fraction
    }
}
