import Foundation
import LayoutEngine
import Testing
import XKBLayouts

/// The fixtures written for these tests: keymaps and Compose tables that never depend on
/// the machine's own XKB files.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func text(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    /// The `mini-hu.xkb` keymap with the `mini.Compose` table, imported.
    static func miniLayout() throws -> XKBImportedLayout {
        let context = try XKBContext(includePaths: [])
        let keymap = try XKBKeymap(string: text("mini-hu.xkb"), source: "mini-hu.xkb", context: context)
        let compose = try XKBComposeTable(buffer: text("mini.Compose"), source: "mini.Compose", context: context)
        return try XKBLayoutImporter.importLayout(
            keymap: keymap, compose: compose, id: "xkb:mini", name: keymap.layoutName ?? "mini", locale: "hu",
            description: "test keymap")
    }
}

/// What is installed on this machine: xkeyboard-config, the system Compose tables, the corpora.
enum Installed {
    static let xkbRules = "/usr/share/X11/xkb/rules/evdev"
    static let enUSCompose = "/usr/share/X11/locale/en_US.UTF-8/Compose"

    static let hasKeyboardConfig: Bool = {
        FileManager.default.fileExists(atPath: xkbRules) && FileManager.default.fileExists(atPath: enUSCompose)
    }()

    static let absentMessage =
        "xkeyboard-config (\(xkbRules), package xkb-data) or the Compose table (\(enUSCompose), package "
        + "libx11-data) is not installed: tests of installed XKB layouts are skipped"

    /// `<repo>/../shared/corpora/NAME` when present.
    static func corpus(_ name: String) -> String? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpora/\(name)").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static let corporaAbsent = "../shared/corpora is absent (a fresh clone): XKB corpus round trips are skipped"

    /// Whether the shared corpora are there; tests that read them are `.enabled(if:)` this.
    static let corporaPresent = corpus("hu.txt") != nil
}

/// Types space-separated key names (see `KeyNames`) on a session and returns the host's text.
func type(_ names: String, on layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    var session = TypingSession(layout: layout)
    var buffer = TextBuffer()
    for name in names.split(separator: " ") {
        do {
            for event in try KeyNames.events(for: String(name), in: session) { buffer.apply(session.handle(event)) }
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }
    return buffer.text
}

/// Replays events through a fresh session and a host buffer.
func replay(_ events: some Sequence<KeyEvent>, on layout: Layout) -> String {
    var session = TypingSession(layout: layout)
    var buffer = TextBuffer()
    for event in events { buffer.apply(session.handle(event)) }
    return buffer.text
}

/// Golden files next to the tests; `RECORD_SNAPSHOTS=1 swift test` rewrites them (and fails).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(name); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from golden \(name)", sourceLocation: sourceLocation)
    }
}

/// A layout's layers as text: per row, each key's label with its x and width in key units.
func dump(_ layout: Layout) -> String {
    var lines = ["\(layout.id) \(layout.name) [\(layout.locale), \(layout.platform.rawValue)]"]
    for (index, layer) in layout.layers.enumerated() {
        lines.append("layer \(layer.id) (shifted: \(layout.layers[layout.shiftedLayers[index]].id))")
        for row in layer.rows {
            lines.append(
                "  "
                    + row.map { id in
                        let key = layout.keys[id.rawValue]
                        return "\(key.label)@\(key.x)+\(key.width)"
                    }.joined(separator: " "))
        }
    }
    for deadKey in layout.deadKeys {
        let pairs = deadKey.compositions.sorted { $0.key < $1.key }.map { "\($0.key)→\($0.value)" }
        lines.append("\(deadKey.name) \(deadKey.symbol): \(pairs.joined(separator: " "))")
    }
    return lines.joined(separator: "\n") + "\n"
}
