import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutSources
import Testing

/// The LDML export keeps every row's geometry: keys at the same places and widths, and ⌫
/// (which keyboard3 leaves to the platform) on the gap that holds its place, not after a
/// hole at the end of the bottom row.
@Suite("LDML export geometry")
struct ExportGeometryTests {
    /// Each row of each layer: the keys' places and widths, `⌫` marking backspace.
    static func rows(_ layout: Layout) -> [String] {
        var rows: [String] = []
        for layer in layout.layers {
            for row in layer.rows {
                let keys = row.map { id -> String in
                    let key = layout.keys[id.rawValue]
                    let place = String(format: "%.2f+%.2f", key.x, key.width)
                    return key.action == .backspace ? "⌫" + place : place
                }
                rows.append(keys.joined(separator: " "))
            }
        }
        return rows
    }

    @Test("export and load back: the same rows, ⌫ included", arguments: LayoutCatalog.shippedIDs())
    func roundTrip(id: String) throws {
        let (layout, _, keyboard) = try ExportTests.exported(id)
        #expect(Self.rows(try keyboard.layout(id: id)) == Self.rows(layout))
    }

    @Test("hu-touch: ⌫ after m in the third row, 1.5 keys wide; the bottom row has none")
    func huTouch() throws {
        let (_, export, keyboard) = try ExportTests.exported("hu-touch")
        #expect(export.xml.contains("<row keys=\"shift gap-0_5 y x c v b n m gap-0_5 backspace\" />"))
        #expect(export.xml.contains("<key id=\"backspace\" gap=\"true\" width=\"1.5\" />"))
        let layout = try keyboard.layout(id: "hu-touch")
        let rows = layout.layers[layout.baseLayer].rows
        #expect(rows[2].last.map { layout.keys[$0.rawValue].action } == .backspace)
        #expect(!rows[3].contains { layout.keys[$0.rawValue].action == .backspace })
    }

    @Test("a CLDR keyboard of its own (no backspace gap) still gets ⌫ at the end of its last row")
    func cldrWithoutPlace() throws {
        let layout = try LayoutResolver.resolve("cldr:fr-t-k0-test")
        let last = try #require(layout.layers[layout.baseLayer].rows.last)
        #expect(last.last.map { layout.keys[$0.rawValue].action } == .backspace)
    }
}
