import Foundation
import LayoutEngine
import Testing
import XKBLayouts

/// Cross-checks against the en_US.UTF-8 Compose table, an oracle no one here wrote.
struct DeadKeyCrossCheckTests {
    /// A touch-style layout with one accent key per accent the engine knows.
    static let accentLayout: Layout = {
        let keys = AccentName.allCases.map { KeyDefinition(.accent($0)) }
        let definition = LayoutDefinition(
            id: "all-accents", name: "All accents", locale: "en",
            geometry: Geometry(widthMm: 100, unitsPerRow: Double(keys.count), rowPitchMm: 9),
            accents: AccentName.allCases.map { Accent(name: $0) },
            policies: Policies(backspace: .accent, secondAccent: .stack),
            layers: [LayerDefinition(id: "base", rows: [RowDefinition(keys: keys)])])
        return try! Layout(definition)
    }()

    /// Why a Compose entry is not the engine's letter + accent (a postfix accent composes to
    /// one precomposed character of letter + mark, by Unicode), or `nil` when it must be.
    static func exemption(_ entry: ComposeOracle.Entry, mark: Unicode.Scalar) -> String? {
        let letter = Array(entry.text.decomposedStringWithCanonicalMapping.unicodeScalars)
        let result = Array(entry.result.decomposedStringWithCanonicalMapping.unicodeScalars)
        let expected = letter + [mark]
        if result.map(\.value).sorted() != expected.map(\.value).sorted() {
            return "not letter + mark in Unicode (ı, ȷ, Ŀ, v → ǘ, Greek perispomeni, ideographs)"
        }
        if entry.result.precomposedStringWithCanonicalMapping.unicodeScalars.count == 1,
            result != canonicalOrder(expected)
        {
            return "the dead key's mark goes under the letter's (á + ˘ → ắ)"
        }
        if entry.result.precomposedStringWithCanonicalMapping.unicodeScalars.count > 1 {
            return "no precomposed character (j́): the accent types its symbol"
        }
        return nil
    }

    private static func canonicalOrder(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return Array(String(text).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    @Test(
        "every <dead_X> <letter> of en_US.UTF-8 is the engine's letter + accent X, exemptions explained",
        .enabled(if: ComposeOracle.systemFile != nil, "\(ComposeOracle.absentMessage)"))
    func accentsAgreeWithCompose() throws {
        let file = try #require(ComposeOracle.systemFile)
        let entries = ComposeOracle.deadKeyEntries(inFile: file).filter { entry in
            ComposeOracle.accents[entry.deadKey] != nil && entry.text.first!.isLetter
        }
        #expect(entries.count > 600, "only \(entries.count) entries read from \(file)")
        let layout = Self.accentLayout
        var agreed = 0
        var exempt: [String: Int] = [:]
        var disagreements: [String] = []
        for entry in entries {
            let accent = ComposeOracle.accents[entry.deadKey]!
            var session = TypingSession(layout: layout)
            session.setContext(entry.text)
            _ = session.handle(
                .tap(layout.layers[layout.baseLayer].rows[0][AccentName.allCases.firstIndex(of: accent)!]))
            if session.text == entry.result {
                agreed += 1
            } else if let reason = Self.exemption(entry, mark: accent.mark) {
                exempt[reason, default: 0] += 1
            } else {
                disagreements.append("\(entry): engine types \(session.text)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(agreed > 500, "only \(agreed) of \(entries.count) agree")
        print("Compose cross-check: \(agreed) of \(entries.count) <dead_X> <letter> entries agree; exempt: \(exempt)")
    }
}

/// The engine's dead keys against libxkbcommon's compose state, key by key: where the
/// state says COMPOSED the engine types the same text; where it says CANCELLED (libxkbcommon
/// then drops the dead key and the key) the engine types the dead key's symbol and the key's
/// text, by design (`TypingSession+DeadKeys.swift`).
struct DeadKeyComposeStateTests {
    static func check(composeText: String, source: String) throws -> (composed: Int, cancelled: Int) {
        let context = try XKBContext(includePaths: [])
        let keymap = try XKBKeymap(string: Fixtures.text("mini-hu.xkb"), source: "mini-hu.xkb", context: context)
        let table = try XKBComposeTable(buffer: composeText, source: source, locale: "en_US.UTF-8", context: context)
        let imported = try XKBLayoutImporter.importLayout(
            keymap: keymap, compose: table, id: "xkb:mini", name: "mini", locale: "hu", description: "")
        let layout = imported.layout
        let compose = try XKBComposeState(table: table)
        var counts = (composed: 0, cancelled: 0)
        for (deadIndex, deadKey) in layout.deadKeys.enumerated() {
            let deadKeyID = layout.keys.indices.first { layout.keys[$0].action == .deadKey(deadIndex) }!
            for (index, key) in layout.keys.enumerated() {
                guard case .text(let text) = key.action, text != "\t" else { continue }
                let keysym = imported.keysyms[index]
                compose.reset()
                compose.feed(XKBKeysym.named(deadKey.name))
                compose.feed(keysym)

                var session = TypingSession(layout: layout)
                var buffer = TextBuffer()
                buffer.apply(session.handle(.tap(KeyID(deadKeyID))))
                buffer.apply(session.handle(.tap(KeyID(index))))
                switch compose.status {
                case .composed:
                    #expect(buffer.text == compose.text, "\(deadKey.name) \(text)")
                    counts.composed += 1
                case .cancelled:
                    #expect(buffer.text == deadKey.symbol + text, "\(deadKey.name) \(text)")
                    counts.cancelled += 1
                default:
                    Issue.record("\(deadKey.name) \(text): compose state \(compose.status)")
                }
            }
        }
        return counts
    }

    @Test("the fixture Compose table: composed pairs agree, cancelled ones type symbol + text")
    func fixtureTable() throws {
        let counts = try Self.check(composeText: Fixtures.text("mini.Compose"), source: "mini.Compose")
        #expect(counts.composed == 40 && counts.cancelled == 143, "\(counts)")
    }

    @Test(
        "the system en_US.UTF-8 Compose table, on the mini keymap's dead keys and keys",
        .enabled(if: ComposeOracle.systemFile != nil, "\(ComposeOracle.absentMessage)"))
    func systemTable() throws {
        let file = try #require(ComposeOracle.systemFile)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let counts = try Self.check(composeText: text, source: file)
        #expect(counts.composed > 20)
    }

    @Test(
        "the parsed oracle and the engine agree on the mini keymap's dead keys with the system table",
        .enabled(if: ComposeOracle.systemFile != nil, "\(ComposeOracle.absentMessage)"))
    func oracleEntries() throws {
        let file = try #require(ComposeOracle.systemFile)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let context = try XKBContext(includePaths: [])
        let keymap = try XKBKeymap(string: Fixtures.text("mini-hu.xkb"), source: "mini-hu.xkb", context: context)
        let table = try XKBComposeTable(buffer: text, source: file, locale: "en_US.UTF-8", context: context)
        let layout = try XKBLayoutImporter.importLayout(
            keymap: keymap, compose: table, id: "xkb:mini", name: "mini", locale: "hu", description: ""
        ).layout
        var checked = 0
        for entry in ComposeOracle.deadKeyEntries(inFile: file) {
            guard let deadKey = layout.deadKeys.first(where: { $0.name == entry.deadKey }) else { continue }
            let typed = layout.keys.contains { $0.action == .text(entry.text) } || entry.text == " "
            guard typed else { continue }
            #expect(deadKey.compositions[entry.text] == entry.result, "\(entry)")
            checked += 1
        }
        #expect(checked >= 20)
    }
}
