import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// The embedded word lists hold only words a typist of the language types: every shipped
/// layout of that language types every word (no emoji, `♪` or `°` that would show as
/// untypeable on every layout alike).
@Suite("Embedded word lists")
struct EmbeddedWordListTests {
    /// The shipped layouts whose locale is of `language`.
    static func layouts(of language: String) -> [Layout] {
        LayoutCatalog.shippedIDs().map(Shipped.layout).filter {
            $0.locale.split(separator: "-").first.map(String.init)?.lowercased() == language
        }
    }

    /// Languages whose list serves only the model check of `Layouts/model-check/` (lower
    /// case, no punctuation), with no shipped layout.
    static let modelCheckOnly: Set<String> = ["en"]

    @Test("every shipped layout of the language types every word of its list", arguments: EmbeddedWordLists.locales)
    func typeable(_ language: String) throws {
        let list = try #require(EmbeddedWordLists.list(for: language))
        #expect(list.entries.count == 5000)
        let layouts = Self.layouts(of: language)
        #expect(!layouts.isEmpty || Self.modelCheckOnly.contains(language), "no shipped layout for \(language)")
        let comparison = Comparison(layouts: layouts, model: .keystrokes)
        let report = try comparison.run(.wordList(list, description: language), workers: 2)
        for result in report.results {
            let untypeable = result.tally.untypeable.keys.sorted()
            #expect(untypeable.isEmpty, "\(result.layout.id) cannot type \(untypeable)")
        }
    }

    @Test("words of letters, marks and punctuation only", arguments: EmbeddedWordLists.locales)
    func characters(_ language: String) throws {
        let list = try #require(EmbeddedWordLists.list(for: language))
        let odd = list.entries.map(\.word).filter { word in
            word.unicodeScalars.contains { scalar in
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation, .dashPunctuation,
                    .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
                    return false
                default: return true
                }
            }
        }
        #expect(odd.isEmpty, "\(odd)")
    }
}
