import LayoutEngine

/// Where the parts of the screen go at a terminal size: a title line, the text, the
/// keyboard at the bottom, and two status lines under it.
public struct ScreenLayout: Sendable {
    /// The widest the keyboard gets, in columns, however wide the terminal.
    public static let maximumKeyboardWidth = 104
    /// Text lines the screen keeps at least.
    public static let minimumTextLines = 2

    /// The terminal's size.
    public let size: TerminalSize
    /// The smallest size at which the layout is drawn: every key wide enough for its label
    /// and hint, and the help line whole.
    public let minimumSize: TerminalSize
    /// The keys of the visible layer, placed; `nil` when the terminal is too small.
    public let keyboard: TerminalKeyboardGeometry?
    /// The lines of the text area.
    public let textLines: Range<Int>
    /// The status line and the line of the last edit and help, under the keyboard.
    public let statusLine: Int
    public let helpLine: Int

    /// Lays out `layer` of `layout` on a terminal of `size`.
    public init(layout: Layout, layer: Int, size: TerminalSize) {
        self.size = size
        let deepest = layout.layers.map(\.rows.count).max() ?? 0
        let helpWidth =
            layout.layers.indices.map { layer in
                TerminalWidth.width(
                    of: ScreenRenderer.help(layout, hints: PhysicalKeyMap(layout: layout, layer: layer).hints))
            }.max() ?? 0
        minimumSize = TerminalSize(
            columns: max(TerminalKeyboardGeometry.minimumWidth(for: layout), helpWidth + 1) + 2,
            lines: 1 + Self.minimumTextLines + 1 + deepest * TerminalKeyboardGeometry.rowHeight + 2)
        statusLine = size.lines - 2
        helpLine = size.lines - 1
        guard size.columns >= minimumSize.columns, size.lines >= minimumSize.lines else {
            keyboard = nil
            textLines = 0..<0
            return
        }
        let width = min(size.columns - 2, Self.maximumKeyboardWidth)
        let height = layout.layers[layer].rows.count * TerminalKeyboardGeometry.rowHeight
        let top = size.lines - 2 - height
        keyboard = TerminalKeyboardGeometry(
            layout: layout, layer: layer, width: width, column: (size.columns - width) / 2, line: top)
        textLines = 1..<(top - 1)
    }

    /// Whether the layout fits.
    public var fits: Bool { keyboard != nil }

    /// Where the popup of `key` with `count` alternates is drawn: above the key, over the row
    /// above it, kept inside the screen.
    public func popup(for key: KeyID, count: Int) -> PopupGeometry? {
        guard let rect = keyboard?.rect(of: key), count > 0 else { return nil }
        let width = count * PopupGeometry.cellWidth + 2
        let centred = rect.column + rect.width / 2 - width / 2
        let column = max(0, min(centred, size.columns - width))
        return PopupGeometry(column: column, line: max(0, rect.line - 3), count: count)
    }
}

/// The long-press popup's box: one cell of `cellWidth` columns per alternate, between borders.
public struct PopupGeometry: Hashable, Sendable {
    /// Columns per alternate.
    public static let cellWidth = 3
    /// The box's left column and top line.
    public let column: Int
    public let line: Int
    /// How many alternates.
    public let count: Int

    /// The box's width in columns.
    public var width: Int { count * Self.cellWidth + 2 }

    /// The column where alternate `index`'s cell starts.
    public func cellColumn(_ index: Int) -> Int { column + 1 + index * Self.cellWidth }

    /// The alternate under `column`, clamped to the first and last, as a finger sliding past
    /// the popup's end keeps the last one.
    public func choice(atColumn column: Int) -> Int {
        let index = (column - self.column - 1) / Self.cellWidth
        return max(0, min(count - 1, column < self.column + 1 ? 0 : index))
    }

    /// Whether the cell at (`column`, `line`) is inside the box.
    public func contains(column: Int, line: Int) -> Bool {
        column >= self.column && column < self.column + width && line >= self.line && line < self.line + 3
    }
}
