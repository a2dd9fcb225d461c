import LayoutEngine

extension LDMLKeyboard {
    /// The keyboard as one of the project's `Layout`s, for drawing, planning and comparing:
    /// the touch form (or the hardware form when `hardware` or when there is no touch
    /// form) with its rows, widths, gaps, layer keys and long-press alternates. A backspace
    /// key ends the last row of each layer (the form has none: it is a frame key).
    ///
    /// What a `Layout` cannot hold is left out and said in `description`: transforms,
    /// markers and reorders run only in `LDMLSession`; keys whose output is only markers
    /// become gaps; flicks and multi-tap are not carried.
    public func layout(id: String, hardware: Bool = false) throws(LayoutError) -> Layout {
        guard let set = hardware ? (self.hardware ?? touch()) : (touch() ?? self.hardware) else {
            throw LayoutError("keyboard \(id) has no layers")
        }
        let isTouch = set.formID == "touch"
        var layers: [LayerDefinition] = []
        var seenIDs: Set<String> = []
        for (number, layer) in set.layers.enumerated() {
            var layerID = isTouch ? (layer.id ?? "layer\(number)") : Self.layerID(layer, number: number)
            if number == set.baseLayer { layerID = "base" }
            guard seenIDs.insert(layerID).inserted else { continue }
            var rows: [RowDefinition] = []
            for row in layer.rows {
                var keysInRow: [KeyDefinition] = []
                var gap = 0.0
                var usedIDs: Set<String> = []
                for index in row {
                    let key = keys[index]
                    guard let action = action(of: key, isTouch: isTouch) else {
                        gap += key.width
                        continue
                    }
                    var keyID = key.id
                    while !usedIDs.insert(keyID).inserted { keyID += "'" }
                    let alternates = key.longPress.map { keys[$0].outputText.precomposed }.filter { !$0.isEmpty }
                    var definition = KeyDefinition(
                        action, id: keyID, label: label(of: key), width: key.width, gapBefore: gap,
                        longPress: alternates)
                    if let preferred = key.longPressDefault, alternates.contains(keys[preferred].outputText.precomposed)
                    {
                        definition.longPressDefault = keys[preferred].outputText.precomposed
                    }
                    keysInRow.append(definition)
                    gap = 0
                }
                rows.append(RowDefinition(keys: keysInRow, trailingGap: gap))
            }
            if !rows.isEmpty { rows[rows.count - 1].keys.append(KeyDefinition(.backspace, width: 1.5)) }
            layers.append(LayerDefinition(id: layerID, rows: rows))
        }
        let unitsPerRow = max(1, layers.flatMap(\.rows).map(\.width).max() ?? 10)
        let geometry =
            isTouch
            ? Geometry(
                widthMm: set.minDeviceWidth > 0 ? Double(set.minDeviceWidth) : 64.6, unitsPerRow: unitsPerRow,
                rowPitchMm: 8.9)
            : Geometry(widthMm: 19.05 * unitsPerRow, unitsPerRow: unitsPerRow, rowPitchMm: 19.05, keyGapMm: 2)
        let definition = LayoutDefinition(
            id: id, name: info.name.isEmpty ? id : info.name, locale: locale, platform: isTouch ? .android : .hardware,
            description:
                "CLDR keyboard \(locale) (\(set.formID) form); transforms, markers and reorders run only in an LDML session",
            geometry: geometry, layers: layers)
        return try Layout(definition)
    }

    private func action(of key: LDMLKey, isTouch: Bool) -> KeyDefinition.Action? {
        if key.isGap { return nil }
        if let layerID = key.layerID, isTouch { return .layer(layerID) }
        switch key.outputText {
        case " ": return .space
        case "\n", "\r": return .returnKey
        case "": return nil
        default: return .text(key.outputText.precomposed)
        }
    }

    private func label(of key: LDMLKey) -> String? {
        if let display = displays.first(where: { $0.keyID == key.id }) { return display.display }
        if let display = displays.first(where: { $0.output != nil && $0.output == key.output }) {
            return display.display
        }
        return key.layerID != nil && key.outputText.isEmpty ? key.id : nil
    }

    private static func layerID(_ layer: LDMLLayer, number: Int) -> String {
        if layer.isOther { return "other" }
        guard let first = layer.modifiers.first else { return "layer\(number)" }
        if first == .none { return "base" }
        let names: [(LDMLModifiers, String)] = [
            (.shift, "shift"), (.caps, "caps"), (.alt, "alt"), (.altL, "altL"), (.altR, "altR"), (.ctrl, "ctrl"),
            (.ctrlL, "ctrlL"), (.ctrlR, "ctrlR"),
        ]
        return names.filter { first.contains($0.0) }.map(\.1).joined(separator: "-")
    }
}

extension String {
    fileprivate var precomposed: String {
        var view = String.UnicodeScalarView()
        for value in Normalization.nfc(unicodeScalars.map(\.value)) {
            if let scalar = Unicode.Scalar(value) { view.append(scalar) }
        }
        return String(view)
    }
}
