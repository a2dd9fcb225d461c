import Foundation

extension LDMLLoading {
    /// The hardware forms: CLDR's implied ones (us, iso, jis, ks, abnt2), then the file's.
    mutating func readForms(_ forms: (XMLNode, SourcePlace)?) -> [String: [[UInt8]]] {
        var result: [String: [[UInt8]]] = [:]
        var nodes: [(XMLNode, SourcePlace)] = []
        if resolver.cldrDirectory == nil, let implied = ShippedImpliedForms.rows {
            result = implied
        } else if let (data, name) = resolver.cldrFile("45/scanCodes-implied.xml"),
            case .success(let root) = resolver.parse(data, name: name)
        {
            nodes += root.children(named: "form").map { ($0, SourcePlace(file: name, node: $0, path: "forms/form")) }
        }
        if let (node, place) = forms {
            nodes += node.children(named: "form").enumerated().map { ($1, place.child($1, index: $0)) }
        }
        for (form, place) in nodes {
            guard let id = require("id", of: form, place: place, example: "us") else { continue }
            guard id != "touch" else {
                sink.error(place, "bad-id", "a <form> cannot be called touch", fix: "rename the form")
                continue
            }
            let (rows, valid) = Self.scanCodeRows(form)
            if !valid {
                sink.error(
                    place, "bad-value", "scan codes must be two-digit hex bytes", fix: "write e.g. codes=\"29 02 03\"")
            }
            result[id] = rows
        }
        return result
    }

    /// A `<form>`'s rows of scan codes (the hex bytes of each `<scanCodes codes=…>`), and
    /// whether every code was one.
    static func scanCodeRows(_ form: XMLNode) -> (rows: [[UInt8]], valid: Bool) {
        var rows: [[UInt8]] = []
        var valid = true
        for scanCodes in form.children(named: "scanCodes") {
            let codes = (scanCodes["codes"] ?? "").split(whereSeparator: \.isListSeparator).map { UInt8($0, radix: 16) }
            if codes.contains(nil) { valid = false }
            rows.append(codes.compactMap { $0 })
        }
        return (rows, valid)
    }

    /// The `<layers>` elements.
    mutating func readLayers(_ root: XMLNode, place: SourcePlace, keys: KeyBag, forms: [String: [[UInt8]]])
        -> [LDMLLayerSet]
    {
        var sets: [LDMLLayerSet] = []
        // The key ids lowercased once, for the suggestions of the rows' unknown names.
        var knownNames: [(name: String, scalars: [Unicode.Scalar])]?
        let nodes = root.children(named: "layers")
        if nodes.isEmpty {
            sink.error(
                place, "missing-element", "the keyboard has no <layers>",
                fix: "add <layers formId=\"us\"> (or \"touch\") with its <layer> rows")
        }
        var hardwareCount = 0
        for (number, node) in nodes.enumerated() {
            let layersPlace = place.child(node, index: number)
            guard let formID = require("formId", of: node, place: layersPlace, example: "us") else { continue }
            let isTouch = formID == "touch"
            let scanRows = forms[formID]
            if !isTouch {
                hardwareCount += 1
                if hardwareCount > 1 {
                    sink.error(
                        layersPlace, "duplicate-element", "a second hardware <layers>",
                        fix: "keep one hardware form per keyboard; make another keyboard for it")
                }
                if scanRows == nil {
                    sink.error(
                        layersPlace, "unknown-form", "formId=\"\(formID)\" is not a known form",
                        fix: "use touch, us, iso, jis, ks or abnt2 (or define <form id=\"\(formID)\">)")
                }
            }
            var minDeviceWidth = 0
            if let value = node["minDeviceWidth"] {
                if let width = Int(value), (1...999).contains(width) {
                    minDeviceWidth = width
                } else {
                    sink.error(
                        layersPlace, "bad-value", "minDeviceWidth=\"\(value)\" is not a whole number 1–999",
                        fix: "write the width in mm, e.g. 150")
                }
            }
            var layers: [LDMLLayer] = []
            var seenModifiers: [LDMLModifiers: Int] = [:]
            for (layerNumber, layerNode) in node.children(named: "layer").enumerated() {
                let layerPlace = layersPlace.child(layerNode, index: layerNumber)
                if isTouch, layerNode["id"] == nil {
                    sink.error(
                        layerPlace, "missing-attribute", "a touch <layer> needs an id",
                        fix: "add id=\"base\" (or the layer's name)")
                }
                let (modifiers, isOther) =
                    isTouch ? ([], false) : readModifiers(layerNode["modifiers"] ?? "none", place: layerPlace)
                for set in modifiers {
                    if let other = seenModifiers[set] {
                        sink.error(
                            layerPlace, "overlapping-layers", "the modifiers overlap layer \(other + 1)",
                            fix: "give each modifier combination one layer")
                    }
                    seenModifiers[set] = layerNumber
                }
                var rows: [[Int]] = []
                for (rowNumber, row) in layerNode.children(named: "row").enumerated() {
                    let rowPlace = layerPlace.child(row, index: rowNumber)
                    let names = (row["keys"] ?? "").split(whereSeparator: \.isListSeparator).map(String.init)
                    var keyRow: [Int] = []
                    for name in names {
                        if let index = keys.index[name] {
                            keyRow.append(index)
                        } else {
                            let known = knownNames ?? Self.lowercased(keys.index.keys)
                            knownNames = known
                            sink.error(
                                rowPlace, "unknown-key", "the row names the key \"\(name)\", which is not defined",
                                fix:
                                    "define <key id=\"\(name)\" output=\"…\"/> in <keys>\(Self.suggestion(name, among: known))"
                            )
                        }
                    }
                    if let scanRows, !isTouch {
                        if rowNumber >= scanRows.count {
                            sink.error(
                                rowPlace, "too-many-rows", "form \(formID) has \(scanRows.count) rows",
                                fix: "remove the extra row")
                        } else if keyRow.count > scanRows[rowNumber].count {
                            sink.error(
                                rowPlace, "too-many-keys",
                                "row \(rowNumber + 1) of form \(formID) has \(scanRows[rowNumber].count) keys, not \(keyRow.count)",
                                fix: "remove keys from the row (use gap for empty places)")
                        }
                    }
                    rows.append(keyRow)
                }
                layers.append(LDMLLayer(id: layerNode["id"], modifiers: modifiers, isOther: isOther, rows: rows))
            }
            if isTouch, !layers.contains(where: { $0.id == "base" }) {
                sink.error(
                    layersPlace, "missing-base-layer", "touch layers need one with id=\"base\"",
                    fix: "rename the first layer to id=\"base\"")
            }
            if layers.isEmpty {
                sink.error(
                    layersPlace, "missing-element", "<layers> has no <layer>",
                    fix: "add a <layer> with <row keys=\"…\"/>")
            }
            sets.append(LDMLLayerSet(formID: formID, minDeviceWidth: minDeviceWidth, layers: layers))
        }
        for key in keys.list {
            guard let layerID = key.layerID else { continue }
            let known = sets.contains { set in set.layers.contains { $0.id == layerID } }
            if !known, sets.contains(where: { $0.formID == "touch" }) {
                sink.warning(
                    SourcePlace(file: file, line: 0, column: 0, path: "keyboard3/keys/key[@id=\(key.id)]"),
                    "unknown-layer",
                    "the key \"\(key.id)\" switches to layer \"\(layerID)\", which no touch layer has",
                    fix: "add <layer id=\"\(layerID)\">")
            }
        }
        return sets
    }

