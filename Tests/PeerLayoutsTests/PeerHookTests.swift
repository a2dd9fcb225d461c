import LayoutEngine
import Testing

/// The session's peer hook with a stand-in engine (no C library): which keys go to the peer,
/// what stays with the session, and value semantics.
struct PeerHookTests {
    /// Types each text key's label in upper case; backspace deletes one scalar.
    final class Shouting: PeerEngine {
        let layout: Layout
        var presses: [String] = []
        var context = ""
        init(layout: Layout) { self.layout = layout }
        func press(_ key: KeyID) -> Edit {
            let label = layout.keys[key.rawValue].label
            presses.append(label)
            if label == "⌫" { return Edit(deleteCount: 1, insert: "", effect: .graphemeDeleted) }
            return Edit(deleteCount: 0, insert: label.uppercased(), effect: .typed)
        }
        func setContext(_ text: String) { context = text }
        func copy() -> any PeerEngine {
            let copy = Shouting(layout: layout)
            copy.presses = presses
            return copy
        }
    }

    static func layout() throws -> Layout {
        let keys =
            ["a", "é", "b"].map { KeyDefinition(.text($0)) } + [KeyDefinition(.shift), KeyDefinition(.backspace)]
        let plain = try Layout(
            LayoutDefinition(
                id: "shouting", name: "shouting", locale: "und", platform: .hardware,
                geometry: Geometry(widthMm: 50, unitsPerRow: 5, rowPitchMm: 10),
                layers: [LayerDefinition(id: "base", rows: [RowDefinition(keys: keys)])]))
        return plain.typed(by: PeerHook(engineName: "shouting") { Shouting(layout: plain) })
    }

    @Test("text keys go to the peer, shift stays with the session, the context follows the edits")
    func routing() throws {
        let layout = try Self.layout()
        #expect(layout.peer?.engineName == "shouting")
        var session = TypingSession(layout: layout)
        var buffer = TextBuffer()
        let base = layout.baseLayer
        for name in ["a", "⇧", "é", "⌫", "b"] {
            let layer = session.visibleLayer
            let id = try #require(
                layout.keys.indices.first {
                    layout.keys[$0].label.lowercased() == name.lowercased() && layout.keys[$0].layer == layer
                })
            buffer.apply(session.handle(.tap(KeyID(id))))
            #expect(session.text == buffer.text)
            #expect(session.invariantViolations().isEmpty)
        }
        #expect(buffer.text == "AB")
        #expect(session.visibleLayer == base)
    }

    @Test("a copied session gets its own engine on its first key")
    func copyOnWrite() throws {
        let layout = try Self.layout()
        var first = TypingSession(layout: layout)
        _ = first.handle(.tap(KeyID(0)))
        var second = first
        _ = second.handle(.tap(KeyID(2)))
        _ = first.handle(.tap(KeyID(1)))
        #expect(first.text == "AÉ")
        #expect(second.text == "AB")
    }

    @Test("setContext reaches the peer; long-presses type nothing on a peer")
    func contextAndLongPress() throws {
        let layout = try Self.layout()
        var session = TypingSession(layout: layout)
        session.setContext("xyz")
        #expect(session.handle(.tap(KeyID(4))).deleteCount == 1)
        #expect(session.text == "xy")
        #expect(session.handle(.longPress(KeyID(0))) == .none)
    }
}
