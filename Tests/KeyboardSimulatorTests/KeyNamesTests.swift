import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// Key names: split as lists, distinct where keys differ, and unknown ones answered.
struct KeyNamesTests {
    @Test("names split at ASCII space, tab and line breaks only, scalar by scalar")
    func split() {
        #expect(KeyNames.split("a ´\tb\nc\r\nd") == ["a", "´", "b", "c", "d"])
        #expect(KeyNames.split("AltGr shift \u{323} shift B") == ["AltGr", "shift", "\u{323}", "shift", "B"])
        #expect(KeyNames.split("a\u{A0}b") == ["a\u{A0}b"], "a no-break space is part of a name")
        #expect(KeyNames.split("  ") == [])
    }

    /// A layout whose base layer has a circumflex accent key and a key typing `^`.
    static let caretLayout = Custom.layout(
        id: "caret",
        rows: #"""
            [{"keys": [{"text": "a"}, {"text": "^"}, {"accent": "circumflex"}, {"text": "e"}]},
             {"keys": [{"action": "shift"}, {"action": "backspace"}]}]
            """#,
        accents: #"[{"name": "circumflex"}]"#)

    @Test("two keys labelled ^ that do different things get distinct names; both replay")
    func distinctNames() throws {
        let layout = Self.caretLayout
        let names = KeyNames.names(on: layout.baseLayer, in: layout).map(\.name)
        #expect(names.filter { $0 == "^" }.count == 1, "\(names)")
        let accent = try #require(layout.keys.firstIndex { if case .accent = $0.action { true } else { false } })
        let accentName = KeyNames.name(of: KeyID(accent), in: layout)
        #expect(accentName != "^")
        var script = KeyScript(layout: layout)
        _ = try script.press(names: "a \(accentName) e ^")
        #expect(script.text == "âe^")
    }

    @Test("a trace of a text names keys that type it again, on every shipped layout", arguments: Shipped.ids)
    func traceReplays(_ id: String) throws {
        let layout = Shipped.layout(id)
        var traced = KeyScript(layout: layout)
        let (trace, _) = traced.type(text: "Győr, Ahoj světe! Ærø? 12 (x) ÁÉÍ ő ů å ø € ´ ˇ ¨")
        var replayed = KeyScript(layout: layout)
        _ = try replayed.press(names: trace.map { String($0.prefix { $0 != " " }) }.joined(separator: " "))
        #expect(replayed.text == traced.text)
    }

    @Test("an unknown name says what was probably meant")
    func suggestions() throws {
        let session = TypingSession(layout: Shipped.huTouch)
        func error(_ name: String) -> KeyNames.UnknownKeyName? {
            do throws(KeyNames.UnknownKeyName) {
                _ = try KeyNames.events(for: name, in: session)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("shfit")?.suggestion == "shift")
        #expect(error("ő")?.suggestion == nil, "the core suggests near names only")
        #expect(error("ő")?.suggestingTypedKeys(in: session).suggestion == "o ˝")
        #expect(error("shfit")?.suggestingTypedKeys(in: session).suggestion == "shift", "a near name is kept")
        #expect(error("{")?.reason.contains("it is on layer symbols") == true)
        #expect(error("o:x")?.reason.contains("offers") == true)
        #expect(error("😀")?.suggestion == nil)
        #expect(error("q") == nil)
    }
}

/// `KeyNames.knownEvents`, the C interface's lookup: the events `events(for:in:)` gives, with
/// the layout's name table, and `nil` exactly where it throws.
struct KnownEventsTests {
    @Test("the same events as the described lookup, with and without the table", arguments: Shipped.ids)
    func sameAsDescribed(_ id: String) {
        let layout = Shipped.layout(id)
        let table = KeyNameTable(layout: layout)
        var names = KeyNames.names(in: layout)
        // Gestures and choices, good and bad, on every fifth key (the described lookup works
        // out suggestions for each bad one).
        names += stride(from: 0, to: names.count, by: 5).flatMap { index in
            let name = names[index]
            return ["\(name):", "\(name):x", "\(name)*2", "\(name)*9", "\(name)~n", "\(name)~up", "\(name)q"]
        }
        names += ["shift", "SHIFT", "bksp", "space", "return", "A", "Ő", "qq", "", ":", "*2", "~n", "a:ő", "o:ő"]
        var wrong: [String] = []
        for layer in layout.layers.indices {
            // Each layer as a person reaches it: through a key that switches to it.
            var session = TypingSession(layout: layout)
            if layer != session.visibleLayer {
                guard
                    let switcher = layout.keys.indices.first(where: {
                        if case .layer(let target) = layout.keys[$0].action { target == layer } else { false }
                    })
                else { continue }
                _ = session.handle(.tap(KeyID(switcher)))
            }
            for name in names {
                let described = try? KeyNames.events(for: name, in: session)
                if KeyNames.knownEvents(for: name, in: session) != described
                    || KeyNames.knownEvents(for: name, in: session, table: table) != described
                {
                    wrong.append("\(name) on layer \(session.visibleLayer)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(10))")
    }
}
