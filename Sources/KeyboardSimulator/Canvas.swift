/// How a cell is drawn. With colour off every style draws plain; the renderer marks what
/// must stay visible without colour (the pressed key, the popup choice, the caret) with
/// characters instead.
public enum CellStyle: UInt8, Sendable {
    case plain
    case title
    case dim
    case accentLabel
    case hint
    case active
    case highlight
    case caret
    case popup
    case popupSelected
    case notice
    /// The right half of a wide character: nothing is written for it.
    case continuation

    /// The SGR sequence that switches to this style from any other.
    var sgr: String {
        switch self {
        case .plain, .continuation: "\u{1B}[0m"
        case .title: "\u{1B}[0;1;7m"
        case .dim: "\u{1B}[0;2m"
        case .accentLabel: "\u{1B}[0;1;36m"
        case .hint: "\u{1B}[0;33m"
        case .active: "\u{1B}[0;1;32m"
        case .highlight: "\u{1B}[0;1;30;43m"
        case .caret: "\u{1B}[0;7m"
        case .popup: "\u{1B}[0;1m"
        case .popupSelected: "\u{1B}[0;1;30;46m"
        case .notice: "\u{1B}[0;33m"
        }
    }
}

/// A grid of cells the renderer draws on, turned into lines of text at the end.
///
/// A cell holds one scalar; the rare grapheme of several scalars (a letter with a combining
/// mark that has no precomposed form, an emoji sequence) is kept on the side. Lines are built
/// as UTF-8 bytes, which keeps a full frame well under the 200 µs budget.
public struct Canvas: Sendable {
    /// Size in columns and lines.
    public let columns: Int
    public let lines: Int
    private var cells: [Unicode.Scalar]
    private var styles: [CellStyle]
    private var clusters: [Int: String] = [:]

    /// Stands in a cell for a grapheme kept in `clusters`.
    private static let clusterMarker: Unicode.Scalar = "\u{0}"
    private static let sgrBytes: [[UInt8]] = (0...CellStyle.continuation.rawValue).map {
        Array(CellStyle(rawValue: $0)!.sgr.utf8)
    }

    /// A blank canvas.
    public init(columns: Int, lines: Int) {
        self.columns = max(0, columns)
        self.lines = max(0, lines)
        cells = Array(repeating: " ", count: self.columns * self.lines)
        styles = Array(repeating: .plain, count: self.columns * self.lines)
    }

    /// Writes one grapheme at (`column`, `line`); returns the columns it took (0 when off
    /// the canvas or when a character wider than one column does not fit).
    @discardableResult
    public mutating func put(_ character: Character, column: Int, line: Int, style: CellStyle = .plain) -> Int {
        guard line >= 0, line < lines, column >= 0, column < columns else { return 0 }
        let scalars = character.unicodeScalars
        let first = scalars.first!
        let single = scalars.index(after: scalars.startIndex) == scalars.endIndex
        // One scalar below U+1100 takes one column; a wide character two; a grapheme of
        // several scalars what its scalars take (`মি` two), the cells after the first blank.
        let width = single && first.value < 0x1100 ? 1 : TerminalWidth.width(of: character)
        guard column + width <= columns else { return 0 }
        let index = line * columns + column
        if single {
            cells[index] = first
            if !clusters.isEmpty { clusters[index] = nil }
        } else {
            cells[index] = Self.clusterMarker
            clusters[index] = String(character)
        }
        styles[index] = style
        for offset in 1..<max(1, width) {
            cells[index + offset] = " "
            styles[index + offset] = .continuation
            if !clusters.isEmpty { clusters[index + offset] = nil }
        }
        return width
    }

    /// Writes one scalar one column wide (box drawing, spaces) at (`column`, `line`).
    @inline(__always)
    public mutating func put(scalar: Unicode.Scalar, column: Int, line: Int, style: CellStyle = .plain) {
        guard line >= 0, line < lines, column >= 0, column < columns else { return }
        let index = line * columns + column
        cells[index] = scalar
        styles[index] = style
        if !clusters.isEmpty { clusters[index] = nil }
    }

    /// Writes `text` from (`column`, `line`), at most `limit` columns; returns the columns taken.
    @discardableResult
    public mutating func put(
        _ text: some StringProtocol, column: Int, line: Int, style: CellStyle = .plain, limit: Int = Int.max
    ) -> Int {
        var used = 0
        for character in text {
            let width = TerminalWidth.width(of: character)
            if used + width > limit { break }
            let written = put(TerminalWidth.printable(character), column: column + used, line: line, style: style)
            if written == 0 { break }
            used += written
        }
        return used
    }

    /// Repeats a one-column scalar over `count` columns.
    public mutating func fill(_ scalar: Unicode.Scalar, column: Int, line: Int, count: Int, style: CellStyle = .plain) {
        for offset in 0..<max(0, count) { put(scalar: scalar, column: column + offset, line: line, style: style) }
    }

    /// Sets the style of cells without changing their characters.
    public mutating func restyle(column: Int, line: Int, count: Int, style: CellStyle) {
        guard line >= 0, line < lines else { return }
        for c in max(0, column)..<min(columns, column + count) where styles[line * columns + c] != .continuation {
            styles[line * columns + c] = style
        }
    }

    /// The lines of text; with `color`, styled with ANSI SGR sequences (each styled line
    /// ends in a reset). Every line is exactly `columns` columns wide.
    public func render(color: Bool) -> [String] {
        var result: [String] = []
        result.reserveCapacity(lines)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(columns * 4)
        for line in 0..<lines {
            bytes.removeAll(keepingCapacity: true)
            var current = CellStyle.plain
            let start = line * columns
            for index in start..<(start + columns) {
                let style = styles[index]
                if style == .continuation { continue }
                if color, style != current {
                    bytes.append(contentsOf: Self.sgrBytes[Int(style.rawValue)])
                    current = style
                }
                let scalar = cells[index]
                if scalar.value < 0x80 && scalar != Self.clusterMarker {
                    bytes.append(UInt8(scalar.value))
                } else if scalar == Self.clusterMarker, let cluster = clusters[index] {
                    bytes.append(contentsOf: cluster.utf8)
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
            if color, current != .plain { bytes.append(contentsOf: Self.sgrBytes[Int(CellStyle.plain.rawValue)]) }
            result.append(String(decoding: bytes, as: UTF8.self))
        }
        return result
    }
}
