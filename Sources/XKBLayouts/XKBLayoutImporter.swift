import LayoutEngine

/// A hardware layout made from an XKB keymap, with the physical key behind each engine key.
public struct XKBImportedLayout: Sendable {
    /// The engine layout: platform `.hardware`, layers `base`, `shift` and, when the keymap
    /// has a level-3 key, `altgr` and `altgr-shift`.
    public let layout: Layout
    /// Per key (`KeyID.rawValue`): the XKB keycode of its physical key.
    public let keycodes: [UInt32]
    /// The keycodes of the keys the engine's shift and AltGr stand for (`LFSH`, `RALT`).
    public let shiftKeycode: UInt32?
    public let levelThreeKeycode: UInt32?
    /// Where the dead keys' compositions came from.
    public let composeSource: String
}

/// Turns an XKB keymap into an engine layout on the ISO keyboard (`ISOKeyboard`): every key
/// at every level (none, Shift, AltGr, Shift+AltGr) as libxkbcommon's key state gives it,
/// keysyms as text through `xkb_keysym_to_utf8`, dead keysyms as dead keys whose
/// compositions come from feeding the Compose table.
public enum XKBLayoutImporter {
    /// The level of a layer: its id, which modifiers are held, and its shifted counterpart.
    private struct Level {
        let id: String
        let shift: Bool
        let levelThree: Bool
        let shifted: String?
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
        var levels = [
            Level(id: "base", shift: false, levelThree: false, shifted: nil),
            Level(id: "shift", shift: true, levelThree: false, shifted: nil),
        ]
        if levelThreeKeycode != nil {
            levels.append(Level(id: "altgr", shift: false, levelThree: true, shifted: "altgr-shift"))
            levels.append(Level(id: "altgr-shift", shift: true, levelThree: true, shifted: nil))
        }

        var layers: [LayerDefinition] = []
        var keycodes: [UInt32] = []
        var deadKeyNames: [String] = []
        var candidates: [(keysym: UInt32, text: String)] = []
        var seenCandidates: Set<UInt32> = []
        for level in levels {
            let state = try XKBState(keymap: keymap)
            if level.shift, let shiftKeycode { state.updateKey(shiftKeycode, down: true) }
            if level.levelThree, let levelThreeKeycode { state.updateKey(levelThreeKeycode, down: true) }
            var rows: [RowDefinition] = []
            for positions in ISOKeyboard.rows {
                var keys: [KeyDefinition] = []
                var gap = 0.0
                for position in positions {
                    guard let keyName = position.name, let keycode = keymap.keycode(named: keyName),
                        let action = action(
                            keysym: state.keysym(keycode), role: XKBKeysym.name(probe.keysym(keycode)),
                            hasLevelThree: levelThreeKeycode != nil)
                    else {
                        gap += position.width
                        continue
                    }
                    switch action {
                    case .deadKey(let deadName) where !deadKeyNames.contains(deadName): deadKeyNames.append(deadName)
                    case .text(let text):
                        let keysym = state.keysym(keycode)
                        if seenCandidates.insert(keysym).inserted { candidates.append((keysym, text)) }
                    case .space:
                        let keysym = state.keysym(keycode)
                        if seenCandidates.insert(keysym).inserted { candidates.append((keysym, " ")) }
                    default: break
                    }
                    keys.append(
                        KeyDefinition(
                            action, id: keyName, label: label(of: action), width: position.width, gapBefore: gap))
                    keycodes.append(keycode)
                    gap = 0
                }
                rows.append(RowDefinition(keys: keys, trailingGap: gap))
            }
            layers.append(LayerDefinition(id: level.id, rows: rows, shifted: level.shifted))
        }
        guard !candidates.isEmpty else { throw .noTypingKeys(source: id) }

        let deadKeys = try deadKeyNames.map { (deadName) throws(XKBError) in
            try deadKey(deadName, candidates: candidates, compose: compose)
        }
        let definition = LayoutDefinition(
            id: id, name: name, locale: locale, platform: .hardware, description: description,
            geometry: ISOKeyboard.geometry, policies: Policies(backspace: .grapheme), layers: layers,
            deadKeys: deadKeys)
        let layout: Layout
        do {
            layout = try Layout(definition)
        } catch {
            throw .invalidKeymap(source: "\(id): \(error)")
        }
        return XKBImportedLayout(
            layout: layout, keycodes: keycodes, shiftKeycode: shiftKeycode, levelThreeKeycode: levelThreeKeycode,
            composeSource: compose.source)
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
