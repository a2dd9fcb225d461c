import LayoutEngine

/// Words for what a key press did: the status line's last edit (`á ⌫ → a (accent removed)`)
/// and the batch trace (`´  → replace 1 with "á"`).
public enum EditDescription {
    /// The name of an event as key sequences write it: the key's name (distinct on its
    /// layer, so a trace replays), `KEY:CHOICE` for a long-press (`o:ő`), `KEY:` for a
    /// long-press with no alternate to pick.
    /// `names` is `KeyNames.names(in: layout)` when the caller keeps it.
    public static func name(of event: KeyEvent, in layout: Layout, names: [String]? = nil) -> String {
        KeyNames.name(of: event, in: layout, names: names)
    }

    /// The status line's description of an edit: `removed KEY → result (what happened)`.
    /// `removed` is the text the edit deleted; `state` the session's state after it.
    public static func describe(
        _ event: KeyEvent, edit: Edit, removed: String, state: SessionState, in layout: Layout,
        names: [String]? = nil
    ) -> String {
        let key = name(of: event, in: layout, names: names)
        let before = removed.isEmpty ? "" : visible(removed) + " "
        switch edit.effect {
        case .typed:
            let gesture =
                event.isLongPress
                ? " (long-press)" : event.isMultiTap ? " (multi-tap)" : event.isFlick ? " (flick)" : ""
            return "\(key) → \(visible(edit.insert))" + gesture
        case .accentAdded:
            return "\(before)\(key) → \(visible(edit.insert)) (accent added)"
        case .accentReplaced:
            return "\(before)\(key) → \(visible(edit.insert)) (accent replaced)"
        case .accentSymbol:
            return "\(key) → \(visible(edit.insert)) (no letter takes it: symbol typed)"
        case .accentRemoved:
            return "\(before)\(key) → \(visible(edit.insert)) (accent removed)"
        case .graphemeDeleted:
            return "\(before)\(key) → deleted"
        case .none:
            return "\(key) → \(stateChange(event, state: state, in: layout))"
        }
    }

    /// The batch trace line of an edit: `´  → replace 1 with "á"`.
    public static func trace(
        _ event: KeyEvent, edit: Edit, state: SessionState, in layout: Layout, names: [String]? = nil
    ) -> String {
        let key = name(of: event, in: layout, names: names)
        let padding = String(repeating: " ", count: max(1, 3 - TerminalWidth.width(of: key)))
        let what: String
        switch (edit.deleteCount, edit.insert.isEmpty) {
        case (0, true): what = stateChange(event, state: state, in: layout)
        case (0, false): what = "insert \(edit.insert.debugDescription)"
        case (let count, true): what = "delete \(count)"
        case (let count, false): what = "replace \(count) with \(edit.insert.debugDescription)"
        }
        return key + padding + "→ " + what
    }

    /// What a key that changed no text did: `shift on`, `caps lock`, `layer numbers`, …
    static func stateChange(_ event: KeyEvent, state: SessionState, in layout: Layout) -> String {
        let key = layout.keys[event.key.rawValue]
        if event.isLongPress, key.longPress.isEmpty { return "no long-press alternates" }
        if event.isFlick { return "no flick " + event.flickDirections.map(\.name).joined(separator: ",") }
        switch key.action {
        case .shift:
            switch state.shift {
            case .off: return "shift off"
            case .once: return "shift on"
            case .locked: return "caps lock"
            }
        case .layer: return "layer \(layout.layers[state.layer].id)"
        case .backspace: return "nothing to delete"
        default: return "no change"
        }
    }

    /// Text as the status line shows it: a space as `␣`, a line break as `⏎`.
    public static func visible(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case " ": result += "␣"
            case "\n", "\r\n", "\r": result += "⏎"
            case "\t": result += "⇥"
            default: result.append(character)
            }
        }
        return result
    }
}
