import KeyboardHost
import LayoutEngine

/// A layout as Keyman keyboard source (`.kmn`): the physical keys as in the simulator
/// (letters on their own keys, the other keys on the US key in the same row and column),
/// accent keys that put their accent on the letter before the caret or replace another of
/// the layout's accents, and type the spacing symbol otherwise, and backspace that takes
/// off only the accent. Keyman and KMFL read it (with a UTF-8 BOM). An accent key's rules are
/// on the unshifted key; with Shift it types the US character it has there.
enum KeymanKeyboardSource {
    static func source(_ layout: Layout, touchLayoutFile: String?) -> String {
        let rules = AccentRules(layout: layout)
        let base = layout.baseLayer
        let hints = PhysicalKeyMap(layout: layout, layer: base).hints
        var lines: [String] = [
            "c \(layout.name): the \(layout.id) layout exported by kbdsim export --format keyman.",
            "c Accent keys work after the letter: they change the letter before the caret.",
            "store(&VERSION) '10.0'",
            "store(&NAME) \(KeymanNames.quoted(layout.name))",
            "store(&COPYRIGHT) \(KeymanNames.quoted(ExportCopyright.line))",
            "store(&KEYBOARDVERSION) '1.0'",
            "store(&TARGETS) 'any'",
        ]
        if let touchLayoutFile { lines.append("store(&LAYOUTFILE) \(KeymanNames.quoted(touchLayoutFile))") }
        lines += ["", "begin Unicode > use(main)", ""]

        for (index, accentRules) in rules.accents.enumerated() where !accentRules.isEmpty {
            lines.append(
                "store(accent\(index)From) " + accentRules.map { KeymanNames.literal($0.before) }.joined(separator: " ")
            )
            lines.append(
                "store(accent\(index)To) " + accentRules.map { KeymanNames.literal($0.result) }.joined(separator: " "))
        }
        if !rules.backspace.isEmpty {
            lines.append(
                "store(accentedFrom) " + rules.backspace.map { KeymanNames.literal($0.before) }.joined(separator: " "))
            lines.append(
                "store(accentedTo) " + rules.backspace.map { KeymanNames.literal($0.result) }.joined(separator: " "))
        }
        lines += ["", "group(main) using keys", ""]

        if !rules.backspace.isEmpty, layout.policies.backspace == .accent {
            lines.append("any(accentedFrom) + [K_BKSP] > index(accentedTo, 1)")
        }
        let shifted = layout.shiftedLayers[base]
        for id in layout.layers[base].rows.joined() {
            let key = layout.keys[id.rawValue]
            guard let hint = hints[id], let usKey = hint.first, KeymanNames.virtualKey(usKey) != nil else { continue }
            // Keys as the US characters they are on (`+ ';'`, Shift: `+ ':'`): Keyman reads
            // them by position, KMFL by keysym, and the touch layout's K_ ids match them.
            let plainKey = KeymanNames.keyCharacter(usKey)
            let shiftedKey = KeymanNames.keyCharacter(XKBExport.usShifted[usKey] ?? usKey)
            switch key.action {
            case .accent(let accent):
                let symbol = KeymanNames.literal(layout.accents[accent].symbol)
                // The unshifted key only: Shift+key keeps the US character (`:` `"` `{`), so
                // a hardware keyboard still types it; the touch layout's accent keys send
                // the unshifted key from every layer.
                if !rules.accents[accent].isEmpty {
                    lines.append("any(accent\(accent)From) + \(plainKey) > index(accent\(accent)To, 1)")
                }
                lines.append("+ \(plainKey) > \(symbol)")
            case .text(let text):
                lines.append("+ \(plainKey) > \(KeymanNames.literal(text))")
                if case .text(let upper)? = Self.counterpart(of: id, on: shifted, in: layout)?.action {
                    lines.append("+ \(shiftedKey) > \(KeymanNames.literal(upper))")
                }
            default: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The key in the same place on another layer (`KeyNames.counterpart`), as a `Key`.
    static func counterpart(of key: KeyID, on layer: Int, in layout: Layout) -> Key? {
        KeyNames.counterpart(of: key, on: layer, in: layout).map { layout.keys[$0.rawValue] }
    }
}
