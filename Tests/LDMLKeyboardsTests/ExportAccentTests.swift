import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutExport
import TestSupport
import Testing

/// The accent rules of a keyboard3 export against the layout's own session, on letters that
/// carry a mark no accent key types (long-press alternates such as Å, Ç) and under both
/// second-accent policies.
@Suite("LDML export of accents")
struct ExportAccentTests {
    /// A shipped layout read again with its second-accent policy set to `policy`.
    static func layout(_ id: String, secondAccent policy: String) throws -> Layout {
        var text = try String(contentsOf: PackagePaths.layouts.appendingPathComponent("\(id).json"), encoding: .utf8)
        let replace = "\"secondAccent\": \"replace\""
        #expect(text.contains(replace), "\(id): the layout states its second-accent policy")
        text = text.replacingOccurrences(of: replace, with: "\"secondAccent\": \"\(policy)\"")
        let result = LayoutLoader.read(bytes: Array(text.utf8), file: "\(id).json")
        return try #require(result.layout, "\(id): \(result.diagnostics)")
    }

    /// `layout`, its export and the export loaded back.
    static func exported(_ layout: Layout) throws -> (Layout, LDMLExporter.Export, LDMLKeyboard) {
        let export = LDMLExporter.export(layout)
        let result = LDMLLoader.read(data: Data(export.xml.utf8), file: "\(layout.id).xml")
        return (layout, export, try #require(result.keyboard, "\(layout.id): \(result.diagnostics)"))
    }

    /// Every long-press alternate of every key (all layers), then one or two accent keys,
    /// then backspace: the same text after each press on both sessions.
    static func checkAlternatesThenAccents(_ exported: (Layout, LDMLExporter.Export, LDMLKeyboard)) -> Int {
        let (layout, export, keyboard) = exported
        let accents = layout.keys.indices.filter { if case .accent = layout.keys[$0].action { true } else { false } }
        let backspace = layout.keys.indices.first { layout.keys[$0].action == .backspace }
        var checked = 0
        for key in layout.keys.indices {
            for alternate in layout.keys[key].longPress.indices {
                for first in accents {
                    for second in [nil] + accents {
                        var events: [KeyEvent] = [.longPress(KeyID(key), alternate: alternate), .tap(KeyID(first))]
                        if let second { events.append(.tap(KeyID(second))) }
                        if let backspace { events.append(.tap(KeyID(backspace))) }
                        var own = TypingSession(layout: layout)
                        var ldml = LDMLSession(keyboard: keyboard)
                        var ownHost = TextBuffer()
                        var ldmlHost = TextBuffer()
                        for (number, event) in events.enumerated() {
                            ownHost.apply(own.handle(event))
                            if layout.keys[event.key.rawValue].action == .backspace {
                                ldmlHost.apply(ldml.backspace())
                            } else if let id = export.keyIDs[event.key.rawValue] {
                                let gesture: LDMLGesture =
                                    event.isLongPress ? .longPress(event.alternate.map { $0 + 1 }) : .tap
                                ldmlHost.apply(ldml.press(id: id, gesture: gesture))
                            }
                            guard number > 0 else { continue }
                            #expect(
                                ownHost.text == ldmlHost.text,
                                "\(layout.id): \(layout.keys[key].longPress[alternate]) then \(events[1...number].map { layout.keys[$0.key.rawValue].label })"
                            )
                            checked += 1
                        }
                    }
                }
            }
        }
        return checked
    }

    @Test(
        "a long-press alternate with a mark of its own (Å, Ç, Ø), then accents and backspace, types the same",
        arguments: ["hu-touch", "cs-touch"])
    func alternatesThenAccents(id: String) throws {
        let checked = Self.checkAlternatesThenAccents(try ExportTests.exported(id))
        #expect(checked > 100)
    }

    @Test(
        "with the stack policy, every sequence of three presses and every alternate then accents types the same",
        arguments: ["hu-touch", "cs-touch"])
    func stackPolicy(id: String) throws {
        let layout = try Self.layout(id, secondAccent: "stack")
        #expect(layout.policies.secondAccent == .stack)
        let exported = try Self.exported(layout)
        let base = layout.layers[layout.baseLayer].rows.flatMap { $0 }
        let wanted = Set(["a", "u", "backspace"])
        let keys = base.filter { key in
            let item = layout.keys[key.rawValue]
            if case .accent = item.action { return true }
            return wanted.contains(item.id) || wanted.contains(item.label)
        }
        #expect(keys.count >= 5)
        ExportTests.checkEverySequence(of: keys, id, exported)
        #expect(Self.checkAlternatesThenAccents(exported) > 100)
    }
}
