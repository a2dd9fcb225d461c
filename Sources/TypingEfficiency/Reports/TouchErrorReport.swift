import LayoutEngine

/// The touch-error figures of a comparison (`--touch-errors`): per layout, the predicted
/// speed, the expected touch errors and what fixing them costs, each with a bootstrap
/// interval over the corpus's lines, and the speed with the fixes compared with the first
/// layout measured (paired: the same resampled lines for every layout).
public struct TouchErrorReport: Sendable {
    /// One layout's figures; `nil` statistics for a layout the model does not describe.
    public struct Row: Sendable {
        /// The layout.
        public let layoutID: String
        /// Words per minute without errors (as the main table).
        public var wpm: Bootstrap.Interval?
        /// Misses per press (a long-press is one press), estimate only.
        public var missPerPress: Double?
        /// Expected touch errors per 100 characters.
        public var errorsPer100: Bootstrap.Interval?
        /// Expected keystrokes and seconds of fixing them, per 100 characters.
        public var fixKeystrokesPer100: Bootstrap.Interval?
        public var fixSecondsPer100: Bootstrap.Interval?
        /// Words per minute with the fixes' time added.
        public var wpmWithFixes: Bootstrap.Interval?
        /// `wpmWithFixes` less the first measured layout's.
        public var difference: Bootstrap.Interval?
        /// Per key of the base layer that was pressed: label, chance of a miss, share of all
        /// expected errors; most errors first.
        public var keys: [(label: String, miss: Double, share: Double)] = []
    }

    /// The error model.
    public let model: TouchErrorModel
    /// The bootstrap the intervals came from.
    public let bootstrap: Bootstrap
    /// Lines resampled.
    public let lines: Int
    /// The layout the differences are taken from.
    public let reference: String?
    /// One row per layout, in the comparison's order.
    public let rows: [Row]

    /// Summarizes per-line figures (`Comparison.touchErrors`) of `layouts`.
    package init(layouts: [Layout], figures: [TouchLineFigures?], model: TouchErrorModel, bootstrap: Bootstrap) {
        self.model = model
        self.bootstrap = bootstrap
        let measured = figures.indices.filter { figures[$0] != nil }
        lines = measured.first.map { figures[$0]!.lines } ?? 0
        reference = measured.first.map { layouts[$0].id }
        typealias Column = TouchLineFigures.Column
        let used: [Column] = [.characters, .seconds, .presses, .errors, .fixKeystrokes, .fixSeconds]
        var columns: [[Double]] = []
        for index in measured { for column in used { columns.append(figures[index]!.column(column)) } }
        let width = used.count
        let stride = 6
        let intervals = bootstrap.intervals(columns: columns) { sums in
            var values: [Double] = []
            var referenceSpeed = 0.0
            for layout in measured.indices {
                let base = layout * width
                let (characters, seconds, errors) = (sums[base], sums[base + 1], sums[base + 3])
                let (fixKeystrokes, fixSeconds) = (sums[base + 4], sums[base + 5])
                let withFixes = seconds + fixSeconds > 0 ? 12 * characters / (seconds + fixSeconds) : 0
                if layout == 0 { referenceSpeed = withFixes }
                values += [
                    seconds > 0 ? 12 * characters / seconds : 0, Self.per100(errors, characters),
                    Self.per100(fixKeystrokes, characters), Self.per100(fixSeconds, characters), withFixes,
                    withFixes - referenceSpeed,
                ]
            }
            return values
        }
        var rows = layouts.map { Row(layoutID: $0.id) }
        for (position, index) in measured.enumerated() {
            let found = Array(intervals[(position * stride)..<((position + 1) * stride)])
            let figure = figures[index]!
            rows[index].wpm = found[0]
            rows[index].errorsPer100 = found[1]
            rows[index].fixKeystrokesPer100 = found[2]
            rows[index].fixSecondsPer100 = found[3]
            rows[index].wpmWithFixes = found[4]
            rows[index].difference = position == 0 ? nil : found[5]
            let presses = figure.total(.presses)
            rows[index].missPerPress = presses > 0 ? figure.total(.errors) / presses : 0
            rows[index].keys = Self.keys(layouts[index], figure, model)
        }
        self.rows = rows
    }

    static func per100(_ value: Double, _ characters: Double) -> Double {
        characters > 0 ? 100 * value / characters : 0
    }

    /// The base layer's pressed keys, most expected errors first.
    static func keys(
        _ layout: Layout, _ figures: TouchLineFigures, _ model: TouchErrorModel
    ) -> [(label: String, miss: Double, share: Double)] {
        let targets = TouchTargets(layout: layout, model: model)
        let total = figures.total(.errors)
        var keys: [(label: String, miss: Double, share: Double)] = []
        for index in layout.keys.indices
        where layout.keys[index].layer == layout.baseLayer && figures.keyPresses[index] > 0 {
            let errors = figures.keyPresses[index] * targets.miss(index)
            keys.append((layout.keys[index].label, targets.miss(index), total > 0 ? errors / total : 0))
        }
        return keys.sorted { ($0.share, $1.label) > ($1.share, $0.label) }
    }
}
