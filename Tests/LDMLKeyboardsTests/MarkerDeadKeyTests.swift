import Foundation
import LayoutEngine
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
            var session = TypingSession(layout: layout)
            var buffer = TextBuffer()
            for event in plan.events { buffer.apply(session.handle(event)) }
            #expect(buffer.text == text, "\(plan.description)")
        }
    }

    @Test("a marker key no text key completes stays a gap; one that some do is a dead key with just those")
    func onlyWhatTransformsMake() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <keyboard3 xmlns="https://schemas.unicode.org/cldr/45/keyboard3" locale="und" conformsTo="45">
              <info name="markers" />
              <keys>
                <key id="ring" output="\\m{ring}" />
                <key id="idle" output="\\m{idle}" />
              </keys>
              <layers formId="touch">
                <layer id="base"><row keys="ring idle a u x" /></layer>
              </layers>
              <transforms type="simple">
                <transformGroup>
                  <transform from="\\m{ring}a" to="å" />
                  <transform from="\\m{ring}u" to="ů" />
                </transformGroup>
              </transforms>
            </keyboard3>
            """
        let result = LDMLLoader.read(data: Data(xml.utf8), file: "markers.xml")
        let keyboard = try #require(result.keyboard, "\(result.diagnostics)")
        let layout = try keyboard.layout(id: "markers")
        #expect(layout.deadKeys.count == 1)
        #expect(layout.deadKeys.first?.compositions == ["a": "å", "u": "ů"])
        #expect(layout.deadKeys.first?.symbol == "", "the key twice types nothing")
        #expect(!layout.keys.contains { $0.id == "idle" }, "a gap")
        let typing = try keyboard.typingLayout(id: "markers")
        let plan = KeystrokePlanner(layout: typing).plan("åxů")
        #expect(plan.untypeable.isEmpty && plan.events.count == 5, "\(plan.description)")
    }
}

extension MarkerDeadKeyTests {
    @Test("the pairs typed are bounded: marker keys past the bound stay gaps")
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
        // 202 pairs a marker key (200 letters and a, then the key again): 4 fit in 1,000.
        let bounded = keyboard.markerDeadKeys(set, hardware: false, pairLimit: 1000)
        #expect(bounded.count == 4)
        #expect(bounded.values.allSatisfy { $0.compositions.count == 1 })
    }
}
