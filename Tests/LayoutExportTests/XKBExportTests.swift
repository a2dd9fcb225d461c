import Foundation
import LayoutEngine
import Testing

@testable import LayoutExport

/// The XKB export's keys follow the layout's own rows: row r, column c of the layout on the
/// physical key of row r, column c (QWERTZ stays QWERTZ).
struct XKBExportTests {
    @Test(
        "layout → symbols lines",
        arguments: [
            ("hu-touch", "<AB01> { [ y, Y ] }"), ("hu-touch", "<AD06> { [ z, Z ] }"),
            ("hu-touch", "<AD11> { [ dead_doubleacute, dead_doubleacute ] }"),
            ("hu-touch", "<AC10> { [ dead_acute, dead_acute ] }"),
            ("hu-touch", "<AC11> { [ dead_diaeresis, dead_diaeresis ] }"), ("hu-touch", "<AB08> { [ U002C, U003C ] }"),
            ("hu-ios", "<AB01> { [ y, Y ] }"), ("hu-ios", "<AD06> { [ z, Z ] }"),
            ("cs-touch", "<AB01> { [ y, Y ] }"), ("cs-touch", "<AD06> { [ z, Z ] }"),
            ("cs-touch", "<AC10> { [ dead_acute, dead_acute ] }"),
            // ˇ sits right of m, where a US keyboard has the `,` cs-touch types on its number layer.
            ("cs-touch", "<AB08> { [ U002C, U003C ] }"), ("cs-touch", "<AC11> { [ dead_caron, dead_caron ] }"),
            ("da-touch", "<AB01> { [ z, Z ] }"), ("da-touch", "<AD06> { [ y, Y ] }"),
            ("da-touch", "<AD11> { [ U00E5, U00C5 ] }"), ("da-touch", "<AC10> { [ U00E6, U00C6 ] }"),
            ("da-touch", "<AC11> { [ U00F8, U00D8 ] }"),
        ])
    func symbols(_ id: String, _ line: String) throws {
        let symbols = XKBExport.symbols(try LayoutCatalog.load(id))
        #expect(symbols.contains("    key \(line);\n"), "\(symbols)")
    }

    @Test("every letter of every shipped layout's letter rows is on the physical key of its row and column")
    func rowsAndColumns() throws {
        for id in LayoutCatalog.shippedIDs() {
            let layout = try LayoutCatalog.load(id)
            let symbols = XKBExport.symbols(layout)
            let rows = layout.layers[layout.baseLayer].rows.dropLast()
            for (offset, row) in rows.reversed().enumerated() where offset < 3 {
                let physical = XKBKeyPlaces.rows[XKBKeyPlaces.rows.count - 1 - offset]
                let characterKeys = row.filter { XKBKeyPlaces.isCharacterKey(layout.keys[$0.rawValue]) }
                for (column, key) in characterKeys.enumerated() where column < physical.count {
                    guard case .text(let text) = layout.keys[key.rawValue].action, text.first!.isLetter else {
                        continue
                    }
                    #expect(
                        symbols.contains("key <\(physical[column])> { [ \(XKBExport.keysym(text)),"),
                        "\(id): \(text) on \(physical[column])")
                }
            }
        }
    }
}
