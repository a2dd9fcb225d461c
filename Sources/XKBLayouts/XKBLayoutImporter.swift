import LayoutEngine

/// A hardware layout made from an XKB keymap, with the physical key behind each engine key.
public struct XKBImportedLayout: Sendable {
    /// The engine layout: platform `.hardware`, layers `base`, `shift`, `caps` (where Caps
    /// Lock differs from Shift) and, when the keymap has a level-3 key, `altgr`,
    /// `altgr-shift` and `altgr-caps`.
    public let layout: Layout
    /// Per key (`KeyID.rawValue`): the XKB keycode of its physical key.
    public let keycodes: [UInt32]
    /// Per key: the keysym it gives at its layer's level (what an input method feeds to Compose).
    public let keysyms: [UInt32]
    /// The keycodes of the keys the engine's shift and AltGr stand for (`LFSH`, `RALT`).
    public let shiftKeycode: UInt32?
    public let levelThreeKeycode: UInt32?
    /// The keycode of Caps Lock (`CAPS`), when it locks capitals.
    public let capsLockKeycode: UInt32?
    /// Where the dead keys' compositions came from.
    public let composeSource: String
}

/// Turns an XKB keymap into an engine layout on the ISO keyboard (`ISOKeyboard`): every key
/// at every level (none, Shift, AltGr, Shift+AltGr) as libxkbcommon's key state gives it,
/// keysyms as text through `xkb_keysym_to_utf8`, dead keysyms as dead keys whose
/// compositions come from feeding the Compose table.
public enum XKBLayoutImporter {
    /// The modifiers of a layer: Shift held, AltGr held, Caps Lock locked.
    private struct Modifiers {
        var shift = false
        var levelThree = false
        var capsLock = false
    }

    /// One layer as read from the key state: rows, the keycode and keysym of each key.
    private struct ImportedLayer {
        var rows: [RowDefinition] = []
        var keycodes: [UInt32] = []
        var keysyms: [UInt32] = []
        var actions: [KeyDefinition.Action] = []
    }

    /// Imports a compiled keymap.
    /// - Parameters:
    ///   - id: the layout id (`xkb:hu`); `name` its human-readable name; `locale` a BCP 47 tag.
    /// - Throws: `XKBError.noTypingKeys` when the keymap types nothing on the ISO keys.
    public static func importLayout(
        keymap: XKBKeymap, compose: XKBComposeTable, id: String, name: String, locale: String, description: String
    ) throws(XKBError) -> XKBImportedLayout {
        let probe = try XKBState(keymap: keymap)
        let shiftKeycode = keymap.keycode(named: "LFSH")
        let levelThreeKeycode = ["RALT", "LVL3", "MDSW"].lazy.compactMap { keymap.keycode(named: $0) }
            .first { XKBKeysym.name(probe.keysym($0)) == "ISO_Level3_Shift" }
        let capsKeycode = keymap.keycode(named: "CAPS").flatMap {
            XKBKeysym.name(probe.keysym($0)) == "Caps_Lock" ? $0 : nil
        }
        let keys = Keys(shift: shiftKeycode, levelThree: levelThreeKeycode, capsLock: capsKeycode)

        // Layers in order: base, shift, caps, altgr, altgr-shift, altgr-caps; a caps layer
        // only where Caps Lock gives something else than Shift (the digits stay digits).
        var layers: [(definition: LayerDefinition, imported: ImportedLayer)] = []
        let groups: [(prefix: String, levelThree: Bool)] =
            levelThreeKeycode == nil ? [("", false)] : [("", false), ("altgr-", true)]
        for (prefix, levelThree) in groups {
            let plain = try importLayer(keymap, probe, keys, Modifiers(levelThree: levelThree))
            let shifted = try importLayer(keymap, probe, keys, Modifiers(shift: true, levelThree: levelThree))
            let caps =
                capsKeycode == nil
                ? shifted : try importLayer(keymap, probe, keys, Modifiers(levelThree: levelThree, capsLock: true))
            let plainID = prefix.isEmpty ? "base" : "altgr"
            let shiftedID = prefix + "shift"
            let lockedID: String? =
                caps.actions == shifted.actions ? nil : caps.actions == plain.actions ? plainID : prefix + "caps"
            layers.append(
                (LayerDefinition(id: plainID, rows: plain.rows, shifted: shiftedID, locked: lockedID), plain))
            layers.append((LayerDefinition(id: shiftedID, rows: shifted.rows), shifted))
            if lockedID == prefix + "caps" {
                layers.append((LayerDefinition(id: prefix + "caps", rows: caps.rows), caps))
            }
        }

        var deadKeyNames: [String] = []
        var candidates: [(keysym: UInt32, text: String)] = []
        var seenCandidates: Set<UInt32> = []
        for (_, imported) in layers {
            for (action, keysym) in zip(imported.actions, imported.keysyms) {
                switch action {
                case .deadKey(let deadName) where !deadKeyNames.contains(deadName): deadKeyNames.append(deadName)
                case .text(let text) where seenCandidates.insert(keysym).inserted: candidates.append((keysym, text))
                case .space where seenCandidates.insert(keysym).inserted: candidates.append((keysym, " "))
                default: break
                }
            }
        }
        guard !candidates.isEmpty else { throw .noTypingKeys(source: id) }

        let deadKeys = try deadKeyNames.map { (deadName) throws(XKBError) in
            try deadKey(deadName, candidates: candidates, compose: compose)
        }
        let definition = LayoutDefinition(
            id: id, name: name, locale: locale, platform: .hardware, description: description,
            geometry: ISOKeyboard.geometry, policies: Policies(backspace: .grapheme), layers: layers.map(\.definition),
            deadKeys: deadKeys)
        let layout: Layout
        do {
            layout = try Layout(definition)
        } catch {
            throw .invalidKeymap(source: "\(id): \(error)")
        }
        return XKBImportedLayout(
            layout: layout, keycodes: layers.flatMap(\.imported.keycodes), keysyms: layers.flatMap(\.imported.keysyms),
            shiftKeycode: shiftKeycode,
            levelThreeKeycode: levelThreeKeycode, capsLockKeycode: capsKeycode, composeSource: compose.source)
    }

