import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// The non-interactive simulator's trace and text, and the words for edits.
struct KeyScriptTests {
    @Test("a ´ l m a: one trace line per event, then álma")
    func trace() throws {
        var script = KeyScript(layout: Shipped.huTouch)
        let lines = try script.press(names: "a ´ l m a")
        #expect(
            lines == [
                "a  → insert \"a\"", "´  → replace 1 with \"á\"", "l  → insert \"l\"", "m  → insert \"m\"",
                "a  → insert \"a\"",
            ])
        #expect(script.text == "álma")
    }

    @Test("state keys, backspace, long-press and capitals in the trace")
    func stateKeys() throws {
        var script = KeyScript(layout: Shipped.huTouch)
        let lines = try script.press(names: "A ⌫ ⌫ 123 ABC ⇧ ⇧ ⇧ o:ő bksp")
        #expect(
            lines == [
                "⇧  → shift on", "A  → insert \"A\"", "⌫  → delete 1", "⌫  → nothing to delete",
                "123 → layer numbers", "ABC → layer base", "⇧  → shift on", "⇧  → caps lock", "⇧  → shift off",
                "o:ő → insert \"ő\"", "⌫  → replace 1 with \"o\"",
            ])
        #expect(script.text == "o")
        #expect(script.keystrokes == 12)
    }

    @Test("an unknown key name throws with the valid names")
    func unknownName() {
        var script = KeyScript(layout: Shipped.huTouch)
        #expect(throws: KeyNames.UnknownKeyName.self) { try script.press(names: "a ő") }
        var fresh = KeyScript(layout: Shipped.huTouch)
        do throws(KeyNames.UnknownKeyName) {
            _ = try fresh.press("ő")
            Issue.record("ő resolved on hu-touch's base layer")
        } catch {
            #expect(error.validNames.contains("˝"))
        }
    }

    @Test("--text Győr takes ⇧ G y o ˝ r")
    func plannedText() {
        var script = KeyScript(layout: Shipped.huTouch)
        let (trace, untypeable) = script.type(text: "Győr")
        #expect(trace.map { String($0.prefix { $0 != " " }) } == ["⇧", "G", "y", "o", "˝", "r"])
        #expect(untypeable.isEmpty)
        #expect(script.text == "Győr")
    }

    @Test("untypeable graphemes are reported and left out")
    func untypeable() {
        var script = KeyScript(layout: Shipped.layout("hu-ios"))
        let (_, untypeable) = script.type(text: "a😀b")
        #expect(untypeable.map(\.grapheme) == ["😀"])
        #expect(script.text == "ab")
    }

    struct DescriptionCase: CustomTestStringConvertible, Sendable {
        let keys: String
        let expected: String
        var testDescription: String { "\(keys) → \(expected)" }
    }

    static let descriptions: [DescriptionCase] = [
        DescriptionCase(keys: "a", expected: "a → a"),
        DescriptionCase(keys: "a ´", expected: "a ´ → á (accent added)"),
        DescriptionCase(keys: "o ¨ ˝", expected: "ö ˝ → ő (accent replaced)"),
        DescriptionCase(keys: "´", expected: "´ → ´ (no letter takes it: symbol typed)"),
        DescriptionCase(keys: "a ´ ⌫", expected: "á ⌫ → a (accent removed)"),
        DescriptionCase(keys: "b ⌫", expected: "b ⌫ → deleted"),
        DescriptionCase(keys: "␣", expected: "␣ → ␣"),
        DescriptionCase(keys: "o:ő", expected: "o:ő → ő (long-press)"),
        DescriptionCase(keys: "⇧ ⇧", expected: "⇧ → caps lock"),
    ]

    @Test("last-edit descriptions", arguments: descriptions)
    func describe(_ testCase: DescriptionCase) throws {
        var session = TypingSession(layout: Shipped.huTouch)
        var buffer = TextBuffer()
        var description = ""
        for name in testCase.keys.split(separator: " ") {
            for event in try KeyNames.events(for: String(name), in: session) {
                let edit = session.handle(event)
                let removed = String(String.UnicodeScalarView(buffer.scalars.suffix(edit.deleteCount)))
                buffer.apply(edit)
                description = EditDescription.describe(
                    event, edit: edit, removed: removed, state: session.state, in: session.layout)
            }
        }
        #expect(description == testCase.expected)
    }
}
