/// Confidence intervals for a comparison's keystrokes per character and words per minute:
/// per layout, and for the difference between every two layouts, from a bootstrap over
/// the corpus's lines (`LineSamples`: blocks of consecutive lines on a long corpus).
///
/// The differences are paired: every layout is measured on the same resampled lines, so
/// the interval of a difference is narrower than the two layouts' intervals suggest.
/// Estimates are the report's own figures; the bootstrap gives the ends.
///
/// ```swift
/// let report = try comparison.run(input, lineSamples: LineSamples.defaultLimit)
/// let confidence = ConfidenceReport(report, bootstrap: Bootstrap())
/// ```
/// - Complexity: O(resamples × units × layouts) time, the samples' memory.
public struct ConfidenceReport: Sendable {
    /// One layout's intervals.
    public struct Row: Sendable {
        /// The layout.
        public let layoutID: String
        /// Keystrokes per typed character.
        public let kspc: Bootstrap.Interval
        /// Words per minute.
        public let wpm: Bootstrap.Interval
    }

    /// The difference of two layouts: `to`'s figure less `from`'s.
    public struct Difference: Sendable {
        /// The layout subtracted.
        public let from: String
        /// The layout it is subtracted from.
        public let to: String
        /// `to`'s KSPC less `from`'s.
        public let kspc: Bootstrap.Interval
        /// `to`'s WPM less `from`'s.
        public let wpm: Bootstrap.Interval
    }

    /// The bootstrap the intervals came from.
    public let bootstrap: Bootstrap
    /// Lines measured.
    public let lines: Int
    /// Units resampled, and the lines in each (1 unless the corpus had more lines than the
    /// samples keep).
    public let units: Int
    public let linesPerUnit: Int
    /// One row per layout, in the comparison's order.
    public let rows: [Row]
    /// One per pair of layouts, in the comparison's order (the first with each later one,
    /// then the second with each later one, …).
    public let differences: [Difference]

    /// The intervals of `report`, which must have kept its lines (`Comparison.run`'s
    /// `lineSamples`); `nil` when it did not (a word list has no lines).
    public init?(_ report: ComparisonReport, bootstrap: Bootstrap) {
        guard let samples = report.lineSamples, samples.layouts == report.results.count, samples.lines > 0 else {
            return nil
        }
        self.bootstrap = bootstrap
        lines = samples.lines
        units = samples.units
        linesPerUnit = samples.linesPerUnit
        let count = samples.layouts
        var columns: [[Double]] = []
        for layout in 0..<count {
            for column in 0..<LineSamples.columnsPerLayout { columns.append(samples.column(layout: layout, column)) }
        }
        let pairs = (0..<count).flatMap { from in ((from + 1)..<count).map { (from, $0) } }
        // Per layout KSPC and WPM, then per pair the differences of both.
        let intervals = bootstrap.intervals(columns: columns) { sums in
            var kspc: [Double] = []
            var wpm: [Double] = []
            for layout in 0..<count {
                let (typed, keystrokes, seconds) = (sums[layout * 3], sums[layout * 3 + 1], sums[layout * 3 + 2])
                kspc.append(typed > 0 ? keystrokes / typed : 0)
                wpm.append(seconds > 0 ? typed / 5 / (seconds / 60) : 0)
            }
            var values: [Double] = []
            for layout in 0..<count { values += [kspc[layout], wpm[layout]] }
            for (from, to) in pairs { values += [kspc[to] - kspc[from], wpm[to] - wpm[from]] }
            return values
        }
        // The estimates are the report's figures (the sums of the lines' figures differ in
        // the last bits from the totals, added in another order).
        let totals = report.results.map(\.totals)
        func exact(_ interval: Bootstrap.Interval, _ estimate: Double) -> Bootstrap.Interval {
            Bootstrap.Interval(estimate: estimate, low: interval.low, high: interval.high)
        }
        rows = report.results.indices.map { layout in
            Row(
                layoutID: report.results[layout].layout.id,
                kspc: exact(intervals[layout * 2], totals[layout].kspc),
                wpm: exact(intervals[layout * 2 + 1], totals[layout].wordsPerMinute))
        }
        differences = pairs.enumerated().map { index, pair in
            let (from, to) = pair
            let base = count * 2 + index * 2
            return Difference(
                from: report.results[from].layout.id, to: report.results[to].layout.id,
                kspc: exact(intervals[base], totals[to].kspc - totals[from].kspc),
                wpm: exact(intervals[base + 1], totals[to].wordsPerMinute - totals[from].wordsPerMinute))
        }
    }
}
