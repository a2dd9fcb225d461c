import LDMLKeyboards
import LayoutSources
import Testing

@testable import LayoutEngine

/// The planner numbers a layout's graphemes in `String`'s order; its faster sort must give
/// that order exactly (grapheme ids reach tie-breaks and the order of reports).
@Suite("the planner's grapheme order")
struct GraphemeOrderTests {
    static let ids =
        LayoutCatalog.shippedIDs() + LDMLLoader.shippedIDs.map { "cldr:" + $0 }
        + ["xkb:hu", "xkb:cz", "xkb:dk", "xkb:us(intl)", "xkb:fr(oss)", "cldr:fr(hardware)"]

    @Test("every shipped, CLDR and some XKB layouts: the same order as String's", arguments: ids)
    func sameOrder(_ id: String) throws {
        let layout = try LayoutResolver.resolve(id)
        let graphemes = Array(Productions(layout: layout).byGrapheme.keys)
        #expect(graphemes.count > 10)
        #expect(PlannerTables.sorted(graphemes) == graphemes.sorted(), "\(id)")
    }

    @Test("text in NFD, marks alone, scripts and emoji: the same order as String's")
    func mixed() {
        let graphemes = [
            "e\u{301}", "f", "ő", "Ő", "\u{301}", "ẹ́", "মি", "বাং", "ক", "😀", "👩‍👩‍👧", "ß", "ǅ", "Å", "A\u{30A}\u{301}", " ",
            "\n", "ﬁ", "한", "ᄀ", "a",
        ]
        #expect(PlannerTables.sorted(graphemes) == graphemes.sorted())
    }
}