    /// The keycodes of the modifier keys.
    private struct Keys {
        let shift: UInt32?
        let levelThree: UInt32?
        let capsLock: UInt32?
    }

    /// Reads every ISO key from a key state with these modifiers down (or locked).
    private static func importLayer(_ keymap: XKBKeymap, _ probe: XKBState, _ keys: Keys, _ modifiers: Modifiers)
        throws(XKBError) -> ImportedLayer
    {
        let state = try XKBState(keymap: keymap)
        if modifiers.capsLock, let capsLock = keys.capsLock {
            state.updateKey(capsLock, down: true)
            state.updateKey(capsLock, down: false)
        }
        if modifiers.shift, let shift = keys.shift { state.updateKey(shift, down: true) }
        if modifiers.levelThree, let levelThree = keys.levelThree { state.updateKey(levelThree, down: true) }
        var layer = ImportedLayer()
        for positions in ISOKeyboard.rows {
            var row: [KeyDefinition] = []
            var gap = 0.0
            for position in positions {
                guard let keyName = position.name, let keycode = keymap.keycode(named: keyName),
                    let action = action(
                        keysym: state.keysym(keycode), role: XKBKeysym.name(probe.keysym(keycode)),
                        hasLevelThree: keys.levelThree != nil)
                else {
                    gap += position.width
                    continue
                }
                row.append(
                    KeyDefinition(action, id: keyName, label: label(of: action), width: position.width, gapBefore: gap))
                layer.keycodes.append(keycode)
                layer.keysyms.append(state.keysym(keycode))
                layer.actions.append(action)
                gap = 0
            }
            layer.rows.append(RowDefinition(keys: row, trailingGap: gap))
        }
        return layer
    }

    /// What a key does at a level: modifiers by the key's base keysym (`role`), so that
    /// every layer has them; the rest by the keysym at the level. `nil`: the key types
    /// nothing there.
    static func action(keysym: UInt32, role: String, hasLevelThree: Bool) -> KeyDefinition.Action? {
        switch role {
        case "Shift_L", "Shift_R": return .shift
        case "Caps_Lock": return .capsLock
        case "ISO_Level3_Shift": return hasLevelThree ? .latch("altgr") : nil
        case "BackSpace": return .backspace
        case "Return": return .returnKey
        case "Tab": return .text("\t")
        default: break
        }
        guard keysym != 0 else { return nil }
        let name = XKBKeysym.name(keysym)
        if name.hasPrefix("dead_") { return .deadKey(name) }
        if name == "space" { return .space }
        let text = XKBKeysym.text(keysym)
        guard text.count == 1, let first = text.unicodeScalars.first else { return nil }
        if text == "\t" { return .text(text) }
        guard first.value >= 0x20, first.value != 0x7F, !(0x80..<0xA0).contains(first.value) else { return nil }
        return .text(text)
    }

    private static func label(of action: KeyDefinition.Action) -> String? {
        switch action {
        case .text("\t"): "⇥"
        case .text(" "): "␣"
        case .text("\u{A0}"): "⍽"
        default: nil
        }
    }

    /// A dead key: its compositions with every keysym the layout's keys type, fed through
    /// the Compose table (`<dead_X> <keysym>`), and its spacing symbol (`<dead_X> <dead_X>`,
    /// else `<dead_X> <space>`, else the usual spacing character).
    static func deadKey(
        _ name: String, candidates: [(keysym: UInt32, text: String)], compose: XKBComposeTable
    ) throws(XKBError) -> DeadKey {
        let state = try XKBComposeState(table: compose)
        let deadKeysym = XKBKeysym.named(name)
        func composed(_ second: UInt32) -> String? {
            state.reset()
            state.feed(deadKeysym)
            state.feed(second)
            guard state.status == .composed else { return nil }
            let text = state.text
            return text.isEmpty ? nil : text
        }
        var compositions: [String: String] = [:]
        for candidate in candidates {
            if let result = composed(candidate.keysym) { compositions[candidate.text] = result }
        }
        let symbol =
            composed(deadKeysym) ?? composed(XKBKeysym.named("space")) ?? ISOKeyboard.deadKeySymbols[name] ?? name
        return DeadKey(name: name, symbol: symbol, compositions: compositions)
    }
}
