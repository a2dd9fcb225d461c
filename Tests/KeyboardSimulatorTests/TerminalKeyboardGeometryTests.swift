import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// Key boxes to scale, and mouse hit-testing against the same boxes.
struct TerminalKeyboardGeometryTests {
    static func geometry(_ id: String, width: Int = 78) -> (Layout, TerminalKeyboardGeometry) {
        let layout = Shipped.layout(id)
        return (
            layout, TerminalKeyboardGeometry(layout: layout, layer: layout.baseLayer, width: width, column: 1, line: 10)
        )
    }

    static func letterRow(_ id: String, width: Int) -> [KeyRect] {
        let (layout, geometry) = geometry(id, width: width)
        return geometry.rects.filter { layout.keys[$0.key.rawValue].row == 0 }
    }

    @Test(
        "hu-touch's 11-key rows are narrower than hu-ios's 10-key rows on the same keyboard width",
        arguments: [78, 98])
    func elevenKeyRowsAreNarrower(width: Int) {
        let huTouch = Self.letterRow("hu-touch", width: width)
        let huIOS = Self.letterRow("hu-ios", width: width)
        #expect(huTouch.count == 11)
        #expect(huIOS.count == 10)
        // Same keyboard width: the 11 keys share what the 10 keys share, so their pitch is smaller.
        let span = { (row: [KeyRect]) in row.last!.column + row.last!.width - row.first!.column }
        #expect(abs(span(huTouch) - span(huIOS)) <= 1)
        let pitch = { (row: [KeyRect]) in Double(row.last!.column - row.first!.column) / Double(row.count - 1) }
        #expect(pitch(huTouch) < pitch(huIOS) - 0.5)
        #expect(huTouch[0].width <= huIOS[0].width)
    }

    @Test("widths follow key units: hu-touch's space bar is twice the 123 key", arguments: [78, 100])
    func widthsFollowUnits(width: Int) {
        let (layout, geometry) = Self.geometry("hu-touch", width: width)
        let bottom = geometry.rects.filter { layout.keys[$0.key.rawValue].row == 3 }
        #expect(bottom.count == 3)
        #expect(abs(bottom[1].width - 2 * bottom[0].width) <= 1)
        let right = bottom.last!.column + bottom.last!.width
        #expect(
            right <= 1 + width && right >= width, "the row ends at the keyboard's right edge, give or take a column")
    }

    @Test(
        "keys of the same width are drawn the same width, side by side without overlapping, at every width",
        arguments: Shipped.ids)
    func equalWidths(_ id: String) {
        let layout = Shipped.layout(id)
        for width in TerminalKeyboardGeometry.minimumWidth(for: layout)...ScreenLayout.maximumKeyboardWidth {
            for layer in layout.layers.indices {
                let geometry = TerminalKeyboardGeometry(layout: layout, layer: layer, width: width, column: 1, line: 0)
                var columnsByUnits: [Double: Set<Int>] = [:]
                for rect in geometry.rects {
                    columnsByUnits[layout.keys[rect.key.rawValue].width, default: []].insert(rect.width)
                }
                #expect(columnsByUnits.values.allSatisfy { $0.count == 1 }, "\(id) at \(width): \(columnsByUnits)")
                for row in layout.layers[layer].rows {
                    let rects = row.compactMap { geometry.rect(of: $0) }
                    for (a, b) in zip(rects, rects.dropFirst()) {
                        #expect(a.column + a.width <= b.column, "\(id) at \(width): keys overlap")
                        #expect(
                            b.column - (a.column + a.width) <= 1
                                || layout.keys[b.key.rawValue].x
                                    > layout.keys[a.key.rawValue].x + layout.keys[a.key.rawValue].width + 0.01
                        )
                    }
                    #expect(rects.allSatisfy { $0.column >= 1 && $0.column + $0.width <= 1 + width })
                }
            }
        }
    }

    @Test("at 100 columns hu-touch's z and h are as wide as their neighbours")
    func hundredColumns() {
        let (layout, geometry) = Self.geometry("hu-touch", width: 98)
        let widths = Dictionary(
            uniqueKeysWithValues: geometry.rects.map { (layout.keys[$0.key.rawValue].label, $0.width) })
        #expect(widths["z"] == widths["t"] && widths["z"] == widths["u"])
        #expect(widths["h"] == widths["g"] && widths["h"] == widths["j"])
    }

    @Test("every cell of a key hits that key; gaps and the outside hit nothing", arguments: Shipped.ids)
    func hitTesting(_ id: String) {
        let (_, geometry) = Self.geometry(id)
        for rect in geometry.rects {
            for line in rect.line..<(rect.line + TerminalKeyboardGeometry.rowHeight) {
                for column in rect.column..<(rect.column + rect.width) {
                    #expect(geometry.key(atColumn: column, line: line) == rect.key)
                }
            }
        }
        #expect(geometry.key(atColumn: 0, line: 10) == nil)
        #expect(geometry.key(atColumn: 5, line: 9) == nil)
        #expect(geometry.key(atColumn: 5, line: 10 + geometry.height) == nil)
    }

    @Test("hu-touch's shift row has the half-unit gaps between shift and y, m and ⌫")
    func gaps() {
        let (layout, geometry) = Self.geometry("hu-touch")
        let row = geometry.rects.filter { layout.keys[$0.key.rawValue].row == 2 }
        #expect(row[1].column > row[0].column + row[0].width)
        #expect(geometry.key(atColumn: row[0].column + row[0].width, line: row[0].line + 1) == nil)
    }

    @Test("minimum widths leave every key at least three columns", arguments: Shipped.ids)
    func minimumWidth(_ id: String) {
        let layout = Shipped.layout(id)
        let width = TerminalKeyboardGeometry.minimumWidth(for: layout)
        for layer in layout.layers.indices {
            let geometry = TerminalKeyboardGeometry(layout: layout, layer: layer, width: width, column: 0, line: 0)
            #expect(geometry.rects.allSatisfy { $0.width >= TerminalKeyboardGeometry.minimumKeyWidth })
        }
        #expect(width < 60)
    }

    @Test("the popup sits above its key and picks by column, clamped at both ends")
    func popupGeometry() {
        let layout = Shipped.huTouch
        let screen = ScreenLayout(layout: layout, layer: layout.baseLayer, size: TerminalSize(columns: 80, lines: 24))
        let o = KeyNames.key(named: "o", on: layout.baseLayer, in: layout)!
        let rect = screen.keyboard!.rect(of: o)!
        let box = screen.popup(for: o, count: 9)!
        #expect(box.line == rect.line - 3)
        #expect(box.column + box.width <= 80)
        #expect(box.choice(atColumn: box.cellColumn(4) + 1) == 4)
        #expect(box.choice(atColumn: 0) == 0)
        #expect(box.choice(atColumn: 79) == 8)
    }
}
