import Foundation
import LayoutEngine
import TestSupport
import XKBLayouts

/// The golden files in `Golden/`.
let goldenFiles = GoldenFiles(beside: #filePath)

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

    static let corporaAbsent = SharedCorpora.absent(skipping: "XKB corpus round trips")

    /// Whether the shared corpora are there; tests that read them are `.enabled(if:)` this.
    static let corporaPresent = SharedCorpora.path("hu.txt") != nil
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
