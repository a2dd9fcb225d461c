import Foundation
import LDMLKeyboards
import LayoutEngine

extension LDMLExporter {
    /// The `<key>` elements being written: one per distinct definition, ids unique.
    struct KeyTable {
        var lines: [String] = []
        private var idsByDefinition: [String: String] = [:]
        private var usedIDs: Set<String> = ["gap", "space"]

        /// The id a gap of `width` key widths gets.
        mutating func gap(width: Double) -> String {
            let text = Self.number(width)
            return define(
                base: "gap-\(text.replacingOccurrences(of: ".", with: "_"))",
                attributes: "gap=\"true\" width=\"\(text)\"")
        }

        /// The id of the gap that keeps backspace's place and width: keyboard3 has no
        /// backspace key (the platform provides it), so the place is a gap named `backspace`
        /// (`backspace-2`, … for other widths), which our importer puts its backspace on.
        mutating func backspace(width: Double) -> String {
            let attributes = "gap=\"true\" width=\"\(Self.number(width))\""
            if let id = idsByDefinition["backspace " + attributes] { return id }
            var id = Self.backspaceID
            var number = 2
            while usedIDs.contains(id) {
                id = "\(Self.backspaceID)-\(number)"
                number += 1
            }
            usedIDs.insert(id)
            idsByDefinition["backspace " + attributes] = id
            lines.append("<key id=\"\(id)\" \(attributes) />")
            return id
        }

        /// The id of the gap where backspace goes.
        static let backspaceID = "backspace"

        /// Adds a layout key; `placed` goes in the row, `typed` is what a test presses.
        mutating func add(_ key: Key, in layout: Layout, layerIDs: [String]) -> (placed: String, typed: String?) {
            var attributes: [String] = []
            var base: String
            switch key.action {
            case .text(let text):
                base = Self.name(for: text)
                attributes.append("output=\"\(escaped(text))\"")
            case .accent(let index):
                let accent = layout.accents[index]
                base = "accent-\(accent.name.rawValue)"
                attributes.append("output=\"\(escaped(String(accent.mark), allHex: true))\"")
            case .space:
                base = "space"
                attributes.append("output=\" \"")
            case .returnKey:
                base = "enter"
                attributes.append("output=\"\\u{A}\"")
            case .shift, .capsLock:
                base = "shift"
                attributes.append(
                    "layerId=\"\(layerIDs[layout.shiftLayer] == layerIDs[key.layer] ? "base" : layerIDs[layout.shiftLayer])\""
                )
            case .layer(let target), .latch(let target):
                let id = target == layout.baseLayer ? "base" : layerIDs[target]
                base = "to-\(id)"
                attributes.append("layerId=\"\(id)\"")
            case .deadKey(let index):
                base = "dead-\(index)"
                attributes.append("output=\"\\m{\(LDMLExporter.deadKeyMarker(index))}\"")
            case .backspace:
                return (backspace(width: key.width), nil)
            }
            if abs(key.width - 1) > 0.001 { attributes.append("width=\"\(Self.number(key.width))\"") }
            if key.action == .space { attributes.append("stretch=\"true\"") }
            if !key.longPress.isEmpty {
                let targets = key.longPress.map { text in
                    define(base: Self.name(for: text), attributes: "output=\"\(escaped(text))\"")
                }
                attributes.append("longPressKeyIds=\"\(targets.joined(separator: " "))\"")
                if key.longPressDefault > 0, key.longPressDefault < targets.count {
                    attributes.append("longPressDefaultKeyId=\"\(targets[key.longPressDefault])\"")
                }
            }
            let id = define(base: base, attributes: attributes.joined(separator: " "))
            return (id, id)
        }

        /// The id of a key with these attributes, written once.
        private mutating func define(base: String, attributes: String) -> String {
            if let id = idsByDefinition[attributes] { return id }
            var id = base
            var number = 2
            while usedIDs.contains(id) {
                id = "\(base)-\(number)"
                number += 1
            }
            usedIDs.insert(id)
            idsByDefinition[attributes] = id
            lines.append("<key id=\"\(id)\" \(attributes) />")
            return id
        }

        /// A key id from the text it types: ASCII letters and digits as they are, else hex.
        static func name(for text: String) -> String {
            if !text.isEmpty,
                text.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                })
            {
                return text
            }
            return "u" + text.unicodeScalars.map { String(format: "%04X", $0.value) }.joined(separator: "-")
        }

        static func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
    }
}
