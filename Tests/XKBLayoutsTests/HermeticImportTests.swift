import LayoutEngine
import TestSupport
import Testing
import XKBLayouts

/// The import of a keymap compiled from a string and a Compose table from a buffer, both
/// fixtures of these tests: nothing here reads the machine's XKB files.
struct HermeticImportTests {
    @Test("the mini keymap becomes four levels and two Caps Lock layers on the ISO geometry, as recorded")
    func layers() throws {
        let imported = try Fixtures.miniLayout()
        let layout = imported.layout
        #expect(layout.layers.map(\.id) == ["base", "shift", "caps", "altgr", "altgr-shift", "altgr-caps"])
        // Caps Lock leaves the digits and the dead keys (FOUR_LEVEL keys), capitalizes letters.
        #expect(layout.lockedLayers[layout.baseLayer] == layout.layerIndex("caps"))
        #expect(layout.lockedLayers[layout.layerIndex("altgr")!] == layout.layerIndex("altgr-caps"))
        #expect(layout.platform == .hardware)
        #expect(layout.geometry.widthMm == 285.75 && layout.geometry.rowPitchMm == 19.05)
        #expect(layout.geometry.keyUnitMm == 19.05)
        #expect(layout.deadKeys.map(\.name) == ["dead_acute", "dead_doubleacute", "dead_caron"])
        #expect(layout.deadKeys.map(\.symbol) == ["´", "˝", "ˇ"])
        goldenFiles.check(dump(layout), "mini-hu.txt")
    }

    @Test("ISO positions: a after Caps Lock (1.75), space after Ctrl, Win and Alt (3.75), the ISO Enter")
    func positions() throws {
        let layout = try Fixtures.miniLayout().layout
        let base = layout.baseLayer
        let a = KeyNames.key(named: "a", on: base, in: layout)!
        #expect(layout.keys[a.rawValue].x == 1.75 && layout.keys[a.rawValue].row == 2)
        let space = KeyNames.key(named: "space", on: base, in: layout)!
        #expect(layout.keys[space.rawValue].x == 3.75 && layout.keys[space.rawValue].width == 6.25)
        let enter = KeyNames.key(named: "return", on: base, in: layout)!
        #expect(layout.keys[enter.rawValue].x == 13.5 && layout.keys[enter.rawValue].row == 1)
        let altGr = KeyNames.key(named: "AltGr", on: base, in: layout)!
        #expect(layout.keys[altGr.rawValue].x == 10)
    }

    @Test("each engine key knows its physical key")
    func keycodes() throws {
        let imported = try Fixtures.miniLayout()
        let layout = imported.layout
        #expect(imported.keycodes.count == layout.keys.count)
        for (name, keycode): (String, UInt32) in [("a", 38), ("ő", 34), ("q", 24), ("´", 35), ("⇧", 50)] {
            let key = KeyNames.key(named: name, on: layout.baseLayer, in: layout)!
            #expect(imported.keycodes[key.rawValue] == keycode, "\(name)")
        }
        #expect(imported.shiftKeycode == 50 && imported.levelThreeKeycode == 108)
    }

    typealias Case = KeysCase

    static let cases = [
        Case(keys: "´ o", expected: "ó"),
        Case(keys: "´ O", expected: "Ó"),
        Case(keys: "⇧ ˝ o", expected: "ő"),
        Case(keys: "⇧ ˝ U", expected: "Ű"),
        Case(keys: "AltGr ˇ u", expected: "ů"),  // the cs_CZ-style override in the fixture table
        Case(keys: "AltGr ˇ C", expected: "Č"),
        Case(keys: "´ n", expected: "´n"),  // no composition: symbol, then the letter (see DeadKeyCrossCheckTests)
        Case(keys: "´ ´", expected: "´"),
        Case(keys: "⇧ ˝ ⇧ ˝", expected: "˝"),
        Case(keys: "´ space", expected: "'"),
        Case(keys: "´ ⌫ a", expected: "a"),
        Case(keys: "AltGr \\", expected: "\\"),
        Case(keys: "AltGr ÷", expected: "÷"),
        Case(keys: "AltGr ×", expected: "×"),
        Case(keys: "AltGr € e", expected: "€e"),
        Case(keys: "⇪ a o ⇪ a", expected: "AOa"),
        Case(keys: "⇪ 1 ´ a ⇪", expected: "1Á"),  // Caps Lock: digits and dead keys stay, letters are capitals
        Case(keys: "⇪ AltGr O", expected: "O"),  // AltGr on the o key types o, with Caps Lock O
        Case(keys: "ő O", expected: "őO"),
        Case(keys: "a ⌫", expected: ""),
    ].map { $0.on("xkb:mini") }

    @Test(arguments: cases)
    func keySequence(_ testCase: Case) throws {
        let layout = try Fixtures.miniLayout().layout
        #expect(type(testCase.keys, on: layout) == testCase.expected)
    }

    struct CountCase: CustomTestStringConvertible, Sendable {
        let text: String
        let keystrokes: Int
        var testDescription: String { "xkb:mini: \(text.debugDescription) in \(keystrokes) keystrokes" }
    }

    static let planCases = [
        CountCase(text: "a", keystrokes: 1), CountCase(text: "A", keystrokes: 2), CountCase(text: "ő", keystrokes: 1),
        CountCase(text: "ó", keystrokes: 2), CountCase(text: "Ó", keystrokes: 3), CountCase(text: "\\", keystrokes: 2),
        CountCase(text: "ů", keystrokes: 3), CountCase(text: "Č", keystrokes: 4),
        CountCase(text: "Ű", keystrokes: 4),  // ⇧ ˝ ⇧ U: Caps Lock leaves the dead keys as they are
        CountCase(text: "ű", keystrokes: 3), CountCase(text: "´", keystrokes: 2),
        CountCase(text: "AOUNCE", keystrokes: 7),
    ]

    @Test("the planner counts levels and dead keys", arguments: planCases)
    func plan(_ testCase: CountCase) throws {
        let layout = try Fixtures.miniLayout().layout
        let plan = KeystrokePlanner(layout: layout).plan(testCase.text)
        #expect(plan.untypeable.isEmpty)
        #expect(plan.keystrokes == testCase.keystrokes)
        #expect(replay(plan.events, on: layout) == testCase.text)
    }

    @Test("a keymap that does not compile is an error naming its source")
    func brokenKeymap() throws {
        let context = try XKBContext(includePaths: [])
        #expect(throws: XKBError.invalidKeymap(source: "broken.xkb")) {
            try XKBKeymap(string: "xkb_keymap { nonsense", source: "broken.xkb", context: context)
        }
    }

    @Test("with no xkeyboard-config in the include path, the error names the folders searched")
    func missingKeyboardConfig() throws {
        let context = try XKBContext(includePaths: ["/nonexistent/xkb"])
        do {
            _ = try XKBKeymap(names: XKBLayoutName(layout: "hu"), context: context)
            Issue.record("compiled without xkeyboard-config")
        } catch {
            #expect(error == .missingKeyboardConfig(lookedIn: ["/nonexistent/xkb"]))
            #expect(error.description.contains("xkb-data") && error.description.contains("/nonexistent/xkb"))
        }
    }
}