    /// A `modifiers` attribute: comma-separated sets of components.
    private mutating func readModifiers(_ value: String, place: SourcePlace) -> ([LDMLModifiers], Bool) {
        var sets: [LDMLModifiers] = []
        var isOther = false
        for group in value.split(separator: ",") {
            let words = group.split(whereSeparator: \.isListSeparator).map(String.init)
            var set: LDMLModifiers = []
            for word in words {
                switch word {
                case "none", "other":
                    if words.count > 1 {
                        sink.error(
                            place, "bad-modifiers", "\"\(word)\" cannot be combined with other modifiers",
                            fix: "write it alone")
                    }
                    if word == "other" { isOther = true }
                case "shift": set.insert(.shift)
                case "caps": set.insert(.caps)
                case "alt": set.insert(.alt)
                case "altL": set.insert(.altL)
                case "altR": set.insert(.altR)
                case "ctrl": set.insert(.ctrl)
                case "ctrlL": set.insert(.ctrlL)
                case "ctrlR": set.insert(.ctrlR)
                default:
                    sink.error(
                        place, "bad-modifiers", "\"\(word)\" is not a modifier",
                        fix: "use none, shift, caps, alt, altL, altR, ctrl, ctrlL, ctrlR or other")
                }
            }
            let left = set.contains(.altL) || set.contains(.ctrlL)
            let right = set.contains(.altR) || set.contains(.ctrlR)
            if left, right {
                sink.error(
                    place, "bad-modifiers", "left and right modifiers are mixed in \"\(group)\"",
                    fix: "use one side, or alt/ctrl for either")
            }
            if (set.contains(.alt) && (set.contains(.altL) || set.contains(.altR)))
                || (set.contains(.ctrl) && (set.contains(.ctrlL) || set.contains(.ctrlR)))
            {
                sink.warning(
                    place, "mixed-modifiers", "\"\(group)\" mixes alt/ctrl with a one-sided form",
                    fix: "use either alt or altL/altR")
            }
            if !(words.count == 1 && words[0] == "other") { sets.append(set) }
        }
        return (sets, isOther)
    }
}

/// CLDR's implied hardware forms (the shipped `scanCodes-implied.xml`) read once a process:
/// every keyboard starts from them, and reading their scan codes again cost a small
/// keyboard's load more than its own elements.
private enum ShippedImpliedForms {
    /// Each form's rows by id, or `nil` when the shipped file does not read cleanly (then each
    /// load reads it, with its diagnostics).
    static let rows: [String: [[UInt8]]]? = {
        let resolver = LDMLImportResolver()
        guard let (data, name) = resolver.cldrFile("45/scanCodes-implied.xml"),
            case .success(let root) = resolver.parse(data, name: name)
        else { return nil }
        var result: [String: [[UInt8]]] = [:]
        for form in root.children(named: "form") {
            guard let id = form["id"], id != "touch" else { return nil }
            let (rows, valid) = LDMLLoading.scanCodeRows(form)
            guard valid else { return nil }
            result[id] = rows
        }
        return result
    }()
}
