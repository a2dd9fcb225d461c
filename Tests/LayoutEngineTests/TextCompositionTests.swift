import Testing

@testable import LayoutEngine

/// A layout's text compositions (`Layout.textCompositions`) in the session and the planner,
/// on a small layout written here: `^` then a vowel is the vowel with a circumflex, `^`
/// then a space is `^`, and `'` then `'` is U+0323 (dot below) on the letter before.
struct TextCompositionTests {
    /// ```
    /// base   a e o x ^ '
    ///        ⇧ ␣ ⌫
    /// ```
    static let layout: Layout = {
        let letters = ["a", "e", "o", "x", "^", "'"].map { KeyDefinition(.text($0)) }
        let definition = LayoutDefinition(
            id: "test-compositions", name: "Test compositions", locale: "fr",
            geometry: Geometry(widthMm: 60, unitsPerRow: 6, rowPitchMm: 9),
            layers: [
                LayerDefinition(
                    id: "base",
                    rows: [
                        RowDefinition(keys: letters),
                        RowDefinition(keys: [KeyDefinition(.shift), KeyDefinition(.space), KeyDefinition(.backspace)]),
                    ])
            ],
            textCompositions: [
                "^": ["a": "â", "e": "ê", "o": "ô", "A": "Â", " ": "^"], "'": ["'": "\u{323}"],
            ])
        return try! Layout(definition)
    }()

    /// A tap of the base layer's key that types `text` (" ": the space bar).
    static func key(_ text: String) -> KeyEvent {
        let index = layout.keys.firstIndex { key in
            key.layer == layout.baseLayer && (key.action == .text(text) || (text == " " && key.action == .space))
        }
        return .tap(KeyID(index!))
    }

    @Test func theSessionReplacesTheGraphemeBefore() {
        var session = TypingSession(layout: Self.layout)
        var buffer = TextBuffer()
        for label in ["x", "^", "e"] { buffer.apply(session.handle(Self.key(label))) }
        #expect(buffer.text == "xê")
        #expect(session.handle(Self.key("^")) == Edit(deleteCount: 0, insert: "^", effect: .typed))
        #expect(session.handle(Self.key(" ")) == Edit(deleteCount: 1, insert: "^", effect: .typed))
        #expect(session.handle(Self.key("x")) == Edit(deleteCount: 0, insert: "x", effect: .typed))
    }

    @Test func marksThatAPairMakesJoinTheLetterBefore() {
        var session = TypingSession(layout: Self.layout)
        var buffer = TextBuffer()
        for label in ["o", "'", "'"] { buffer.apply(session.handle(Self.key(label))) }
        #expect(buffer.text == "ọ")
        session.setContext("^")
        #expect(session.handle(Self.key("o")) == Edit(deleteCount: 1, insert: "ô", effect: .typed))
    }

    @Test(
        "the planner types what a pair makes, and leaves out a text that would compose with the one before",
        arguments: [
            ("xêô ọ ^x", "xêô ọ ^x", 0), ("^e", "^", 1), ("a^ x", "a^x", 1), ("x''", "x'", 1), ("ệ", "ệ", 0),
            ("ộ", "ộ", 0),
        ])
    func planned(_ text: String, _ typed: String, _ untypeable: Int) {
        let plan = KeystrokePlanner(layout: Self.layout).plan(text)
        var session = TypingSession(layout: Self.layout)
        var buffer = TextBuffer()
        for event in plan.events { buffer.apply(session.handle(event)) }
        #expect(buffer.text == typed, "\(plan.description)")
        #expect(plan.untypeable.count == untypeable, "\(plan.untypeable)")
    }

    @Test func aCompositionMustFollowOneGrapheme() {
        let definition = LayoutDefinition(
            id: "bad", name: "Bad", locale: "fr", geometry: Geometry(widthMm: 60, unitsPerRow: 6, rowPitchMm: 9),
            layers: [LayerDefinition(id: "base", rows: [RowDefinition(keys: [KeyDefinition(.text("a"))])])],
            textCompositions: ["ab": ["c": "d"]])
        #expect(throws: LayoutError.self) { try Layout(definition) }
    }
}
