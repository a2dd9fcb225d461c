import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import LDMLKeyboards

/// Keys that output only a marker, which transforms then turn into an accent on the next
/// letter (`fr`'s `\m{caret}`): dead keys of the converted layout, drawn, pressed through
/// the keyboard's own session, and planned.
@Suite("LDML marker keys as dead keys")
struct MarkerDeadKeyTests {
    @Test("fr: the caret, grave, umlaut and acute marker keys are dead keys with the pairs the transforms make")
    func converted() throws {
        let layout = try LDMLLoader.shipped("fr").layout(id: "cldr:fr", hardware: true)
        let caret = try #require(layout.deadKeys.first { $0.name == "ldml.mark-caret" })
        #expect(caret.compositions["e"] == "ê" && caret.compositions["o"] == "ô" && caret.compositions["A"] == "Â")
        #expect(caret.compositions["1"] == nil, "a digit takes no caret")
        let umlaut = try #require(layout.deadKeys.first { $0.name == "ldml.mark-umlaut" })
        #expect(umlaut.compositions["i"] == "ï" && umlaut.compositions["e"] == "ë")
        let key = try #require(layout.keys.first { $0.action == .deadKey(layout.deadKeys.firstIndex(of: caret)!) })
        #expect(key.label == "^", "drawn with the keyboard's display")
    }

    @Test(
        "French text on cldr:fr: planned with its dead keys, nothing untypeable, typed back by the keyboard",
        arguments: [false, true])
    func plannedAndTyped(_ hardware: Bool) throws {
        let layout = try LDMLLoader.shipped("fr").typingLayout(id: "cldr:fr", hardware: hardware)
        let planner = KeystrokePlanner(layout: layout)
        for text in ["Être à l'hôtel, où naïf ça, Noël", "Ô âme, fût-ce là-bas, Ève", "Ça coûte 12 €."] {
            let plan = planner.plan(text)
            #expect(plan.untypeable.isEmpty, "\(text): \(plan.untypeable)")
            let replayed = replay(plan.events, on: layout)
            #expect(replayed == text, "\(plan.description)")
        }
    }

    @Test("a marker key no text key completes is a dead key composing nothing; one that some do has just those")
    func onlyWhatTransformsMake() throws {
        let keyboard = try Self.markerKeyboard(
            "markers", markers: ["ring": "ring", "idle": "idle"], row: "ring idle a u x",
            transforms: ["\\m{ring}a": "å", "\\m{ring}u": "ů"])
        let layout = try keyboard.layout(id: "markers")
        #expect(layout.deadKeys.map(\.name) == ["ldml.ring", "ldml.idle"])
        #expect(layout.deadKeys.first?.compositions == ["a": "å", "u": "ů"])
        #expect(layout.deadKeys.first?.symbol == "", "the key twice types nothing")
        #expect(layout.deadKeys.last?.compositions == [:])
        #expect(layout.keys.contains { $0.id == "idle" && $0.label == "idle" }, "a key, drawn with its id")
        let typing = try keyboard.typingLayout(id: "markers")
        let plan = KeystrokePlanner(layout: typing).plan("åxů")
        #expect(plan.untypeable.isEmpty && plan.events.count == 5, "\(plan.description)")
    }
}

