import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutExport
import LayoutSources
import TestSupport
import Testing

/// Our layouts written as keyboard3 XML: valid against CLDR's DTD, loadable, and typing
/// exactly like the JSON layout (key-sequence tables, and the shared corpora's sentences).
@Suite("LDML export")
struct ExportTests {
    static let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The layout `id` (any id a user may give), its export, and the export loaded back.
    static func exported(_ id: String) throws -> (Layout, LDMLExporter.Export, LDMLKeyboard) {
        let layout = try LayoutResolver.resolve(id)
        let export = LDMLExporter.export(layout)
        let result = LDMLLoader.read(data: Data(export.xml.utf8), file: "\(id).xml")
        let keyboard = try #require(result.keyboard, "\(id): \(result.diagnostics)")
        return (layout, export, keyboard)
    }

    /// Types `events` on both sessions; returns both host texts.
    static func replay(_ events: [KeyEvent], layout: Layout, export: LDMLExporter.Export, keyboard: LDMLKeyboard)
        -> (String, String)
    {
        var json = TypingSession(layout: layout)
        var ldml = LDMLSession(keyboard: keyboard)
        var jsonHost = TextBuffer()
        var ldmlHost = TextBuffer()
        for event in events {
            jsonHost.apply(json.handle(event))
            let key = layout.keys[event.key.rawValue]
            if key.action == .backspace {
                ldmlHost.apply(ldml.backspace())
            } else if let id = export.keyIDs[event.key.rawValue] {
                let gesture: LDMLGesture = event.isLongPress ? .longPress(event.alternate.map { $0 + 1 }) : .tap
                ldmlHost.apply(ldml.press(id: id, gesture: gesture))
            }
        }
        return (jsonHost.text, ldmlHost.text)
    }

    /// Whether CLDR's DTD accepts `xml` (xmllint's status and message), or `nil` without xmllint.
    static func dtdCheck(_ xml: String, name: String) throws -> (status: Int32, message: String)? {
        guard let xmllint else { return nil }
        // A name of its own per call: the cases of one parametrized test run at once.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "export-\(name)-\(getpid())-\(UUID().uuidString).xml")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = ToolRun.run(
            [xmllint, "--noout", "--dtdvalid", TestFiles.shippedCLDR + "/dtd/ldmlKeyboard3.dtd", file.path],
            timeout: 600)
        return (result.status, result.error)
    }

    /// Types every sequence of three of `keys` (taps) on both sessions and expects the same text.
    static func checkEverySequence(
        of keys: [KeyID], _ id: String, _ exported: (Layout, LDMLExporter.Export, LDMLKeyboard)
    ) {
        let (layout, export, keyboard) = exported
        for first in keys {
            for second in keys {
                for third in keys {
                    let events = [first, second, third].map { KeyEvent.tap($0) }
                    let (own, ldml) = replay(events, layout: layout, export: export, keyboard: keyboard)
                    #expect(own == ldml, "\(id): \(events.map { layout.keys[$0.key.rawValue].label })")
                }
            }
        }
    }

    @Test(
        "every shipped layout exports to XML that CLDR's DTD accepts and the loader reads",
        arguments: LayoutCatalog.shippedIDs())
    func validAndLoadable(id: String) throws {
        let (layout, export, keyboard) = try Self.exported(id)
        #expect(
            export.keyIDs.enumerated().allSatisfy { index, name in
                name != nil || layout.keys[index].action == .backspace
            })
        #expect(keyboard.touch()?.layers.count == layout.layers.count)
        guard let (status, message) = try Self.dtdCheck(export.xml, name: id) else { return }
        #expect(status == 0, "\(id): \(message)")
    }

    @Test(
        "accent layouts: every sequence of three presses over letters, accents, space and backspace types the same",
        arguments: ["hu-touch", "cs-touch"])
    func keySequenceTable(id: String) throws {
        let (layout, export, keyboard) = try Self.exported(id)
        let base = layout.layers[layout.baseLayer].rows.flatMap { $0 }
        let wanted = Set(["a", "o", "u", "e", "b", "space", "backspace"])
        let keys = base.filter { key in
            let item = layout.keys[key.rawValue]
            if case .accent = item.action { return true }
            return wanted.contains(item.id) || wanted.contains(item.label)
        }
        #expect(keys.count >= 8)
        Self.checkEverySequence(of: keys, id, (layout, export, keyboard))
    }

    @Test(
        "backspace after each long-press alternate: without accent keys the letter goes whole, with them an accent or a letter with another mark, on the export too",
        arguments: ["hu-ios", "da-touch", "hu-touch", "cs-touch", "hu-extended"])
    func longPressBackspace(id: String) throws {
        let (layout, export, keyboard) = try Self.exported(id)
        let backspace = try #require(layout.keys.indices.first { layout.keys[$0].action == .backspace })
        let b = try #require(layout.keys.indices.first { layout.keys[$0].action == .text("b") })
        var checked = 0
        for key in layout.keys.indices where !layout.keys[key].longPress.isEmpty {
            for alternate in layout.keys[key].longPress.indices {
                let events: [KeyEvent] = [
                    .tap(KeyID(b)), .longPress(KeyID(key), alternate: alternate), .tap(KeyID(backspace)),
                    .tap(KeyID(b)),
                ]
                let (json, ldml) = Self.replay(events, layout: layout, export: export, keyboard: keyboard)
                #expect(json == ldml, "\(id): \(layout.keys[key].longPress[alternate])")
                if layout.accents.isEmpty { #expect(json == "bb", "\(id): \(layout.keys[key].longPress[alternate])") }
                checked += 1
            }
        }
        #expect(checked > 10)
    }

    @Test(
        "planned sentences of the shared corpora type the same on the export (60 spread lines; LDML_FULL_CORPUS=1 for all)",
        .enabled(
            if: SharedCorpora.path("hu.txt") != nil,
            "needs ../shared/corpora"),
        arguments: ["hu-touch", "cs-touch", "da-touch", "hu-ios", "hu-extended"])
    func corpora(id: String) throws {
        let (layout, export, keyboard) = try Self.exported(id)
        let corpus = SharedCorpora.directory + "/\(layout.locale).txt"
        let text = try String(contentsOfFile: corpus, encoding: .utf8)
        let lines = text.split(separator: "\n")
        let step = ProcessInfo.processInfo.environment["LDML_FULL_CORPUS"] == "1" ? 1 : max(1, lines.count / 60)
        let planner = KeystrokePlanner(layout: layout)
        var checked = 0
        for (number, line) in lines.enumerated() where number % step == 0 {
            let plan = planner.plan(String(line))
            let (json, ldml) = Self.replay(plan.events, layout: layout, export: export, keyboard: keyboard)
            #expect(json == ldml, "\(id) line \(number + 1): \(line)")
            if json != ldml { break }
            checked += 1
        }
        #expect(checked > 30)
    }
}
