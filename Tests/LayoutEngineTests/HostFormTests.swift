import TestSupport
import Testing

@testable import LayoutEngine

/// Edits delete what the host holds: a host with decomposed (pasted) text and a host with
/// precomposed text end with the same letters after the same keys.
struct HostFormTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let layout: String
        let host: String
        let keys: String
        let expected: String
        var testDescription: String {
            let shown = host.unicodeScalars.map { $0.value < 0x80 ? String($0) : $0.codePointName }.joined(
                separator: " ")
            return "\(layout): host [\(shown)] + \(keys) → \(expected)"
        }
    }

    static let cases = [
        Case(layout: "hu-touch", host: "a\u{301}", keys: "⌫", expected: "a"),
        Case(layout: "hu-touch", host: "á", keys: "⌫", expected: "a"),
        Case(layout: "hu-touch", host: "o\u{308}", keys: "˝", expected: "ő"),
        Case(layout: "hu-touch", host: "ö", keys: "˝", expected: "ő"),
        Case(layout: "hu-touch", host: "xa\u{301}", keys: "⌫ ⌫", expected: "x"),
        Case(layout: "hu-touch", host: "e\u{301}a\u{301}", keys: "b ⌫ ⌫ ⌫", expected: "é"),
        Case(layout: "hu-touch", host: "O\u{308}", keys: "˝ ⌫ ´", expected: "Ó"),
        Case(layout: "hu-touch", host: "u\u{30B}", keys: "¨", expected: "ü"),
        Case(layout: "hu-touch", host: "a\u{301}", keys: "k ⌫ ⌫", expected: "a"),
        Case(layout: "cs-touch", host: "u\u{30A}", keys: "⌫", expected: "u"),
        Case(layout: "cs-touch", host: "ů", keys: "⌫", expected: "u"),
        Case(layout: "cs-touch", host: "å", keys: "⌫", expected: ""),
        Case(layout: "cs-touch", host: "a\u{30A}", keys: "⌫", expected: ""),
        Case(layout: "cs-touch", host: "å", keys: "´", expected: "ǻ"),
        Case(layout: "cs-touch", host: "c\u{30C}", keys: "⌫ ˇ", expected: "č"),
        Case(layout: "hu-touch", host: "🇭🇺e\u{301}", keys: "⌫ ⌫ ⌫", expected: ""),
        Case(layout: "hu-touch", host: "\u{212B}", keys: "⌫", expected: ""),
    ]

    @Test(arguments: cases)
    func hostForms(_ testCase: Case) throws {
        let layout = Shipped.layout(testCase.layout)
        var session = TypingSession(layout: layout)
        session.setContext(testCase.host)
        var buffer = TextBuffer(testCase.host)
        for name in testCase.keys.split(separator: " ") {
            for event in try KeyNames.events(for: String(name), in: session) {
                buffer.apply(session.handle(event))
                #expect(session.invariantViolations().isEmpty, "\(session.invariantViolations())")
            }
        }
        #expect(buffer.text.precomposedStringWithCanonicalMapping == testCase.expected)
        #expect(buffer.text.precomposedStringWithCanonicalMapping == session.text)
    }

    @Test("NFC and NFD hosts agree on every accent and backspace sequence over the Hungarian letters")
    func formsAgree() throws {
        let layout = Shipped.layout("hu-touch")
        let letters = ["á", "é", "í", "ó", "ö", "ő", "ú", "ü", "ű", "Á", "Ő", "a", "o", "u"]
        let sequences = ["⌫", "´", "¨", "˝", "⌫ ⌫", "´ ⌫", "˝ ⌫ ⌫", "a ⌫ ⌫ ´"]
        for letter in letters {
            for keys in sequences {
                var results: [String] = []
                for host in ["x" + letter, "x" + letter.decomposedStringWithCanonicalMapping] {
                    var session = TypingSession(layout: layout)
                    session.setContext(host)
                    var buffer = TextBuffer(host)
                    for name in keys.split(separator: " ") {
                        for event in try KeyNames.events(for: String(name), in: session) {
                            buffer.apply(session.handle(event))
                        }
                    }
                    results.append(buffer.text.precomposedStringWithCanonicalMapping)
                    #expect(buffer.text.precomposedStringWithCanonicalMapping == session.text, "\(host) \(keys)")
                }
                #expect(results[0] == results[1], "\(letter) \(keys): NFC host \(results[0]), NFD host \(results[1])")
            }
        }
    }
}