extension MarkerDeadKeyTests {
    @Test("the pairs typed are bounded: marker keys past the bound compose nothing")
    func bounded() throws {
        let markers = (0..<10).map { "<key id=\"m\($0)\" output=\"\\m{m\($0)}\" />" }.joined()
        let transforms = (0..<10).map { "<transform from=\"\\m{m\($0)}a\" to=\"\\u{E0\($0)0}\" />" }.joined()
        let letters = (0..<200).map { "<key id=\"t\($0)\" output=\"\\u{\(String(0x4E00 + $0, radix: 16))}\" />" }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <keyboard3 xmlns="https://schemas.unicode.org/cldr/45/keyboard3" locale="und" conformsTo="45">
              <info name="many" />
              <keys>\(markers)\(letters.joined())</keys>
              <layers formId="touch">
                <layer id="base"><row keys="\((0..<10).map { "m\($0)" }.joined(separator: " ")) a" /></layer>
                <layer id="more"><row keys="\((0..<200).map { "t\($0)" }.joined(separator: " "))" /></layer>
              </layers>
              <transforms type="simple"><transformGroup>\(transforms)</transformGroup></transforms>
            </keyboard3>
            """
        let result = LDMLLoader.read(data: Data(xml.utf8), file: "many.xml")
        let keyboard = try #require(result.keyboard, "\(result.diagnostics)")
        let set = try #require(keyboard.touch())
        #expect(keyboard.markerDeadKeys(set, hardware: false).count == 10)
        // 211 pairs a marker key (200 letters and a, then the 10 marker keys): 4 fit in 1,000.
        let bounded = keyboard.markerDeadKeys(set, hardware: false, pairLimit: 1000)
        #expect(bounded.count == 10)
        #expect(bounded.values.filter { $0.compositions.count == 1 }.count == 4)
        #expect(bounded.values.filter(\.compositions.isEmpty).count == 6)
    }
}

extension MarkerDeadKeyTests {
    @Test("two marker keys that transforms make one character of: a pair the planner types and the session makes")
    func markerPairs() throws {
        let keyboard = try Self.markerKeyboard(
            "pairs", markers: ["more": "q", "long": "A"], row: "more long a e",
            transforms: ["\\m{q}\\m{A}": "\\u{986}", "e\\m{A}": "\\u{9CC}", "\\m{q}a": "\\u{985}"])
        let layout = try keyboard.layout(id: "pairs")
        let more = try #require(layout.deadKeys.first { $0.name == "ldml.more" })
        #expect(more.afterDeadKeys == ["ldml.long": "\u{986}"] && more.compositions == ["a": "\u{985}"])
        let long = try #require(layout.deadKeys.first { $0.name == "ldml.long" })
        #expect(long.afterDeadKeys.isEmpty && long.compositions.isEmpty)
        // The converted layout's own session types the pair as the keyboard does.
        var own = Typist(layout)
        for id in ["more", "long"] { own.handle(.tap(KeyID(try #require(layout.keys.firstIndex { $0.id == id })))) }
        #expect(own.text == "\u{986}")
        let typing = try keyboard.typingLayout(id: "pairs")
        let text = "\u{986}a\u{985}"
        let plan = KeystrokePlanner(layout: typing).plan(text)
        #expect(plan.untypeable.isEmpty && plan.events.count == 5, "\(plan.description)")
        var typist = Typist(typing)
        for event in plan.events { typist.handle(event) }
        #expect(typist.text == text, "\(plan.description)")
        // The key that composes nothing as a dead key still does what it does after text.
        for id in ["e", "long"] {
            typist.handle(.tap(KeyID(try #require(typing.keys.firstIndex { $0.id == id }))))
        }
        #expect(typist.text == text + "\u{9CC}")
    }
}

extension MarkerDeadKeyTests {
    /// A touch keyboard named `name`: marker keys (key id → marker name), one base row of
    /// key ids, and one group of simple transforms (from → to, in order), as LDML writes them.
    static func markerKeyboard(
        _ name: String, markers: KeyValuePairs<String, String>, row: String,
        transforms: KeyValuePairs<String, String>
    ) throws -> LDMLKeyboard {
        let keys = markers.map { "<key id=\"\($0.key)\" output=\"\\m{\($0.value)}\" />" }
        let rules = transforms.map { "<transform from=\"\($0.key)\" to=\"\($0.value)\" />" }
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <keyboard3 xmlns="https://schemas.unicode.org/cldr/45/keyboard3" locale="und" conformsTo="45">
              <info name="\(name)" />
              <keys>\(keys.joined())</keys>
              <layers formId="touch"><layer id="base"><row keys="\(row)" /></layer></layers>
              <transforms type="simple"><transformGroup>\(rules.joined())</transformGroup></transforms>
            </keyboard3>
            """
        let result = LDMLLoader.read(data: Data(xml.utf8), file: "\(name).xml")
        return try #require(result.keyboard, "\(result.diagnostics)")
    }
}
