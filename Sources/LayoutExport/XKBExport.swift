import KeyboardHost
import LayoutEngine

/// A layout as an XKB symbols file and a Compose file, for X11 and Wayland desktops.
///
/// XKB has no postfix keys: an accent key becomes a *dead key* (`dead_acute`), which
/// changes the letter typed *after* it, and the Compose file lists what each dead key
/// makes with each letter our accent key would change (`´` then `a` → `á`). Keys sit on the
/// physical key of their own row and column (`XKBKeyPlaces`: hu-touch, QWERTZ, has `z` on
/// `<AD06>` and `y` on `<AB01>`); every other key types what it types on a US keyboard.
enum XKBExport {
    /// XKB key names of the US keys: letter rows and the keys around them.
    static let keyNames: [Character: String] = {
        var names: [Character: String] = [:]
        let rows: [(String, String, Int)] = [
            ("`1234567890-=", "AE", 0), ("qwertyuiop[]", "AD", 1), ("asdfghjkl;'", "AC", 1),
        ]
        for (keys, prefix, start) in rows {
            for (offset, key) in keys.enumerated() {
                let number = offset + start
                names[key] = number == 0 ? "TLDE" : prefix + (number < 10 ? "0" : "") + String(number)
            }
        }
        for (offset, key) in "zxcvbnm,./".enumerated() {
            names[key] = "AB" + (offset < 9 ? "0" : "") + String(offset + 1)
        }
        names["\\"] = "BKSL"
        return names
    }()

    /// Shifted characters of the US keys that are not letters.
    static let usShifted: [Character: Character] = Dictionary(
        uniqueKeysWithValues: zip("`1234567890-=[];',./\\", "~!@#$%^&*()_+{}:\"<>?|"))

    /// The dead keysym for each accent.
    static let deadKeysyms: [AccentName: String] = [
        .acute: "dead_acute", .grave: "dead_grave", .circumflex: "dead_circumflex", .tilde: "dead_tilde",
        .macron: "dead_macron", .breve: "dead_breve", .dotAbove: "dead_abovedot", .diaeresis: "dead_diaeresis",
        .ringAbove: "dead_abovering", .doubleAcute: "dead_doubleacute", .caron: "dead_caron",
        .cedilla: "dead_cedilla", .ogonek: "dead_ogonek",
    ]

    /// The symbols name of a layout (`hu_touch`).
    static func symbolsName(_ layout: Layout) -> String { KeymanNames.keyboardID(layout.id) }

    static func symbols(_ layout: Layout) -> String {
        var levels: [String: (String, String)] = [:]
        for (usKey, name) in keyNames {
            let plain = keysym(String(usKey))
            let shifted = usKey.isLetter ? keysym(usKey.uppercased()) : keysym(String(usShifted[usKey] ?? usKey))
            levels[name] = (plain, shifted)
        }
        let base = layout.baseLayer
        let shiftedLayer = layout.shiftedLayers[base]
        let places = XKBKeyPlaces.names(layout)
        for id in layout.layers[base].rows.joined() {
            let key = layout.keys[id.rawValue]
            guard let name = places[id] else { continue }
            switch key.action {
            case .accent(let accent):
                let dead = deadKeysyms[layout.accents[accent].name] ?? "VoidSymbol"
                levels[name] = (dead, dead)
            case .text(let text):
                var upper = text.uppercased()
                if case .text(let shifted)? = KeymanKeyboardSource.counterpart(of: id, on: shiftedLayer, in: layout)?
                    .action
                {
                    upper = shifted
                }
                levels[name] = (keysym(text), keysym(upper))
            default: break
            }
        }
        var lines = [
            "// \(layout.name): the \(layout.id) layout exported by kbdsim export --format xkb.",
            "// XKB has no postfix keys: the accent keys are dead keys here (accent first, then the letter).",
            "default partial alphanumeric_keys",
            "xkb_symbols \"basic\" {",
            "    name[Group1] = \"\(layout.name.replacingOccurrences(of: "\"", with: "'"))\";",
        ]
        for name in levels.keys.sorted() {
            let (plain, shifted) = levels[name]!
            lines.append("    key <\(name)> { [ \(plain), \(shifted) ] };")
        }
        lines.append("};")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `<dead_X> <letter> : "result"` for every letter the accent key changes, and the
    /// spacing symbol for the dead key twice and before space.
    static func compose(_ layout: Layout) -> String {
        let rules = AccentRules(layout: layout)
        var lines = ["# \(layout.name): dead keys of the \(layout.id) XKB export (kbdsim export --format xkb)."]
        for (index, accent) in layout.accents.enumerated() {
            guard let dead = deadKeysyms[accent.name] else { continue }
            let symbol = JSONText.quote(accent.symbol)
            lines.append("<\(dead)> <\(dead)> : \(symbol)")
            lines.append("<\(dead)> <space> : \(symbol)")
            for rule in rules.accents[index] where rule.before.unicodeScalars.count == 1 && rule.before.first!.isASCII {
                lines.append("<\(dead)> <\(keysym(rule.before))> : \(JSONText.quote(rule.result))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The keysym name of one character: ASCII letters and digits by name, the rest `UXXXX`.
    static func keysym(_ text: String) -> String {
        guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return "VoidSymbol" }
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return String(scalar) }
        return "U" + KeymanNames.hex(scalar.value)
    }
}

extension LayoutExport {
    /// An XKB symbols file (`symbols/ID`, variant `basic`) and a Compose file for the
    /// layout's accents as dead keys (XKB has no postfix keys).
    public static func xkb(_ layout: Layout) -> [ExportedFile] {
        let name = XKBExport.symbolsName(layout)
        return [
            ExportedFile(name: name, text: XKBExport.symbols(layout)),
            ExportedFile(name: name + ".Compose", text: XKBExport.compose(layout)),
        ]
    }
}
