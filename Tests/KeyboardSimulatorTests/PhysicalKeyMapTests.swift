import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// Which on-screen key a character typed on a US keyboard presses, and the hints drawn.
struct PhysicalKeyMapTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let layout: String
        let typed: Character
        let pressed: String?
        var testDescription: String { "\(layout): \(typed) presses \(pressed ?? "nothing")" }
    }

    static let cases: [Case] = [
        Case(layout: "hu-touch", typed: ";", pressed: "´"),
        Case(layout: "hu-touch", typed: "'", pressed: "¨"),
        Case(layout: "hu-touch", typed: "[", pressed: "˝"),
        Case(layout: "hu-touch", typed: "]", pressed: nil),
        Case(layout: "hu-touch", typed: "z", pressed: "z"),
        Case(layout: "hu-touch", typed: "y", pressed: "y"),
        Case(layout: "hu-touch", typed: "`", pressed: "123"),
        Case(layout: "hu-touch", typed: " ", pressed: "space"),
        Case(layout: "hu-touch", typed: "\n", pressed: "return"),
        Case(layout: "hu-touch", typed: "ő", pressed: nil),
        Case(layout: "hu-touch", typed: "´", pressed: "´"),
        Case(layout: "hu-touch", typed: "˝", pressed: "˝"),
        Case(layout: "hu-touch", typed: ",", pressed: nil),
        Case(layout: "hu-touch", typed: "/", pressed: nil),
        Case(layout: "cs-touch", typed: ";", pressed: "´"),
        Case(layout: "cs-touch", typed: ",", pressed: nil),
        Case(layout: "cs-touch", typed: ".", pressed: nil),
        Case(layout: "cs-touch", typed: "'", pressed: "ˇ"),
        Case(layout: "cs-touch", typed: "ˇ", pressed: "ˇ"),
        Case(layout: "cs-touch", typed: "´", pressed: "´"),
        Case(layout: "cs-touch", typed: "[", pressed: nil),
        Case(layout: "da-touch", typed: "[", pressed: "å"),
        Case(layout: "da-touch", typed: ";", pressed: "æ"),
        Case(layout: "da-touch", typed: "'", pressed: "ø"),
        Case(layout: "da-touch", typed: "ø", pressed: "ø"),
        Case(layout: "hu-extended", typed: "é", pressed: "é"),
        Case(layout: "hu-ios", typed: ";", pressed: nil),
    ]

    @Test(arguments: cases)
    func basePress(_ testCase: Case) {
        let layout = Shipped.layout(testCase.layout)
        let map = PhysicalKeyMap(layout: layout, layer: layout.baseLayer)
        #expect(map.key(for: testCase.typed).map { layout.keys[$0.rawValue].label } == testCase.pressed)
    }

    @Test("hu-touch hints: ´ on ;, ¨ on ', ˝ on [, 123 on `; no hint on letters")
    func huTouchHints() {
        let layout = Shipped.huTouch
        let map = PhysicalKeyMap(layout: layout, layer: layout.baseLayer)
        let hints = Dictionary(uniqueKeysWithValues: map.hints.map { (layout.keys[$0.key.rawValue].label, $0.value) })
        #expect(hints == ["´": ";", "¨": "'", "˝": "[", "123": "`"])
    }

    @Test("on the number layer, ; types ; (a key of its own), \\ presses #+= and ` presses ABC")
    func numberLayer() {
        let layout = Shipped.huTouch
        let numbers = layout.layerIndex("numbers")!
        let map = PhysicalKeyMap(layout: layout, layer: numbers)
        let label = { (c: Character) in map.key(for: c).map { layout.keys[$0.rawValue].label } }
        #expect(label(";") == ";")
        #expect(label("\\") == "#+=")
        #expect(label("`") == "ABC")
        #expect(label("q") == nil)
    }

    @Test("cs-touch hints: ´ on ;, ˇ on ' (the US , right of m types a comma), 123 on `")
    func csTouchHints() {
        let layout = Shipped.layout("cs-touch")
        let map = PhysicalKeyMap(layout: layout, layer: layout.baseLayer)
        let hints = Dictionary(uniqueKeysWithValues: map.hints.map { (layout.keys[$0.key.rawValue].label, $0.value) })
        #expect(hints == ["´": ";", "ˇ": "'", "123": "`"])
    }

    @Test("on the symbol layer, ; is not taken by • (a symbol, not a letter): it types ;")
    func symbolLayer() {
        let layout = Shipped.huTouch
        let map = PhysicalKeyMap(layout: layout, layer: layout.layerIndex("symbols")!)
        #expect(map.key(for: ";") == nil)
        #expect(map.hints.keys.allSatisfy { if case .layer = layout.keys[$0.rawValue].action { true } else { false } })
    }

    @Test("a layout file of one's own: accent keys at letter places get the nearest free US key")
    func customAccentKeys() {
        let layout = Custom.layout(
            id: "mine",
            rows: #"""
                [{"keys": [{"text": "q"}, {"accent": "acute"}, {"text": "e"}, {"text": "r"}]},
                 {"keys": [{"text": "a"}, {"text": "s"}, {"accent": "caron"}]},
                 {"keys": [{"action": "shift"}, {"text": "z"}, {"text": ","}, {"action": "backspace"}]},
                 {"keys": [{"action": "space", "width": 5}]}]
                """#,
            accents: #"[{"name": "acute"}, {"name": "caron"}]"#)
        let map = PhysicalKeyMap(layout: layout, layer: layout.baseLayer)
        let hints = Dictionary(uniqueKeysWithValues: map.hints.map { (layout.keys[$0.key.rawValue].label, $0.value) })
        #expect(hints.keys.sorted() == ["´", "ˇ"], "\(hints)")
        #expect(
            hints.values.allSatisfy { PhysicalKeyboard.letterPlaces.contains(Character($0)) || $0 == "." || $0 == "/" })
        for (label, hint) in hints {
            #expect(map.key(for: Character(hint)).map { layout.keys[$0.rawValue].label } == label)
        }
        #expect(map.key(for: ",").map { layout.keys[$0.rawValue].label } == ",")
    }

    @Test("the US rows by position")
    func usRows() {
        #expect(PhysicalKeyboard.place(ofXKBName: "AD11")! == (0, 10))
        #expect(PhysicalKeyboard.place(ofXKBName: "AC10")! == (1, 9))
        #expect(PhysicalKeyboard.place(ofXKBName: "AB01")! == (2, 0))
        #expect(PhysicalKeyboard.place(ofXKBName: "AE12") == nil)
        #expect(PhysicalKeyboard.place(ofXKBName: "accent.acute") == nil)
        #expect(PhysicalKeyboard.usKey(row: 1, column: 9) == ";")
        #expect(PhysicalKeyboard.position(of: "[")! == (0, 10))
        #expect(PhysicalKeyboard.position(of: "/")! == (2, 9))
        #expect(PhysicalKeyboard.usKey(row: 3, column: 0) == nil)
    }
}
