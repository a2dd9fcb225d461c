import LayoutEngine
import TestSupport
import Testing

/// The examples a legend gives for each accent key: the layout's own letters.
struct AccentExampleTests {
    @Test(
        "each accent key's examples are letters of the base layer, the language's own, and what the accent makes",
        arguments: [
            ("hu-touch", "doubleAcute", "u ű o ő"), ("hu-touch", "acute", "e é"), ("hu-touch", "diaeresis", "u ü o ö"),
            ("cs-touch", "caron", "e ě z ž"), ("cs-touch", "acute", "e é"),
        ])
    func examples(_ id: String, _ accent: String, _ expected: String) throws {
        let layout = Shipped.layout(id)
        let index = try #require(layout.accents.firstIndex { $0.name.rawValue == accent })
        let limit = expected.split(separator: " ").count / 2
        let examples = layout.accentExamples(index, limit: limit).map { "\($0.letter) \($0.accented)" }.joined(
            separator: " ")
        #expect(examples == expected)
    }

    @Test("every accent of every shipped layout has an example the session types with the accent key")
    func typedBySession() throws {
        for id in Shipped.ids {
            let layout = Shipped.layout(id)
            for index in layout.accents.indices {
                let example = try #require(layout.accentExamples(index).first, "\(id): accent \(index)")
                let letter = try #require(
                    layout.keys.firstIndex { $0.action == .text(example.letter) && $0.layer == layout.baseLayer })
                let accentKey = try #require(layout.keys.firstIndex { $0.action == .accent(index) })
                var session = TypingSession(layout: layout)
                var host = TextBuffer()
                host.apply(session.handle(.tap(KeyID(letter))))
                host.apply(session.handle(.tap(KeyID(accentKey))))
                #expect(host.text == example.accented, "\(id): \(example)")
            }
        }
        #expect(Shipped.layout("hu-ios").accentExamples(0).isEmpty)
    }
}
