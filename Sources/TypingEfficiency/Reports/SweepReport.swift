/// The figures of a `ConstantSweep`: per value of the constant, each layout's figure (words
/// per minute, or keystrokes per character under the keystrokes model) and the layouts
/// ranked by it, with the values where the ranking changes marked.
public struct SweepReport: Sendable {
    /// One value of the constant.
    public struct Point: Sendable {
        /// The constant's value.
        public let value: Double
        /// Each layout's figure, in the comparison's order.
        public let figures: [Double]
        /// The layouts' indexes, best first (ties keep the comparison's order).
        public let ranking: [Int]
        /// Whether the ranking differs from the value before's.
        public let changed: Bool
    }

    /// The sweep.
    public let sweep: ConstantSweep
    /// The corpus and model (the report of the first value).
    public let corpus: CorpusSummary
    public let model: ComparisonModel
    /// The layouts' ids, in the comparison's order.
    public let layoutIDs: [String]
    /// Whether the figure is words per minute (higher is better) rather than KSPC.
    public let isSpeed: Bool
    /// One point per value.
    public let points: [Point]
    /// The layouts whose time model the constant enters (their figures can change).
    public let affected: [String]
    /// Each layout's characters it cannot type (left out of its figures; the constant
    /// changes no layout's), in the comparison's order.
    public let untypeable: [Double]
    /// The model file whose constants the sweep started from (`--model-file`), if any.
    public var modelFile: String?

    /// Splits a comparison of `layouts` layouts at each of the sweep's values (in that
    /// order: every layout at the first value, then at the second, …).
    public init(sweep: ConstantSweep, layouts: Int, report: ComparisonReport) {
        self.sweep = sweep
        corpus = report.corpus
        model = report.model
        let isSpeed = report.model != .keystrokes
        self.isSpeed = isSpeed
        let results = report.results
        let ids = results.prefix(layouts).map(\.layout.id)
        layoutIDs = ids
        var points: [Point] = []
        for (index, value) in sweep.values.enumerated() {
            let slice = results[(index * layouts)..<((index + 1) * layouts)]
            let figures = slice.map { isSpeed ? $0.totals.wordsPerMinute : $0.totals.kspc }
            let ranking = figures.indices.sorted { a, b in
                figures[a] != figures[b] ? (isSpeed ? figures[a] > figures[b] : figures[a] < figures[b]) : a < b
            }
            points.append(
                Point(
                    value: value, figures: figures, ranking: ranking,
                    changed: points.last.map { $0.ranking != ranking } ?? false))
        }
        self.points = points
        untypeable = results.prefix(layouts).map(\.totals.untypeable)
        affected = (0..<layouts).filter { layout in
            Set(sweep.values.indices.map { results[$0 * layouts + layout].timeModel }).count > 1
        }.map { ids[$0] }
    }

    /// The figure's name.
    public var figureName: String { isSpeed ? "WPM" : "KSPC" }

    /// Decimals the figures are shown with.
    var digits: Int { isSpeed ? 2 : 4 }

    /// The ranking as text: `hu-extended > hu-touch > hu-ios` (`=` between equal figures).
    func rankingText(_ point: Point, quote: String = "") -> String {
        var text = quote + layoutIDs[point.ranking[0]] + quote
        for (previous, next) in zip(point.ranking, point.ranking.dropFirst()) {
            let same =
                ReportNumber.fixed(point.figures[previous], digits) == ReportNumber.fixed(point.figures[next], digits)
            text += (same ? " = " : " > ") + quote + layoutIDs[next] + quote
        }
        return text
    }
}
