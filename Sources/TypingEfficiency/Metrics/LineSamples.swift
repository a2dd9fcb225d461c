/// What each line of running text cost on every layout of a comparison, kept for the
/// confidence intervals: per line, each layout's typed characters, keystrokes and seconds.
///
/// Memory stays flat however long the corpus: once there are `limit` units, neighbouring
/// units are added together in pairs, so a unit becomes a block of 2, 4, 8, … consecutive
/// lines (every unit but the last holds `linesPerUnit` lines). The bootstrap then resamples
/// blocks (a non-overlapping block bootstrap, Carlstein 1986, "The use of subseries values
/// for estimating the variance of a general statistic from a stationary sequence", Annals
/// of Statistics 14), which is the line bootstrap while the corpus has at most `limit` lines.
/// Blocks form in corpus order, so the units are the same however the corpus was chunked.
///
/// ```swift
/// var samples = LineSamples(layouts: 2, limit: 4)
/// samples.append(line: [10, 12, 3.1, 10, 11, 2.9])
/// ```
/// - Complexity: O(1) amortized per line; memory O(limit × layouts).
package struct LineSamples: Sendable {
    /// The default bound on units: 65,536 (1.5 MB a layout).
    package static let defaultLimit = 1 << 16
    /// Figures per layout and unit: typed characters, keystrokes, seconds.
    package static let columnsPerLayout = 3

    /// How many layouts each line has figures for.
    package let layouts: Int
    /// The most units kept (even, at least 2).
    package let limit: Int
    /// Lines recorded.
    public private(set) var lines = 0
    /// Lines per unit (a power of two).
    public private(set) var linesPerUnit = 1
    /// `values[unit * width + layout * 3 + column]`.
    public private(set) var values: [Double] = []

    /// Empty samples for `layouts` layouts, keeping at most `limit` units.
    package init(layouts: Int, limit: Int = Self.defaultLimit) {
        self.layouts = layouts
        self.limit = max(2, limit + limit % 2)
    }

    /// Numbers per unit.
    package var width: Int { layouts * Self.columnsPerLayout }

    /// Units kept.
    package var units: Int { width > 0 ? values.count / width : 0 }

    /// Appends a line's figures (`width` numbers).
    package mutating func append(line: some Collection<Double>) {
        if lines % linesPerUnit == 0 {
            if units == limit { mergePairs() }
        }
        if lines % linesPerUnit == 0 {
            values.append(contentsOf: line)
        } else {
            addToLast(line)
        }
        lines += 1
    }

    /// Adds figures to the last line recorded (the rest of a line cut into pieces).
    package mutating func extendLastLine(with line: some Collection<Double>) {
        guard lines > 0 else { return append(line: line) }
        addToLast(line)
    }

    /// The column of one layout's figure, one value per unit, for `Bootstrap`.
    package func column(layout: Int, _ column: Int) -> [Double] {
        let offset = layout * Self.columnsPerLayout + column
        return stride(from: offset, to: values.count, by: width).map { values[$0] }
    }

    private mutating func addToLast(_ line: some Collection<Double>) {
        let start = values.count - width
        for (index, value) in zip(start..<values.count, line) { values[index] += value }
    }

    /// Halves the units: unit i becomes units 2i and 2i + 1 added together.
    private mutating func mergePairs() {
        let width = width
        let pairs = units / 2
        for pair in 0..<pairs {
            for column in 0..<width {
                values[pair * width + column] =
                    values[2 * pair * width + column] + values[(2 * pair + 1) * width + column]
            }
        }
        values.removeLast(values.count - pairs * width)
        linesPerUnit *= 2
    }
}
