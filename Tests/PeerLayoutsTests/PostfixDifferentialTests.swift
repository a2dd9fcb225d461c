import Foundation
import LayoutEngine
import Testing

@testable import PeerLayouts

/// Our postfix accents against m17n's latn-post, on what both promise: a letter, then one
/// accent key, gives the accented letter.
@Suite(.enabled(if: latnPostPresent, "needs m17n-db (latn-post.mim)"))
struct PostfixDifferentialTests {
    /// latn-post's key for each of our accents.
    static let keys: [AccentName: String] = [
        .acute: "'", .diaeresis: "\"", .doubleAcute: ":", .caron: "~", .ringAbove: "/",
    ]
    /// Every Hungarian, Czech and Danish letter with a mark or of its own.
    static let letters = Array("áéíóöőúüűčďěňřšťůýžåæø").flatMap { [$0, Character($0.uppercased())] }

    /// Where the two differ by design: our result, latn-post's, for base + the accent key.
    /// ň: latn-post's `~` is the tilde on n (`n~` → ñ) and the caron only when pressed
    /// again (`n~~` → ň); ø: not o with a mark (no decomposition), so no accent of ours
    /// makes it, latn-post's `o/` does; æ: neither in one key (latn-post: `ae/`).
    static let byDesign: [Character: (ours: String?, latnPost: String?)] = [
        "ň": ("ň", "ñ"), "Ň": ("Ň", "Ñ"), "ø": (nil, "ø"), "Ø": (nil, "Ø"), "æ": (nil, nil), "Æ": (nil, nil),
    ]

    /// A layout of ours with the five accents and every letter as a key of its own.
    static func ours() throws -> Layout {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        let texts = (letters + letters.uppercased()).map { KeyDefinition(.text(String($0))) }
        let accentKeys = keys.keys.sorted { $0.rawValue < $1.rawValue }.map { KeyDefinition(.accent($0)) }
        let definition = LayoutDefinition(
            id: "postfix-oracle", name: "oracle", locale: "und",
            geometry: Geometry(widthMm: 100, unitsPerRow: 60, rowPitchMm: 9),
            accents: keys.keys.map { Accent(name: $0) },
            layers: [LayerDefinition(id: "base", rows: [RowDefinition(keys: texts + accentKeys)])])
        return try Layout(definition)
    }

    /// Base letter and accent of a letter, when it is one letter plus one of the five marks.
    static func split(_ letter: Character) -> (base: String, accent: AccentName)? {
        let scalars = Array(String(letter).decomposedStringWithCanonicalMapping.unicodeScalars)
        guard scalars.count == 2, let accent = keys.keys.first(where: { $0.mark == scalars[1] }) else { return nil }
        return (String(scalars[0]), accent)
    }

    @Test("every hu, cs, da letter: base + one accent key gives the same letter on both, but the listed ones")
    func letters() throws {
        let layout = try Self.ours()
        let latnPost = try #require(Peers.latnPost)
        for letter in Self.letters {
            var ours: String?
            var theirs: String?
            if let (base, accent) = Self.split(letter) {
                var session = TypingSession(layout: layout)
                var buffer = TextBuffer()
                buffer.apply(session.handle(.tap(try #require(KeyNames.key(named: base, on: 0, in: layout)))))
                buffer.apply(session.handle(.tap(try #require(KeyNames.key(named: accent.symbol, on: 0, in: layout)))))
                ours = buffer.text
                theirs = typeLabels(latnPost, [base, Self.keys[accent]!])
            } else if letter.lowercased() == "ø" {
                theirs = typeLabels(latnPost, [letter.isUppercase ? "O" : "o", "/"])
            }
            if let expected = Self.byDesign[letter] {
                #expect(ours == expected.ours, "ours, \(letter)")
                #expect(theirs == expected.latnPost, "latn-post, \(letter)")
            } else {
                #expect(ours == String(letter), "ours, \(letter)")
                #expect(theirs == String(letter), "latn-post, \(letter)")
            }
        }
    }

    /// The behaviours that differ by design (the table in docs/peers.md): what hu-touch gives and
    /// what latn-post gives for the same keys.
    static let behaviours:
        [(what: String, context: String, ours: [String], theirs: [String], expected: (String, String))] = [
            ("accent on committed text", "a", ["´"], ["'"], ("á", "a'")),
            ("second accent replaces", "", ["o", "¨", "˝"], ["o", "\"", ":"], ("ő", "ö:")),
            ("same accent twice", "", ["a", "´", "´"], ["a", "'", "'"], ("á´", "a'")),
            ("backspace after an accent", "", ["a", "´", "⌫"], ["a", "'", "⌫"], ("a", "")),
            ("comma after a letter", "", ["a", "123", ","], ["a", ","], ("a,", "ą")),
        ]

    @Test("by design: latn-post never touches committed text, never replaces an accent", arguments: behaviours)
    func behaviour(
        what: String, context: String, ours: [String], theirs: [String], expected: (String, String)
    ) throws {
        let huTouch = try LayoutCatalog.load("hu-touch")
        var session = TypingSession(layout: huTouch)
        session.setContext(context)
        var buffer = TextBuffer(context)
        for name in ours {
            let layer = session.visibleLayer
            let id = try #require(
                KeyNames.key(named: name, on: layer, in: huTouch)
                    ?? huTouch.keys.indices.first { huTouch.keys[$0].label == name && huTouch.keys[$0].layer == layer }
                    .map(KeyID.init))
            buffer.apply(session.handle(.tap(id)))
        }
        #expect(buffer.text == expected.0, "hu-touch: \(what)")
        let latnPost = try #require(Peers.latnPost)
        let labels = theirs.map { $0 == "⌫" ? "⌫" : $0 }
        #expect(typeLabels(latnPost, labels, context: context) == expected.1, "latn-post: \(what)")
    }
}
