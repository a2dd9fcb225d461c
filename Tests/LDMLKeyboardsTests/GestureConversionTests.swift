import LDMLKeyboards
import LayoutEngine
import Testing

/// LDML keyboards' multi-tap and flicks in the project's layouts, their hardware forms drawn
/// as the boards they name, and `LDMLSession` typing a layout's events.
@Suite("LDML gestures and hardware forms")
struct GestureConversionTests {
    static func key(_ id: String, in layout: Layout, layer: String = "base") -> KeyID? {
        let layer = layout.layerIndex(layer) ?? layout.baseLayer
        return layout.keys.indices.first { layout.keys[$0].id == id && layout.keys[$0].layer == layer }.map(KeyID.init)
    }

    @Test("multi-tap lists and flicks reach the layout; a flick that switches layers does not")
    func conversion() throws {
        let layout = try TestFiles.fixture("spec-touch.xml").layout(id: "spec-touch")
        let tapA = try #require(Self.key("tap-a", in: layout))
        #expect(layout.keys[tapA.rawValue].multiTap == ["bb", "c", "d"])
        let something = try #require(Self.key("something", in: layout))
        #expect(layout.keys[something.rawValue].flicks == [Flick(directions: [.ne, .s], text: "Å")])
        let ja = try LDMLLoader.shipped("ja-Hira-t-k0-flicks").layout(id: "ja")
        let ka = try #require(Self.key("h-ka", in: ja))
        #expect(ja.keys[ka.rawValue].flicks.map(\.text) == ["か", "き", "く", "け", "こ"])
        #expect(ja.keys[ka.rawValue].flicks.map(\.name) == ["n", "w", "e", "sw", "s"])
    }

    @Test("LDMLSession types a layout's multi-taps, flicks and long-presses as the spec says")
    func sessionEvents() throws {
        let keyboard = try TestFiles.fixture("spec-touch.xml")
        let layout = try keyboard.layout(id: "spec-touch")
        let tapA = try #require(Self.key("tap-a", in: layout))
        let something = try #require(Self.key("something", in: layout))
        let o = try #require(Self.key("o", in: layout))
        let backspace = try #require(layout.keys.indices.first { layout.keys[$0].action == .backspace })
        var session = LDMLSession(keyboard: keyboard)
        for (event, text) in [
            (KeyEvent.multiTap(tapA, count: 2), "bb"), (.multiTap(tapA, count: 4), "bbd"),
            (.multiTap(tapA, count: 5), "bbda"), (.flick(something, [.ne, .s]), "bbdaÅ"),
            (.flick(something, [.n]), "bbdaÅ"), (.longPress(o, alternate: 0), "bbdaÅó"),
            (.tap(KeyID(backspace)), "bbdaÅo"),
        ] {
            _ = session.handle(event, on: layout)
            #expect(session.text == text, "\(event)")
        }
        // A flick to a layer key switches the LDML session's layer, as the spec says.
        _ = session.handle(.flick(something, [.s]), on: layout)
        #expect(session.layerSet?.layers[session.layer].id == "numeric")
    }

    @Test("hardware forms are drawn as their boards: rows 15 units, ISO's tall Enter and extra key")
    func hardwareForms() throws {
        func rows(_ layout: Layout) -> [[Key]] {
            layout.layers[layout.baseLayer].rows.map { $0.map { layout.keys[$0.rawValue] } }
        }
        let iso = try LDMLLoader.shipped("fr").layout(id: "fr", hardware: true)
        let isoRows = rows(iso)
        #expect(iso.geometry.unitsPerRow == 15)
        #expect(isoRows[0].last?.action == .backspace && isoRows[0].last?.width == 2)
        #expect(isoRows[1].last?.action == .returnKey && isoRows[1].last?.width == 1.5)
        #expect(isoRows[2].last?.action == .returnKey && isoRows[2].last?.width == 1.25)
        #expect(isoRows[1].first?.x == 1.5, "Tab")
        #expect(isoRows[2].first?.x == 1.75, "Caps Lock")
        #expect(isoRows[3].first?.action == .shift && isoRows[3].first?.width == 1.25, "ISO's short left shift")
        #expect(isoRows[3][1].x == 1.25 && isoRows[3][1].label == "<", "the extra key left of Z (W on AZERTY)")
        #expect(isoRows[4].first?.action == .space && isoRows[4].first?.width == 6.25)
        let jis = rows(try LDMLLoader.shipped("ja-Latn").layout(id: "ja-Latn", hardware: true))
        #expect(jis[0].count == 14 && jis[0].last?.width == 1, "JIS: its keys (13 in ja-Latn) and a 1-unit backspace")
        #expect(jis[3].first?.width == 2.25 && jis[3].count == 13, "JIS: 11 keys between the shifts")
        let abnt2 = rows(try LDMLLoader.shipped("pt-t-k0-abnt2").layout(id: "pt", hardware: true))
        #expect(abnt2[3].count == 14 && abnt2[3].last?.width == 1.75, "ABNT2: 12 keys, a short right shift")
        let us = rows(try LDMLLoader.shipped("bn").layout(id: "bn", hardware: true))
        #expect(us[1].last?.width == 1.5, "US: the 1.5-unit backslash key")
        #expect(us[2].last?.action == .returnKey && us[2].last?.width == 2.25)
        for row in isoRows + jis + abnt2 + us {
            let end = row.last.map { $0.x + $0.width } ?? 0
            #expect(end <= 15 + 1e-9)
        }
    }
}
