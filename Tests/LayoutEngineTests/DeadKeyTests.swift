import TestSupport
import Testing

@testable import LayoutEngine

/// Dead keys (prefix keys), latched levels (AltGr) and Caps Lock, on a small hardware-style
/// layout written here: four levels (base, shift, altgr, altgr-shift) like an XKB keymap.
struct DeadKeyTests {
    /// ```
    /// base         ´  q  o  x  ⌫    ⇪ a e u    ⇧ AltGr ␣
    /// shift        ˇ  Q  O  X  ⌫    ⇪ A E U    ⇧ AltGr ␣
    /// altgr        ˝  \  œ  ×  ⌫    ⇪ ä € ű    ⇧ AltGr ␣
    /// altgr-shift  ˝  Ω  Œ  ÷  ⌫    ⇪ Ä ¢ Ű    ⇧ AltGr ␣
    /// ```
    static let layout: Layout = {
        func layer(_ id: String, _ dead: String, _ top: [String], _ middle: [String], shifted: String? = nil)
            -> LayerDefinition
        {
            let rows = [
                RowDefinition(
                    keys: [KeyDefinition(.deadKey(dead))] + top.map { KeyDefinition(.text($0)) } + [
                        KeyDefinition(.backspace)
                    ]),
                RowDefinition(keys: [KeyDefinition(.capsLock)] + middle.map { KeyDefinition(.text($0)) }),
                RowDefinition(keys: [KeyDefinition(.shift), KeyDefinition(.latch("altgr")), KeyDefinition(.space)]),
            ]
            return LayerDefinition(id: id, rows: rows, shifted: shifted)
        }
        let deadKeys = [
            DeadKey(
                name: "dead_acute", symbol: "´",
                compositions: [
                    "o": "ó", "O": "Ó", "a": "á", "A": "Á", "e": "é", "E": "É", "u": "ú", "U": "Ú", " ": "'",
                ]),
            DeadKey(name: "dead_caron", symbol: "ˇ", compositions: ["e": "ě", "E": "Ě", "u": "ǔ"]),
            DeadKey(name: "dead_doubleacute", symbol: "˝", compositions: ["o": "ő", "O": "Ő", "u": "ű", "U": "Ű"]),
        ]
        let definition = LayoutDefinition(
            id: "test-hardware", name: "Test hardware", locale: "hu", platform: .hardware,
            geometry: Geometry(widthMm: 95.25, unitsPerRow: 5, rowPitchMm: 19.05, keyGapMm: 0),
            layers: [
                layer("base", "dead_acute", ["q", "o", "x"], ["a", "e", "u"]),
                layer("shift", "dead_caron", ["Q", "O", "X"], ["A", "E", "U"]),
                layer("altgr", "dead_doubleacute", ["\\", "œ", "×"], ["ä", "€", "ű"], shifted: "altgr-shift"),
                layer("altgr-shift", "dead_doubleacute", ["Ω", "Œ", "÷"], ["Ä", "¢", "Ű"]),
            ],
            deadKeys: deadKeys)
        return try! Layout(definition)
    }()

    static let cases: [KeysCase] = [
        KeysCase(keys: "´ o", expected: "ó"),
        KeysCase(keys: "´ O", expected: "Ó"),  // shift between the dead key and the letter
        KeysCase(keys: "⇧ ˇ e", expected: "ě"),  // the shifted dead key; shift releases with it
        KeysCase(keys: "⇧ ˇ E", expected: "Ě"),
        KeysCase(keys: "´ x", expected: "´x"),  // no composition: the symbol, then the letter
        KeysCase(keys: "⇧ ˇ o", expected: "ˇo"),
        KeysCase(keys: "´ ´", expected: "´"),  // twice: the symbol
        KeysCase(keys: "´ ´ o", expected: "´o"),
        KeysCase(keys: "´ space", expected: "'"),  // as the Compose table says
        KeysCase(keys: "´ ⌫ o", expected: "o"),  // backspace cancels the waiting dead key
        KeysCase(keys: "a ´ ⌫ ⌫", expected: ""),
        KeysCase(keys: "´ ⇧ ˇ e", expected: "´ě"),  // another dead key: the first one's symbol
        KeysCase(keys: "AltGr \\ q", expected: "\\q"),  // the latch falls back after one character
        KeysCase(keys: "AltGr AltGr q", expected: "q"),  // a second press releases it
        KeysCase(keys: "⇧ AltGr Ω q", expected: "Ωq"),
        KeysCase(keys: "AltGr ⇧ Ω q", expected: "Ωq"),
        KeysCase(keys: "AltGr ˝ o", expected: "ő"),
        KeysCase(keys: "AltGr ˝ O", expected: "Ő"),
        KeysCase(keys: "AltGr ˝ AltGr ű", expected: "˝ű"),  // a latch between keeps the dead key waiting
        KeysCase(keys: "⇪ a e ⇪ a", expected: "AEa"),
        KeysCase(keys: "⇪ ˇ e ⇪", expected: "Ě"),  // caps lock stays through the dead key
        KeysCase(keys: "⇧ ⇪ a", expected: "a"),  // caps lock releases a one-shot shift
    ]

