import TestSupport
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
    static let layout = Layout.built(
        LayoutDefinition(
            id: "test-compositions", name: "Test compositions", locale: "fr",
            geometry: Geometry(widthMm: 60, unitsPerRow: 6, rowPitchMm: 9),
            layers: [
                LayerDefinition(
                    "base",
                    [
                        ["a", "e", "o", "x", "^", "'"].map { KeyDefinition(.text($0)) },
                        [KeyDefinition(.shift), KeyDefinition(.space), KeyDefinition(.backspace)],
                    ])
            ],
            textCompositions: ["^": ["a": "â", "e": "ê", "o": "ô", "A": "Â", " ": "^"], "'": ["'": "\u{323}"]]))

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
        // After á, the dot below goes before the acute: the context stays NFD.
        session.setContext("x\u{E1}'")
        #expect(session.handle(Self.key("'")) == Edit(deleteCount: 2, insert: "\u{1EA1}\u{301}", effect: .typed))
        #expect(session.invariantViolations().isEmpty, "\(session.invariantViolations())")
        #expect(session.text == "x\u{1EA1}\u{301}")
    }

    @Test(
        "the planner types what a pair makes, and leaves out a text that would compose with the one before",
        arguments: [
            ("xêô ọ ^x", "xêô ọ ^x", 0), ("^e", "^", 1), ("a^ x", "a^x", 1), ("x''", "x'", 1), ("ệ", "ệ", 0),
            ("ộ", "ộ", 0),
        ])
    func planned(_ text: String, _ typed: String, _ untypeable: Int) {
        let plan = KeystrokePlanner(layout: Self.layout).plan(text)
        let replayed = replay(plan.events, on: Self.layout)
        #expect(replayed == typed, "\(plan.description)")
        #expect(plan.untypeable.count == untypeable, "\(plan.untypeable)")
    }

    /// A key whose text is a combining mark joins the letter before: the host gets the
    /// letter replaced by the NFC result, so backspace deletes what the host holds (it had
    /// kept `e` after `e`, the acute key and backspace).
    @Test func aKeyTypingAMarkReplacesTheLetterBefore() throws {
        let keys = ["e", "a", "\u{301}", "\u{323}"].map { KeyDefinition(.text($0)) } + [KeyDefinition(.backspace)]
        let layout = try Layout(
            LayoutDefinition(
                id: "test-marks", name: "Test marks", locale: "pcm",
                geometry: Geometry(widthMm: 60, unitsPerRow: 5, rowPitchMm: 9),
                policies: Policies(backspace: .grapheme),
                layers: [LayerDefinition(id: "base", rows: [RowDefinition(keys: keys)])]))
        func tap(_ index: Int) -> KeyEvent { .tap(KeyID(index)) }
        var session = TypingSession(layout: layout)
        var host = TextBuffer()
        for index in [0, 2] { host.apply(session.handle(tap(index))) }
        #expect(host.scalars == ["\u{E9}"])
        // The dot below goes before the acute, in the context and the host's NFC.
        #expect(session.handle(tap(3)) == Edit(deleteCount: 1, insert: "\u{1EB9}\u{301}", effect: .typed))
        host = TextBuffer("\u{1EB9}\u{301}")
        #expect(session.invariantViolations().isEmpty, "\(session.invariantViolations())")
        host.apply(session.handle(tap(4)))
        #expect(host.text == "" && session.text == "")
        host.apply(session.handle(tap(2)))
        #expect(host.text == "\u{301}" && session.text == "\u{301}")
    }

    @Test func aCompositionMustFollowOneGrapheme() {
        let definition = LayoutDefinition(
            id: "bad", name: "Bad", locale: "fr", geometry: Geometry(widthMm: 60, unitsPerRow: 6, rowPitchMm: 9),
            layers: [LayerDefinition(id: "base", rows: [RowDefinition(keys: [KeyDefinition(.text("a"))])])],
            textCompositions: ["ab": ["c": "d"]])
        #expect(throws: LayoutError.self) { try Layout(definition) }
    }
}
