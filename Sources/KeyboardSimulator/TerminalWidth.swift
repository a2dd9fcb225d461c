/// How many terminal columns text takes: 2 for East Asian wide characters and most emoji,
/// 1 for everything else that prints, and for a grapheme of several scalars what a terminal
/// gives them one by one. A small `wcwidth` for what a keyboard can type.
public enum TerminalWidth {
    /// The columns one grapheme takes. A terminal gives each scalar its own `wcwidth`: after
    /// the first, a nonspacing mark, ZWJ or other format character takes none, a spacing
    /// mark (Bengali ি, Devanagari ा) or the next letter of a conjunct a column of its own
    /// (`মি` is two columns, `é` one). A grapheme that starts wide (a CJK character, a Hangul
    /// syllable or leading jamo, an emoji and what joins it) takes two.
    @inline(__always)
    public static func width(of character: Character) -> Int {
        if character.utf8.count == 1 { return 1 }
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if isWide(first) { return 2 }
        var width = 1
        while let scalar = scalars.next() {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: break
            default: width += isWide(scalar) ? 2 : 1
            }
        }
        return width
    }

    /// The columns a string takes.
    public static func width(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// Whether a scalar is drawn two columns wide.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// A grapheme that can stand in a cell on its own: a lone combining mark gets a space to
    /// sit on, control characters become their visible pictures.
    public static func printable(_ character: Character) -> Character {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii != 0x7F { return character }
        guard let first = character.unicodeScalars.first else { return " " }
        if character.unicodeScalars.count == 1, first.value >= 0xA0, first.value < 0x300 { return character }
        if first.value < 0x20 || first.value == 0x7F {
            return Character(Unicode.Scalar(first.value == 0x7F ? 0x2421 : 0x2400 + first.value)!)
        }
        if first.properties.canonicalCombiningClass != .notReordered
            || first.properties.generalCategory == .nonspacingMark
        {
            return Character(" " + String(character))
        }
        return character
    }

    /// `text` broken at spaces into lines of at most `columns` columns; a word wider than
    /// that is cut (`truncated`). One line when `text` fits, none when `columns` is 0.
    public static func wrapped(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let word = truncated(String(word), to: columns)
            if line.isEmpty {
                line = word
            } else if width(of: line) + 1 + width(of: word) <= columns {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` cut to at most `columns` columns, with `…` when something was cut.
    public static func truncated(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if width(of: text) <= columns { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }
}
