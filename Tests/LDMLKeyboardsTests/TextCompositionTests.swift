import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutExport
import TestSupport
import Testing

/// Transforms of typed text (fr-t-k0-test's `^` then `e` is `ê`; pcm's `'` then `'` is a
/// dot below) are the layout's text compositions: the planner types what they make as
/// their keys, and never types a text right after one it would compose with. Every plan is
/// replayed through the keyboard's own session (`typingLayout`).
@Suite("planning through transforms of typed text")
struct TextCompositionTests {
    static let layouts: [String: Layout] = ["fr-t-k0-test", "pcm"].reduce(into: [:]) {
        $0[$1] = try? LDMLLoader.shipped($1).typingLayout(id: "cldr:" + $1)
    }

    @Test("the pairs are found by typing them")
    func found() throws {
        let french = try #require(Self.layouts["fr-t-k0-test"])
        #expect(french.textCompositions["^"]?["e"] == "ê")
        #expect(french.textCompositions["^"]?["O"] == "Ô")
        #expect(french.textCompositions["^"]?[" "] == "^")
        #expect(french.textCompositions["e"] == nil)
        let pidgin = try #require(Self.layouts["pcm"])
        #expect(pidgin.textCompositions["'"]?["'"] == "\u{323}")
        #expect(try LDMLLoader.shipped("mt").typingLayout(id: "cldr:mt").textCompositions.isEmpty)
    }

    @Test(
        "what the pairs make is planned as its keys, and the plan types the text",
        arguments: [
            ("fr-t-k0-test", "fenêtre, hôte, forêt", 0), ("fr-t-k0-test", "Île ^x", 0), ("pcm", "ạ ẹ̀ ọ́ ị", 0),
            ("pcm", "dọ' 'a", 0),
        ])
    func planned(_ id: String, _ text: String, _ untypeable: Int) throws {
        let layout = try #require(Self.layouts[id])
        let (plan, typed) = roundTrip(text, on: layout)
        #expect(plan.untypeable.count == untypeable, "\(plan.untypeable)")
        #expect(typed == text, "\(plan.description)")
    }

    /// `^e` cannot stay as typed: the `e` after `^` is left out (it had been typed, making `ê`).
    @Test(
        "a text that composes with the grapheme before is left out, not typed into something else",
        arguments: [
            ("fr-t-k0-test", "^e", "^", 1), ("fr-t-k0-test", "a^ b", "a^b", 1), ("pcm", "a''b", "a'b", 1),
        ])
    func leftOut(_ id: String, _ text: String, _ expected: String, _ untypeable: Int) throws {
        let layout = try #require(Self.layouts[id])
        let (plan, typed) = roundTrip(text, on: layout)
        #expect(plan.untypeable.count == untypeable, "\(plan.untypeable)")
        #expect(typed == expected, "\(plan.description)")
        #expect(typed == UntypeableGrapheme.text(text, without: plan.untypeable))
    }

    /// Exported to keyboard3, the compositions are transforms of the text: the file read
    /// back has the same ones, and its own session types them.
    @Test("exported, the compositions come back", arguments: ["fr-t-k0-test", "pcm"])
    func exported(_ id: String) throws {
        let layout = try #require(Self.layouts[id])
        let export = LDMLExporter.export(layout)
        let keyboard = try #require(LDMLLoader.read(data: Data(export.xml.utf8), file: "\(id).xml").keyboard)
        let back = try keyboard.typingLayout(id: "back")
        #expect(back.textCompositions == layout.textCompositions)
        for text in ["fenêtre", "ạ ọ́"] {
            let (plan, typed) = roundTrip(text, on: back)
            #expect(typed == UntypeableGrapheme.text(text, without: plan.untypeable), "\(plan.description)")
        }
    }

    /// The layout's own session (no keyboard behind it) applies the compositions as the
    /// keyboard does: every sequence of three of a few keys (backspace among them) keeps the
    /// model's context NFD and the host's text its own, and without backspace types the same
    /// text as the keyboard. (The host's text had kept `e` after `e`, pcm's acute key and
    /// backspace, where the session held none.)
    @Test("the layout's own session types the pairs as the keyboard does", arguments: ["fr-t-k0-test", "pcm"])
    func modelSession(_ id: String) throws {
        let typing = try #require(Self.layouts[id])
        let model = try LDMLLoader.shipped(id).layout(id: "model")
        let texts: Set<String> = ["a", "e", "o", "'", "^", " ", "\u{301}"]
        var keys = model.keys.indices.filter { index in
            switch model.keys[index].action {
            case .text(let text): texts.contains(text)
            case .space: true
            default: false
            }
        }.map(KeyID.init)
        keys = Array(
            Set(keys.map { model.keys[$0.rawValue].action }).compactMap { action in
                keys.first { model.keys[$0.rawValue].action == action }
            }
        ).sorted { $0.rawValue < $1.rawValue }
        keys += model.keys.indices.filter { model.keys[$0].action == .backspace }.prefix(1).map(KeyID.init)
        #expect(keys.count >= 5, "\(id): \(keys.count) keys")
        var differing: [String] = []
        for first in keys {
            for second in keys {
                for third in keys {
                    var own = TypingSession(layout: model)
                    var keyboard = TypingSession(layout: typing)
                    var ownHost = TextBuffer()
                    var keyboardHost = TextBuffer()
                    for key in [first, second, third] {
                        ownHost.apply(own.handle(.tap(key)))
                        keyboardHost.apply(keyboard.handle(.tap(key)))
                        #expect(own.invariantViolations().isEmpty, "\(id): \(own.invariantViolations())")
                    }
                    let labels = [first, second, third].map { model.keys[$0.rawValue].label }
                    #expect(ownHost.text == own.text, "\(id): \(labels)")
                    // Backspace is the keyboard's own (one code point of the NFD text), the
                    // model's the layout's policy: only the typing is compared.
                    let typesOnly = ![first, second, third].contains { model.keys[$0.rawValue].action == .backspace }
                    if typesOnly, ownHost.text != keyboardHost.text {
                        differing.append(
                            "\([first, second, third].map { model.keys[$0.rawValue].label }): \(ownHost.text.debugDescription) ≠ \(keyboardHost.text.debugDescription)"
                        )
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(id): \(differing.prefix(10))")
    }
}
