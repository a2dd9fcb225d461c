import TestSupport
import Testing

@testable import LayoutEngine

/// Key sequences and the text they leave, as a person would type them.
struct KeySequenceTests {
    typealias Case = KeysCase

    static let cases: [Case] = [
        // hu-touch: the proposal
        Case(layout: "hu-touch", keys: "a ´", expected: "á"),
        Case(layout: "hu-touch", keys: "o ¨ ˝", expected: "ő"),
        Case(layout: "hu-touch", keys: "O ˝", expected: "Ő"),
        Case(layout: "hu-touch", keys: "A ´", expected: "Á"),
        Case(layout: "hu-touch", keys: "e ´ ⌫", expected: "e"),
        Case(layout: "hu-touch", keys: "e ´ ⌫ ⌫", expected: ""),
        Case(layout: "hu-touch", keys: "´", expected: "´"),
        Case(layout: "hu-touch", keys: "b ´", expected: "b´"),
        Case(layout: "hu-touch", keys: "a space ´", expected: "a ´"),
        Case(layout: "hu-touch", keys: "u ¨", expected: "ü"),
        Case(layout: "hu-touch", keys: "u ¨ ´", expected: "ú"),
        Case(layout: "hu-touch", keys: "u ˝ ¨", expected: "ü"),
        Case(layout: "hu-touch", keys: "o ˝ ˝", expected: "ő˝"),
        Case(layout: "hu-touch", keys: "a ´ ´", expected: "á´"),
        Case(layout: "hu-touch", keys: "i ´", expected: "í"),
        Case(layout: "hu-touch", keys: "o ˝ ⌫", expected: "o"),
        Case(layout: "hu-touch", keys: "o ¨ ˝ ⌫", expected: "o"),
        Case(layout: "hu-touch", keys: "G y o ˝ r", expected: "Győr"),
        Case(layout: "hu-touch", keys: "⇧ ⇧ a b", expected: "AB"),
        Case(layout: "hu-touch", keys: "⇧ ⇧ a ´ ⇧ a", expected: "Áa"),  // the third shift releases caps lock
        Case(layout: "hu-touch", keys: "⇧ ⇧ ⇧ a", expected: "a"),
        Case(layout: "hu-touch", keys: "123 1 ABC ´", expected: "1´"),
        Case(layout: "hu-touch", keys: "o:ő", expected: "ő"),
        Case(layout: "hu-touch", keys: "o: ⌫", expected: "o"),
        Case(layout: "hu-touch", keys: "a ´ ⌫", expected: "", backspace: .grapheme),
        Case(layout: "hu-touch", keys: "a ´ b ⌫ ⌫", expected: "a"),
        Case(layout: "hu-touch", keys: "return ´", expected: "\n´"),
        Case(layout: "hu-touch", keys: "⌫", expected: ""),
        // cs-touch: the iPhone's Czech keyboard
        Case(layout: "cs-touch", keys: "c ˇ", expected: "č"),
        Case(layout: "cs-touch", keys: "u ˇ", expected: "ů"),
        // The ring is not a cs-touch accent: only the override's ů loses it to backspace.
        Case(layout: "cs-touch", keys: "a:å ´", expected: "ǻ"),
        Case(layout: "cs-touch", keys: "a:å ⌫", expected: ""),
        Case(layout: "cs-touch", keys: "u ˇ ⌫", expected: "u"),
        Case(layout: "cs-touch", keys: "u ˇ ´", expected: "ú"),
        Case(layout: "cs-touch", keys: "a:ä ⌫", expected: ""),
        Case(layout: "cs-touch", keys: "U ˇ", expected: "Ů"),
        Case(layout: "cs-touch", keys: "u ˇ ⌫", expected: "u"),
        Case(layout: "cs-touch", keys: "e ˇ", expected: "ě"),
        Case(layout: "cs-touch", keys: "d ˇ", expected: "ď"),
        Case(layout: "cs-touch", keys: "t ˇ", expected: "ť"),
        Case(layout: "cs-touch", keys: "c ˇ ⌫", expected: "c"),
        Case(layout: "cs-touch", keys: "y ´", expected: "ý"),
        Case(layout: "cs-touch", keys: "u ´ ˇ", expected: "ů"),
        Case(layout: "cs-touch", keys: "u ˇ ´", expected: "ú"),
        Case(layout: "cs-touch", keys: "C ˇ", expected: "Č"),
        Case(layout: "cs-touch", keys: "w ˇ", expected: "wˇ"),
        Case(layout: "cs-touch", keys: "k ˇ", expected: "ǩ"),  // Unicode has the letter: rule 1
        // long-press only layouts
        Case(layout: "hu-ios", keys: "o:ő", expected: "ő"),
        Case(layout: "hu-ios", keys: "O:Ő", expected: "Ő"),
        Case(layout: "hu-ios", keys: "a:á ⌫", expected: ""),  // no accent keys, so no accent marks to take off
        Case(layout: "hu-extended", keys: "ő", expected: "ő"),
        Case(layout: "hu-extended", keys: "Ű", expected: "Ű"),
        Case(layout: "da-touch", keys: "å ø æ", expected: "åøæ"),
        Case(layout: "da-touch", keys: "Å", expected: "Å"),
        Case(layout: "da-touch", keys: "ø ⌫", expected: ""),
    ]

