import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// Foundation's normalization, which the engine does not use on its hot path, as the oracle.
struct UnicodeOracleTests {
    static let layoutsWithAccents = Shipped.ids.filter { !Shipped.layout($0).accents.isEmpty }

    @Test(
        "every precomposed Latin letter U+00C0–U+024F that is base + a layout mark: base + accent, then backspace",
        arguments: layoutsWithAccents)
    func precomposedLatin(_ id: String) throws {
        let layout = Shipped.layout(id)
        var checked = 0
        for value in 0xC0...0x24F {
            let scalar = try #require(Unicode.Scalar(value))
            let letter = String(Character(scalar))
            let nfd = Array(letter.decomposedStringWithCanonicalMapping.unicodeScalars)
            guard nfd.count == 2, let accent = layout.accents.firstIndex(where: { $0.mark == nfd[1] }) else { continue }
            let base = String(Character(nfd[0]))
            if layout.accents[accent].overrides.contains(where: { $0.base == base }) { continue }
            let accentKey = try #require(layout.keys.indices.first { layout.keys[$0].action == .accent(accent) })
            let backspace = try #require(layout.keys.indices.first { layout.keys[$0].action == .backspace })
            var session = TypingSession(layout: layout)
            var buffer = TextBuffer(base)
            session.setContext(base)
            buffer.apply(session.handle(.tap(KeyID(accentKey))))
            #expect(buffer.text == letter, "\(id): \(base) + \(layout.accents[accent].name)")
            #expect(session.context == nfd)
            buffer.apply(session.handle(.tap(KeyID(backspace))))
            #expect(buffer.text == base, "\(id): \(letter) ⌫")
            checked += 1
        }
        #expect(checked >= 20, "\(id) checked \(checked) letters")
    }

    @Test("the generated composition table agrees with Foundation for every pair")
    func compositionTable() {
        for (first, mark, composed) in canonicalCompositionPairs {
            var view = String.UnicodeScalarView()
            view.append(Unicode.Scalar(first)!)
            view.append(Unicode.Scalar(mark)!)
            #expect(String(view).precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) == [composed])
        }
    }

    @Test("per-grapheme NFC and NFD agree with Foundation")
    func graphemeNormalization() {
        let samples = ["ǘ", "ő", "ậ", "ą́", "e\u{327}\u{301}", "😀", "한", "Å", "Ω", "ṩ", "q\u{307}\u{323}"]
        for sample in samples {
            for character in sample {
                let nfd = CanonicalComposition.decomposed(character)
                #expect(nfd == Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars))
                #expect(CanonicalComposition.composed(nfd) == String(character).precomposedStringWithCanonicalMapping)
            }
        }
    }
}
