import Foundation
import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing
import XKBLayouts

@testable import LayoutExport

/// The exports typing real text: every sentence of the shared corpora through KMFL, and
/// sentences through libxkbcommon from the XKB export.
@Suite(.enabled(if: PackagePaths.sharedKeymanPresent, "needs ../shared/corpora"))
struct ExportCorpusTests {
    static func sentences(_ language: String) throws -> [String] {
        let text = try String(
            contentsOf: PackagePaths.shared.appendingPathComponent("corpora/\(language).txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// How each character is typed on the exported hardware keyboard: X keysym and Shift
    /// state per key. Letters on their own keys, the layout's other characters on the US
    /// key the simulator puts them on, accented letters as letter + accent key, other
    /// ASCII on its US key; `nil` for what the exported keyboard cannot type.
    struct PhysicalTyping {
        var keys: [Character: [String]] = [:]

        init(_ layout: Layout) {
            let base = layout.baseLayer
            let hints = PhysicalKeyMap(layout: layout, layer: base).hints
            var taken: Set<Character> = []
            for id in layout.layers[base].rows.joined() {
                let key = layout.keys[id.rawValue]
                let shifted = KeymanKeyboardSource.counterpart(of: id, on: layout.shiftedLayers[base], in: layout)
                if let usKey = hints[id]?.first { taken.insert(usKey) }
                guard case .text(let text) = key.action, let character = text.first else { continue }
                if let usKey = hints[id]?.first {
                    keys[character] = [Self.keysym(usKey)]
                    if case .text(let upper)? = shifted?.action, let shiftedUS = XKBExport.usShifted[usKey] {
                        keys[upper.first!] = [Self.keysym(shiftedUS) + ":1"]
                        taken.insert(shiftedUS)  // da-touch: Shift+' types Ø, so there is no " key
                    }
                } else if character.isASCII, character.isLetter {
                    keys[character] = [Self.keysym(character)]
                    keys[Character(character.uppercased())] = [Self.keysym(Character(character.uppercased())) + ":1"]
                }
            }
            for value in 0x20..<0x7F {
                let character = Character(Unicode.Scalar(value)!)
                if keys[character] == nil, !taken.contains(character) { keys[character] = [Self.keysym(character)] }
            }
            let rules = AccentRules(layout: layout)
            for (accent, accentRules) in rules.accents.enumerated() {
                guard
                    let id = layout.layers[base].rows.joined().first(where: {
                        layout.keys[$0.rawValue].action == .accent(accent)
                    }), let usKey = hints[id]?.first
                else { continue }
                for rule in accentRules where rule.before.count == 1 {
                    guard let result = rule.result.first, keys[result] == nil, let before = keys[rule.before.first!]
                    else {
                        continue
                    }
                    keys[result] = before + [Self.keysym(usKey)]
                }
            }
        }

        static func keysym(_ character: Character) -> String {
            String(character.unicodeScalars.first!.value, radix: 16)
        }

        /// The keys of a sentence and the text they type (the sentence less what has no key).
        func type(_ sentence: String) -> (keys: String, text: String) {
            var sequence: [String] = []
            var text = ""
            for character in sentence {
                guard let keys = keys[character] else { continue }
                sequence += keys
                text.append(character)
            }
            return (sequence.joined(separator: " "), text)
        }
    }

    @Test(
        "KMFL types every sentence of hu, cs and da as our engine does",
        .enabled(if: kmflPresent, "needs kmflcomp, libkmfl-dev and cc"),
        arguments: [("hu-touch", "hu"), ("cs-touch", "cs"), ("da-touch", "da")])
    func kmflCorpus(layout id: String, language: String) throws {
        let layout = try LayoutCatalog.load(id)
        let typing = PhysicalTyping(layout)
        let typed = try Self.sentences(language).map(typing.type)
        let output = try KMFLKeyboard(layout).type(typed.map(\.keys))
        #expect(output.count == typed.count)
        var differ = 0
        for (expected, actual) in zip(typed.map(\.text), output) where expected != actual {
            differ += 1
            if differ <= 5 { Issue.record("KMFL typed \(actual) for \(expected)") }
        }
        #expect(differ == 0)
    }

    @Test(
        "the XKB export compiles in libxkbcommon and types hu.txt back (accents as dead keys)",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/X11/xkb/rules/evdev"), "needs xkb-data"))
    func xkbRoundTrip() throws {
        let layout = try LayoutCatalog.load("hu-touch")
        let files = LayoutExport.xkb(layout)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xkb-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("symbols"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(files[0].bytes).write(to: folder.appendingPathComponent("symbols/" + files[0].name))
        let context = try XKBContext(includePaths: [folder.path, "/usr/share/X11/xkb"])
        let keymap = try XKBKeymap(names: XKBLayoutName(layout: files[0].name), context: context)
        let compose = try XKBComposeTable(buffer: files[1].text, source: files[1].name, context: context)
        let imported = try XKBLayoutImporter.importLayout(
            keymap: keymap, compose: compose, id: "xkb:hu_touch", name: "hu-touch export", locale: "hu", description: ""
        )
        let planner = KeystrokePlanner(layout: imported.layout)
        var untypeable: Set<String> = []
        let sentences = try Self.sentences("hu")
        for index in stride(from: 0, to: sentences.count, by: 50) {
            let plan = planner.plan(sentences[index])
            untypeable.formUnion(plan.untypeable.map(\.grapheme))
            // A fresh key state per sentence, as each plan starts from the initial state.
            let method = try XKBInputMethod(keymap: keymap, compose: compose)
            let typed = method.text(of: XKBKeyAction.actions(for: plan.events, on: imported))
            #expect(typed == UntypeableGrapheme.text(sentences[index], without: plan.untypeable), "\(sentences[index])")
        }
        for letter in "áéíóöőúüűÁÉÍÓÖŐÚÜŰ" { #expect(!untypeable.contains(String(letter))) }
    }
}
