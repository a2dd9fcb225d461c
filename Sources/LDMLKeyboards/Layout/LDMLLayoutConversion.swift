import LayoutEngine

extension LDMLKeyboard {
    /// The keyboard as one of the project's `Layout`s, for drawing, planning and comparing:
    /// the touch form (or the hardware form when `hardware` or when there is no touch
    /// form) with its rows, widths, gaps, layer keys, long-press alternates, multi-tap
    /// lists and flicks.
    ///
    /// A touch form gets a backspace key (the form has none: it is a frame key) on a gap
    /// named `backspace` (or `backspace-N`), where our export keeps its place and width, else
    /// at the end of the last row of each layer. A hardware form of a known shape (`us`, `iso`, `abnt2`,
    /// `jis`, `ks`) is drawn as that board, with its frame keys (`LDMLHardwareForm`).
    ///
    /// What a `Layout` cannot hold is left out and said in `description`: transforms,
    /// markers and reorders run only in `LDMLSession`. A key whose output is only markers is
    /// a dead key when text keys after it make other characters (`markerDeadKeys`), else a
    /// gap; what transforms make of one key's text after another's is the layout's
    /// `textCompositions`, for the planner; a flick that switches layers, and a multi-tap
    /// list with a key that types nothing, are not carried.
    public func layout(id: String, hardware: Bool = false) throws(LayoutError) -> Layout {
        guard let set = hardware ? (self.hardware ?? touch()) : (touch() ?? self.hardware) else {
            throw LayoutError("keyboard \(id) has no layers")
        }
        let isTouch = set.formID == "touch"
        let layerIDs = set.layers.enumerated().map { number, layer in
            number == set.baseLayer
                ? "base" : isTouch ? (layer.id ?? "layer\(number)") : Self.layerID(layer, number: number)
        }
        let form = isTouch ? nil : LDMLHardwareForm.named(set.formID, layerIDs: layerIDs)
        let deadKeys = markerDeadKeys(set, hardware: !isTouch)
        var layers: [LayerDefinition] = []
        var seenIDs: Set<String> = []
        for (number, layer) in set.layers.enumerated() {
            let layerID = layerIDs[number]
            guard seenIDs.insert(layerID).inserted else { continue }
            var rows: [RowDefinition] = []
            var hasBackspace = false
            for (rowNumber, row) in layer.rows.enumerated() {
                var keysInRow: [KeyDefinition] = []
                var gap = 0.0
                var usedIDs: Set<String> = []
                for index in row {
                    let key = keys[index]
                    let isBackspace = isTouch && !hasBackspace && Self.isBackspacePlace(key)
                    hasBackspace = hasBackspace || isBackspace
                    guard
                        let action = isBackspace
                            ? .backspace
                            : deadKeys[index].map({ .deadKey($0.name) }) ?? action(of: key, isTouch: isTouch)
                    else {
                        gap += key.width
                        continue
                    }
                    var keyID = key.id
                    while !usedIDs.insert(keyID).inserted { keyID += "'" }
                    let label = label(of: key) ?? (deadKeys[index].map { $0.symbol.isEmpty ? key.id : $0.symbol })
                    var definition = KeyDefinition(
                        action, id: keyID, label: label, width: key.width, gapBefore: gap,
                        longPress: alternates(of: key), multiTap: multiTapTexts(of: key), flicks: flicks(of: key))
                    if let preferred = key.longPressDefault,
                        definition.longPress.contains(keys[preferred].outputText.precomposed)
                    {
                        definition.longPressDefault = keys[preferred].outputText.precomposed
                    }
                    keysInRow.append(definition)
                    gap = 0
                }
                if let form {
                    rows.append(form.frame(keysInRow, row: rowNumber, places: row.count, trailingGap: gap))
                } else {
                    rows.append(RowDefinition(keys: keysInRow, trailingGap: gap))
                }
            }
            if form == nil, !hasBackspace, !rows.isEmpty {
                rows[rows.count - 1].keys.append(KeyDefinition(.backspace, width: 1.5))
            }
            var definition = LayerDefinition(id: layerID, rows: rows)
            if form != nil, layerID == LDMLHardwareForm.altGrLayer(layerIDs), layerIDs.contains("shift-" + layerID) {
                definition.shifted = "shift-" + layerID
            }
            if form != nil, layerID == "base", layerIDs.contains("caps") { definition.locked = "caps" }
            layers.append(definition)
        }
        // A form without a shift layer has no keys for shift: the layout's shift layer is its
        // base as it is. (Left to `Layout`, it would be the base upper-cased, whose keys the
        // keyboard does not have: its key `A` of another layer, with other long-press keys,
        // took their presses, found by FuzzLDMLLoader.)
        if !layers.contains(where: { $0.id == "shift" }), let base = layers.firstIndex(where: { $0.id == "base" }) {
            var shift = layers[base]
            shift.id = "shift"
            layers.insert(shift, at: base + 1)
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
            geometry: geometry, layers: layers,
            deadKeys: deadKeys.sorted { $0.key < $1.key }.map(\.value),
            textCompositions: textCompositions(set, hardware: !isTouch))
        return try Layout(definition)
    }

    /// A gap that holds backspace's place: `backspace`, `backspace-2`, ….
    static func isBackspacePlace(_ key: LDMLKey) -> Bool {
        guard key.isGap else { return false }
        return key.id == "backspace" || (key.id.hasPrefix("backspace-") && Int(key.id.dropFirst(10)) != nil)
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

    /// The texts of a key's long-press keys that type something.
    private func alternates(of key: LDMLKey) -> [String] {
        var seen: Set<String> = []
        return key.longPress.map { keys[$0].outputText.precomposed }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The texts of a key's multi-tap keys, when every one types something (the count a
    /// text comes at depends on its place in the list).
    private func multiTapTexts(of key: LDMLKey) -> [String] {
        let texts = key.multiTap.map { keys[$0].outputText.precomposed }
        return texts.contains(where: \.isEmpty) ? [] : texts
    }

    /// The flicks of a key whose target types something.
    private func flicks(of key: LDMLKey) -> [Flick] {
        guard let flickID = key.flickID, let segments = flicks[flickID] else { return [] }
        var result: [Flick] = []
        for segment in segments {
            let text = keys[segment.key].outputText.precomposed
            let directions = segment.directions.compactMap { FlickDirection(name: $0.rawValue) }
            guard !text.isEmpty, !directions.isEmpty, directions.count <= KeyEvent.flickLimit,
                !result.contains(where: { $0.directions == directions })
            else { continue }
            result.append(Flick(directions: directions, text: text))
        }
        return result
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
    var precomposed: String {
        var view = String.UnicodeScalarView()
        for value in Normalization.nfc(unicodeScalars.map(\.value)) {
            if let scalar = Unicode.Scalar(value) { view.append(scalar) }
        }
        return String(view)
    }
}
