extension LayoutDecoder {
    package static let actionNames = ["shift", "backspace", "space", "return", "layer"]

    /// Decodes `layers`, then checks what needs all of them: layer references, the base
    /// layer, an explicit shift layer's shape, layers nothing switches to.
    mutating func decodeLayers(
        _ nodes: [JSONNode]?, root: JSONNode, accents: [Accent], geometry: Geometry?
    ) -> [LayerDefinition]? {
        guard let nodes else { return nil }
        // The shift layer is derived from base when the file has none: it counts too.
        let declaresShift = nodes.contains { node in
            guard case .object(let members) = node.value else { return false }
            return members.contains { member in
                guard member.key == "id", case .string(let id) = member.value.value else { return false }
                return id == "shift"
            }
        }
        let layerCount = nodes.count + (declaresShift ? 0 : 1)
        guard layerCount <= LayoutLimits.layers else {
            report(
                .outOfRange, root["layers"] ?? root, "layers",
                "\(layerCount) layers (the shift layer included\(declaresShift ? "" : ", derived from base")); "
                    + "a layout has at most \(LayoutLimits.layers)")
            return nil
        }
        var layers: [LayerDefinition] = []
        var layerNodes: [JSONNode] = []
        var references: [(target: String, node: JSONNode?, path: String)] = []
        for (index, node) in nodes.enumerated() {
            let path = "layers[\(index)]"
            guard let fields = members(node, path, known: LayoutFields.layer) else { continue }
            let id = string(fields, "id", path, required: true)
            if let id, layers.contains(where: { $0.id == id }) {
                report(
                    .duplicate, fields["id"], "\(path).id", "layer \"\(id)\" appears twice; give each layer its own id")
            }
            var rows: [RowDefinition] = []
            var keyIDs: [String: String] = [:]
            for (rowIndex, rowNode) in (array(fields, "rows", path, required: true) ?? []).enumerated() {
                let rowPath = "\(path).rows[\(rowIndex)]"
                guard let rowFields = members(rowNode, rowPath, known: LayoutFields.row) else { continue }
                var row = RowDefinition(keys: [])
                var gap = 0.0
                for (keyIndex, keyNode) in (array(rowFields, "keys", rowPath, required: true) ?? []).enumerated() {
                    let keyPath = "\(rowPath).keys[\(keyIndex)]"
                    switch decodeKey(keyNode, keyPath, accents: accents) {
                    case .gap(let width): gap += width
                    case .key(var key, let target):
                        if let geometry { checkVisibleWidth(key, geometry, keyNode, keyPath) }
                        key.gapBefore = gap
                        gap = 0
                        if let target { references.append((target, keyNode["layer"], "\(keyPath).layer")) }
                        let keyID = key.id ?? key.defaultID
                        if let first = keyIDs[keyID] {
                            report(
                                .duplicate, keyNode, keyPath,
                                "key id \"\(keyID)\" is already used by \(first); give one an explicit \"id\"")
                        } else {
                            keyIDs[keyID] = keyPath
                        }
                        row.keys.append(key)
                    case nil: gap = 0
                    }
                }
                row.trailingGap = gap
                if let geometry, row.width > geometry.unitsPerRow + 1e-6 {
                    report(
                        .rowTooWide, rowNode, rowPath,
                        "the row is \(rounded(row.width)) key units wide, more than unitsPerRow (\(rounded(geometry.unitsPerRow))); narrow its keys or gaps"
                    )
                }
                rows.append(row)
            }
            if let id {
                layers.append(LayerDefinition(id: id, rows: rows))
                layerNodes.append(node)
            }
        }
        let keyCount = layers.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.keys.count } }
        let derivedShiftKeys =
            declaresShift ? 0 : layers.first { $0.id == "base" }?.rows.reduce(0) { $0 + $1.keys.count } ?? 0
        if keyCount + derivedShiftKeys > LayoutLimits.keys {
            report(
                .outOfRange, root["layers"] ?? root, "layers",
                "\(keyCount + derivedShiftKeys) keys over the layers (the shift layer included); "
                    + "a layout has at most \(LayoutLimits.keys)")
            return nil
        }
        let ids = layers.map { $0.id }
        for reference in references where !ids.contains(reference.target) {
            report(
                .unknownName, reference.node, reference.path,
                "no layer \"\(reference.target)\"" + didYouMean(reference.target, ids)
                    + " (layers: \(ids.joined(separator: ", ")))")
        }
        guard let base = layers.first(where: { $0.id == "base" }) else {
            report(
                .missingBaseLayer, root["layers"] ?? root, "layers",
                "no layer has id \"base\"; the layer shown first must be called \"base\"")
            return nil
        }
        if let shiftIndex = layers.firstIndex(where: { $0.id == "shift" }), !Self.sameShape(base, layers[shiftIndex]) {
            report(
                .shiftLayerMismatch, layerNodes[shiftIndex], "layers[\(shiftIndex)]",
                "the shift layer must have the same rows and key widths as base; or remove it to derive it from base")
        }
        let targets = Set(references.map { $0.target })
        for (index, layer) in layers.enumerated()
        where !["base", "shift"].contains(layer.id) && !targets.contains(layer.id) {
            report(
                .unreachableLayer, layerNodes[index], "layers[\(index)]",
                "no key switches to layer \"\(layer.id)\"; add a key with \"action\": \"layer\", \"layer\": \"\(layer.id)\"",
                severity: .warning)
        }
        return layers
    }

    enum DecodedKey {
        case gap(Double)
        case key(KeyDefinition, layerTarget: String?)
    }

    mutating func decodeKey(_ node: JSONNode, _ path: String, accents: [Accent]) -> DecodedKey? {
        guard let fields = members(node, path, known: LayoutFields.key) else { return nil }
        let kinds = ["text", "accent", "action", "gap"].filter { fields[$0] != nil }
        guard kinds.count == 1 else {
            if kinds.isEmpty {
                report(.missingField, node, path, "a key needs one of \"text\", \"accent\", \"action\" or \"gap\"")
            } else {
                report(
                    .conflictingFields, node, path,
                    "a key has exactly one of \"text\", \"accent\", \"action\" or \"gap\"; found \(kinds.joined(separator: " and "))"
                )
            }
            return nil
        }
        if kinds[0] == "gap" {
            let extra = fields.keys.filter { $0 != "gap" }.sorted()
            if !extra.isEmpty {
                report(
                    .conflictingFields, node, path, "a gap has no other fields; remove \(extra.joined(separator: ", "))"
                )
            }
            return number(fields, "gap", path, required: true, in: .gapWidth).map { .gap($0) }
        }
        var target: String?
        let action: KeyDefinition.Action
        switch kinds[0] {
        case "text":
            guard let text = string(fields, "text", path, required: true),
                grapheme(text, fields["text"], "\(path).text")
            else { return nil }
            action = .text(text.precomposedForm)
        case "accent":
            guard let raw = string(fields, "accent", path, required: true) else { return nil }
            let declared = accents.map { $0.name.rawValue }
            guard let name = AccentName(rawValue: raw), declared.contains(raw) else {
                let message =
                    AccentName(rawValue: raw) != nil
                    ? "accent \"\(raw)\" is not declared; add {\"name\": \"\(raw)\"} to \"accents\""
                    : "unknown accent \"\(raw)\""
                        + didYouMean(raw, declared.isEmpty ? AccentName.allCases.map { $0.rawValue } : declared)
                report(.unknownName, fields["accent"], "\(path).accent", message)
                return nil
            }
            action = .accent(name)
        default:
            guard let raw = string(fields, "action", path, required: true) else { return nil }
            switch raw {
            case "shift": action = .shift
            case "backspace": action = .backspace
            case "space": action = .space
            case "return": action = .returnKey
            case "layer":
                guard let layer = string(fields, "layer", path, required: true) else { return nil }
                target = layer
                action = .layer(layer)
            default:
                report(
                    .unknownName, fields["action"], "\(path).action",
                    "unknown action \"\(raw)\"" + didYouMean(raw, Self.actionNames)
                        + " (one of: \(Self.actionNames.joined(separator: ", ")))")
                return nil
            }
        }
        if fields["layer"] != nil, target == nil {
            report(
                .conflictingFields, fields["layer"], "\(path).layer", "\"layer\" goes with \"action\": \"layer\" only")
        }
        var key = KeyDefinition(
            action, id: string(fields, "id", path, required: false),
            label: string(fields, "label", path, required: false))
        key.width = number(fields, "width", path, required: false, in: .keyWidth) ?? 1
        var alternates: [String] = []
        let alternateNodes = array(fields, "longPress", path, required: false) ?? []
        if alternateNodes.count > LayoutLimits.alternates {
            report(
                .outOfRange, fields["longPress"], "\(path).longPress",
                "\(alternateNodes.count) alternates; a key has at most \(LayoutLimits.alternates)")
            return nil
        }
        for (index, alternateNode) in alternateNodes.enumerated() {
            let alternatePath = "\(path).longPress[\(index)]"
            guard case .string(let alternate) = alternateNode.value else {
                report(
                    .wrongType, alternateNode, alternatePath,
                    "expected a string, found \(alternateNode.value.kindName.withArticle)"
                )
                continue
            }
            guard grapheme(alternate, alternateNode, alternatePath) else { continue }
            if alternates.contains(alternate.precomposedForm) {
                report(.duplicate, alternateNode, alternatePath, "\"\(alternate)\" is listed twice; keep one")
                continue
            }
            alternates.append(alternate.precomposedForm)
        }
        key.longPress = alternates
        if let wanted = string(fields, "longPressDefault", path, required: false) {
            if alternates.contains(wanted.precomposedForm) {
                key.longPressDefault = wanted.precomposedForm
            } else {
                let listed =
                    alternates.isEmpty
                    ? "the key has no \"longPress\" list"
                    : "it is not in longPress [\(alternates.joined(separator: ", "))]"
                report(
                    .longPressDefaultNotListed, fields["longPressDefault"], "\(path).longPressDefault",
                    "long-press default \"\(wanted)\" cannot be picked: \(listed); add it there or pick one of them")
            }
        }
        return .key(key, layerTarget: target)
    }

    /// A key must show something after the gap between keys is taken off its width.
    mutating func checkVisibleWidth(_ key: KeyDefinition, _ geometry: Geometry, _ node: JSONNode, _ path: String) {
        let visible = key.width * geometry.keyUnitMm - geometry.keyGapMm
        guard visible <= 0 else { return }
        let needed = geometry.keyGapMm / geometry.keyUnitMm
        report(
            .outOfRange, node["width"] ?? node, "\(path).width",
            "the key is \(rounded(key.width * geometry.keyUnitMm)) mm wide, no wider than the \(rounded(geometry.keyGapMm)) mm "
                + "gap between keys, so nothing of it shows; make it wider than \(rounded(needed)) key units")
    }

    static func sameShape(_ a: LayerDefinition, _ b: LayerDefinition) -> Bool {
        a.rows.count == b.rows.count
            && zip(a.rows, b.rows).allSatisfy { rowA, rowB in
                rowA.keys.count == rowB.keys.count
                    && zip(rowA.keys, rowB.keys).allSatisfy { $0.width == $1.width && $0.gapBefore == $1.gapBefore }
            }
    }

    func rounded(_ value: Double) -> String {
        let text = String((value * 100).rounded() / 100)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
