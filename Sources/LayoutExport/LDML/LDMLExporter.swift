import Foundation
import LDMLKeyboards
import LayoutEngine

/// Writes one of the project's layouts as a CLDR keyboard3 file (UTS #35 Part 7): a touch
/// form with the rows, widths, gaps, layer keys and long-press; accent keys output their
/// combining mark, shown (and named, when the file is loaded again) with the key's label, the
/// spacing accent (`˝`), and transforms give the layout's accent rules (explicit pairs, the
/// replace policy, the spacing symbol where the accent cannot go); a dead key outputs a
/// marker that transforms turn, with the next character, into its compositions (its symbol
/// before anything else, and pressed twice); the layout's text compositions are transforms
/// of the text (`^e` → `ê`); backspace transforms make backspace do what
/// the session's does (`backspaceTransforms`), LDML's default (one NFD code point) taking
/// an accent off.
public enum LDMLExporter {
    /// The XML, and for every key of the layout (by index) the id of the key it became
    /// (`nil` for backspace, which keyboard3 leaves to the platform).
    public struct Export: Sendable {
        public let xml: String
        public let keyIDs: [String?]
    }

    /// Exports `layout`.
    public static func export(_ layout: Layout) -> Export {
        var keys = KeyTable()
        var keyIDs = [String?](repeating: nil, count: layout.keys.count)
        var layerLines: [String] = []
        var accentLabels: [(keyID: String, label: String)] = []
        let layerIDs = layout.layers.map { layerID($0.id) }
        for (layerNumber, layer) in layout.layers.enumerated() {
            layerLines.append("\t\t<layer id=\"\(layerNumber == layout.baseLayer ? "base" : layerIDs[layerNumber])\">")
            for row in layer.rows {
                var names: [String] = []
                var end: Double?
                for keyID in row {
                    let key = layout.keys[keyID.rawValue]
                    if let end, key.x - end > 0.01 { names.append(keys.gap(width: key.x - end)) }
                    end = key.x + key.width
                    let name = keys.add(key, in: layout, layerIDs: layerIDs)
                    keyIDs[keyID.rawValue] = name.typed
                    if case .accent(let accent) = key.action, !accentLabels.contains(where: { $0.keyID == name.placed })
                    {
                        let label = key.label.isEmpty ? layout.accents[accent].symbol : key.label
                        accentLabels.append((name.placed, label))
                    }
                    names.append(name.placed)
                }
                layerLines.append("\t\t\t<row keys=\"\(names.joined(separator: " "))\" />")
            }
            layerLines.append("\t\t</layer>")
        }
        let width = min(999, max(1, Int(layout.geometry.widthMm.rounded())))
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!-- Exported from the layout \(escapeComment(layout.id)) by kbdsim export -->",
            "<keyboard3 xmlns=\"https://schemas.unicode.org/cldr/45/keyboard3\" locale=\"\(attribute(layout.locale))\" conformsTo=\"45\">",
            "\t<info name=\"\(attribute(layout.name))\" />",
        ]
        lines += displays(layout, accentLabels: accentLabels) + ["\t<keys>"]
        lines += keys.lines.map { "\t\t" + $0 }
        lines += ["\t</keys>", "\t<layers formId=\"touch\" minDeviceWidth=\"\(width)\">"]
        if layout.keys.contains(where: { $0.action == .backspace }) {
            lines.append(
                "\t\t<!-- keyboard3 has no backspace key (the platform provides one): the gap \"backspace\" keeps its place and width -->"
            )
        }
        lines += layerLines
        lines.append("\t</layers>")
        lines += transforms(
            accents: accentTransforms(layout), deadKeys: deadKeyTransforms(layout),
            texts: textCompositionTransforms(layout))
        lines += backspaceTransforms(layout)
        lines.append("</keyboard3>")
        return Export(xml: lines.joined(separator: "\n") + "\n", keyIDs: keyIDs)
    }

    /// A layer id fit for keyboard3 (`[A-Za-z0-9][A-Za-z0-9_-]*`).
    static func layerID(_ id: String) -> String {
        var result = String(
            id.unicodeScalars.map {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
                    ? Character($0) : "-"
            })
        if result.first.map({ $0 == "-" || $0 == "_" }) ?? true { result = "L" + result }
        return result
    }

    /// XML attribute text.
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func escapeComment(_ text: String) -> String { text.replacingOccurrences(of: "--", with: "- -") }

    /// Text for `output=`/`to=`: safe characters as they are, the rest as `\u{…}`.
    static func escaped(_ text: String, allHex: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let plain =
                scalar.value > 0x20 && scalar.value != 0x7F && scalar.properties.canonicalCombiningClass.rawValue == 0
                && !scalar.properties.isWhitespace && !"\\$&\"<>".unicodeScalars.contains(scalar)
                && !(0x80..<0xA0).contains(scalar.value)
            result += plain && !allHex ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return result
    }
}