    @Test("dead keys, latch and caps lock", arguments: cases)
    func keySequence(_ testCase: KeysCase) {
        var typist = Typist(Self.layout)
        typist.type(testCase.keys)
        #expect(typist.text == testCase.expected)
        #expect(typist.session.text == testCase.expected)
        #expect(typist.session.invariantViolations().isEmpty)
    }

    @Test("a composed dead key is one edit that inserts the result")
    func composedEdit() {
        var typist = Typist(Self.layout)
        typist.type("´")
        #expect(typist.edits == [.none])
        #expect(typist.session.pendingDeadKey == 0)
        typist.type("o")
        #expect(typist.edits.last == Edit(deleteCount: 0, insert: "ó", effect: .typed))
        #expect(typist.session.pendingDeadKey == nil)
    }

    @Test("the visible layer follows latch and shift: AltGr shows altgr, with shift altgr-shift")
    func visibleLayers() {
        var session = TypingSession(layout: Self.layout)
        let altgr = Self.layout.layerIndex("altgr")!
        let altgrShift = Self.layout.layerIndex("altgr-shift")!
        let latch = KeyNames.key(named: "AltGr", on: Self.layout.baseLayer, in: Self.layout)!
        let shift = KeyNames.key(named: "⇧", on: Self.layout.baseLayer, in: Self.layout)!
        _ = session.handle(.tap(latch))
        #expect(session.visibleLayer == altgr && session.state.latch == altgr)
        _ = session.handle(.tap(shift))
        #expect(session.visibleLayer == altgrShift)
        #expect(Self.layout.shiftedLayers[Self.layout.baseLayer] == Self.layout.shiftLayer)
    }

    static let planCases: [PlanCase] = [
        PlanCase(text: "q", keys: "q"),
        PlanCase(text: "Q", keys: "⇧ Q"),  // shift + letter: 2 keystrokes
        PlanCase(text: "\\", keys: "AltGr \\"),  // AltGr + key: 2
        PlanCase(text: "Ω", keys: "⇧ AltGr Ω"),  // Shift + AltGr + key: 3
        PlanCase(text: "ó", keys: "´ o"),  // dead key + letter
        PlanCase(text: "Ó", keys: "´ ⇧ O"),  // a level switch between dead key and letter
        PlanCase(text: "ě", keys: "⇧ ˇ e"),
        PlanCase(text: "ő", keys: "AltGr ˝ o"),
        PlanCase(text: "Ű", keys: "⇧ AltGr Ű"),  // the direct key beats AltGr ˝ ⇧ U
        PlanCase(text: "´", keys: "´ ´"),
        PlanCase(text: "'", keys: "´ ␣"),
        PlanCase(text: "QUAX", keys: "⇪ Q U A X"),  // caps lock for a run of capitals
        PlanCase(text: "óx", keys: "´ o x"),
    ]

    @Test("the planner crosses levels and dead keys", arguments: planCases)
    func plan(_ testCase: PlanCase) {
        let plan = KeystrokePlanner(layout: Self.layout).plan(testCase.text)
        #expect(plan.untypeable.isEmpty)
        let names = plan.events.map { KeyNames.name(of: Self.layout.keys[$0.key.rawValue]) }.joined(separator: " ")
        #expect(names == testCase.keys)
        #expect(plan.keystrokes == testCase.keys.split(separator: " ").count)
        #expect(replay(plan.events, on: Self.layout) == testCase.text)
    }

    @Test("a plan over every typeable character, from any state, replays to the text")
    func planReplay() {
        let text = "qQ\\Ω óÓ ěĚ őŐűŰ ä€¢ ´' QUAX óx ÷×œŒ aAeEuU ǔ Éé"
        let planner = KeystrokePlanner(layout: Self.layout)
        let altgr = Self.layout.layerIndex("altgr")!
        for start in [
            SessionState(layer: 0), SessionState(layer: 0, shift: .locked), SessionState(layer: 0, latch: altgr),
        ] {
            let plan = planner.plan(text, from: start)
            #expect(plan.untypeable.isEmpty)
            #expect(replay(plan.events, on: Self.layout, from: start) == text)
        }
    }
}