    @Test(arguments: cases)
    func keySequence(_ testCase: Case) {
        var typist = Typist(Shipped.layout(testCase.layout), backspace: testCase.backspace)
        typist.type(testCase.keys)
        #expect(scalars(typist.text) == scalars(testCase.expected), "the host holds NFC")
        #expect(scalars(typist.session.text) == scalars(testCase.expected), "the session's own context agrees")
        #expect(typist.session.invariantViolations().isEmpty)
    }

    @Test("hu-touch: backspace takes the accent off text the session did not type")
    func backspaceOnPastedText() {
        var session = TypingSession(layout: Shipped.layout("hu-touch"))
        session.setContext("Győ")
        let backspace = KeyNames.key(named: "⌫", on: session.visibleLayer, in: session.layout)!
        let edit = session.handle(.tap(backspace))
        #expect(edit == Edit(deleteCount: 1, insert: "o", effect: .accentRemoved))
        #expect(session.text == "Gyo")
        session.setContext("a\u{301}")  // NFD given by the host: both of its scalars go, "a" comes back
        #expect(session.handle(.tap(backspace)) == Edit(deleteCount: 2, insert: "a", effect: .accentRemoved))
        session.setContext("à")  // grave is not one of hu-touch's accents
        #expect(session.handle(.tap(backspace)) == Edit(deleteCount: 1, insert: "", effect: .graphemeDeleted))
        session.setContext("👩‍👩‍👧")
        #expect(session.handle(.tap(backspace)).deleteCount == 5)
        #expect(session.text == "")
        session.setContext("x\r\n")
        #expect(session.handle(.tap(backspace)).deleteCount == 2)
        #expect(session.text == "x")
    }

    @Test("edits say what happened, for hosts that explain it")
    func editEffects() {
        var typist = Typist(Shipped.layout("hu-touch"))
        typist.type("o ¨ ˝ ⌫ ⌫ ´")
        let acute = typist.session.layout.accents.firstIndex { $0.name == .acute }!
        let doubleAcute = typist.session.layout.accents.firstIndex { $0.name == .doubleAcute }!
        let diaeresis = typist.session.layout.accents.firstIndex { $0.name == .diaeresis }!
        #expect(
            typist.edits.map(\.effect) == [
                .typed, .accentAdded(diaeresis), .accentReplaced(doubleAcute), .accentRemoved, .graphemeDeleted,
                .accentSymbol(acute),
            ])
        #expect(typist.edits[2] == Edit(deleteCount: 1, insert: "ő", effect: .accentReplaced(doubleAcute)))
    }
}

extension KeySequenceTests {
    @Test("hu-touch: an accent after a spacing accent types its own symbol (¨ ´ → ¨´, not ΅)")
    func accentAfterSymbol() {
        var typist = Typist(Shipped.layout("hu-touch"))
        typist.type("123 , ABC ¨ ´")
        #expect(scalars(typist.text) == scalars(",¨´"))
    }
}
