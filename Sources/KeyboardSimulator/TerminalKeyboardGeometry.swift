import LayoutEngine

/// Where one key of the visible layer is drawn: a box of `width` columns and
/// `TerminalKeyboardGeometry.rowHeight` lines whose top-left corner is at (`column`, `line`).
public struct KeyRect: Hashable, Sendable {
    /// The key drawn here.
    public let key: KeyID
    /// The box's leftmost column (0-based, screen coordinates).
    public let column: Int
    /// The box's top line (0-based, screen coordinates).
    public let line: Int
    /// The box's width in columns, borders included.
    public let width: Int

    /// Creates a rectangle.
    public init(key: KeyID, column: Int, line: Int, width: Int) {
        self.key = key
        self.column = column
        self.line = line
        self.width = width
    }

    /// Whether the cell at (`column`, `line`) is inside the box.
    public func contains(column: Int, line: Int) -> Bool {
        column >= self.column && column < self.column + width && line >= self.line
            && line < self.line + TerminalKeyboardGeometry.rowHeight
    }
}

/// The keys of one layer placed on the screen, to scale: a key's columns are its key units
/// times the columns one unit takes, so an 11-unit row (hu-touch) has narrower keys than a
/// 10-unit row (hu-ios) on a keyboard of the same width, as on the phone.
///
/// The renderer draws these rectangles and mouse clicks are hit-tested against the same ones.
public struct TerminalKeyboardGeometry: Sendable {
    /// Lines per key row: top border, label, bottom border.
    public static let rowHeight = 3
    /// Keys narrower than this many columns cannot show a label between their borders.
    public static let minimumKeyWidth = 3

    /// The layer placed.
    public let layer: Int
    /// Columns per key unit.
    public let columnsPerUnit: Double
    /// The keyboard's left column and top line.
    public let column: Int
    public let line: Int
    /// The keyboard's width in columns.
    public let width: Int
    /// How many key rows the layer has.
    public let rowCount: Int
    /// Every key of the layer, row by row, left to right.
    public let rects: [KeyRect]

    /// Places the keys of `layer` on a keyboard `width` columns wide whose top-left corner
    /// is at (`column`, `line`).
    /// - Complexity: O(keys of the layer).
    public init(layout: Layout, layer: Int, width: Int, column: Int, line: Int) {
        self.layer = layer
        self.width = width
        self.column = column
        self.line = line
        let scale = Double(width) / layout.geometry.unitsPerRow
        columnsPerUnit = scale
        let rows = layout.layers[layer].rows
        rowCount = rows.count
        var rects: [KeyRect] = []
        rects.reserveCapacity(rows.reduce(0) { $0 + $1.count })
        for (rowIndex, row) in rows.enumerated() {
            for id in row {
                let key = layout.keys[id.rawValue]
                let (left, columns) = Self.place(key, scale: scale)
                rects.append(
                    KeyRect(
                        key: id, column: column + left, line: line + rowIndex * Self.rowHeight,
                        width: max(1, columns)))
            }
        }
        self.rects = rects
    }

    /// A key's left column and its width in columns at `scale` columns per key unit.
    ///
    /// The width is the key's units times the scale, rounded down, so keys of the same width
    /// are drawn the same width wherever they are; the key is centred where it is on the
    /// keyboard, so the columns rounding leaves over fall between keys, spread along the row
    /// (at most one between two neighbours, which never overlap).
    static func place(_ key: Key, scale: Double) -> (left: Int, columns: Int) {
        let columns = Int((key.width * scale + 1e-9).rounded(.down))
        let centre = (key.x + key.width / 2) * scale
        let left = Int((centre - Double(columns) / 2 + 0.5 + 1e-9).rounded(.down))  // half up, steady
        return (left, columns)
    }

    /// The keyboard's height in lines.
    public var height: Int { rowCount * Self.rowHeight }

    /// The key under the cell at (`column`, `line`), if any.
    public func key(atColumn column: Int, line: Int) -> KeyID? {
        guard line >= self.line, line < self.line + height else { return nil }
        return rects.first { $0.contains(column: column, line: line) }?.key
    }

    /// Where `key` is drawn, when it is on this layer.
    public func rect(of key: KeyID) -> KeyRect? {
        rects.first { $0.key == key }
    }

    /// The narrowest keyboard, in columns, on which every key of every layer of `layout` is
    /// at least `minimumKeyWidth` columns wide.
    public static func minimumWidth(for layout: Layout) -> Int {
        var width = Int(layout.geometry.unitsPerRow.rounded(.up)) * minimumKeyWidth
        while width < 1000 {
            let scale = Double(width) / layout.geometry.unitsPerRow
            let fits = layout.keys.allSatisfy { place($0, scale: scale).columns >= minimumKeyWidth }
            if fits { return width }
            width += 1
        }
        return width
    }
}
