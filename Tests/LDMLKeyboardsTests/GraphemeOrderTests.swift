import Foundation
import LDMLKeyboards
import LayoutSources
import Testing

@testable import LayoutEngine

/// The planner numbers a layout's graphemes by their NFC scalars: `String`'s order wherever
/// that is an order, worked out faster, and the same from run to run. (`String`'s `<` calls
/// neither of U+0344 and U+0308 the lesser, so `sorted()` gave an order that hung on the
/// dictionary's, which changes from run to run: xkb:fr(oss) has both.)
@Suite("the planner's grapheme order")
struct GraphemeOrderTests {
    static let ids =
        LayoutCatalog.shippedIDs() + LDMLLoader.shippedIDs.map { "cldr:" + $0 }
        + ["xkb:hu", "xkb:cz", "xkb:dk", "xkb:us(intl)", "xkb:fr(oss)", "cldr:fr(hardware)"]

    @Test("every shipped, CLDR and some XKB layouts: one order, String's where String's is one", arguments: ids)
    func sameOrder(_ id: String) throws {
        let layout = try LayoutResolver.resolve(id)
        let graphemes = Array(Productions(layout: layout).byGrapheme.keys)
        #expect(graphemes.count > 10)
        let sorted = PlannerTables.sorted(graphemes)
        #expect(PlannerTables.sorted(graphemes.reversed()) == sorted, "\(id): the same whatever the order given")
        #expect(PlannerTables.sorted(graphemes.shuffled()) == sorted, "\(id): the same whatever the order given")
        // Where String's `<` is an order (the grapheme is its own NFC), the same order.
        let stable = sorted.filter {
            $0.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual($0.unicodeScalars)
        }
        #expect(stable == stable.sorted(), "\(id)")
    }

    @Test("text in NFD, marks alone, scripts and emoji: the same order as String's")
    func mixed() {
        #expect(PlannerTables.sorted(["\u{344}", "\u{308}", "\u{306}"]) == ["\u{306}", "\u{308}", "\u{344}"])
        let graphemes = [
            "e\u{301}", "f", "ő", "Ő", "\u{301}", "ẹ́", "মি", "বাং", "ক", "😀", "👩‍👩‍👧", "ß", "ǅ", "Å", "A\u{30A}\u{301}", " ",
            "\n", "ﬁ", "한", "ᄀ", "a",
        ]
        #expect(PlannerTables.sorted(graphemes) == graphemes.sorted())
    }
}
