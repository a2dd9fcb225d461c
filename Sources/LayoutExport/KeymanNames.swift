import LayoutEngine

/// Names Keyman uses: keyboard ids, virtual keys of the US keys, string literals.
enum KeymanNames {
    /// A Keyman keyboard id from a layout id: lower-case letters, digits and `_` (`hu_touch`).
    static func keyboardID(_ layoutID: String) -> String {
        let mapped = layoutID.lowercased().unicodeScalars.map { scalar -> Character in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
        }
        let id = String(mapped)
        return id.first?.isLetter == true ? id : "k_" + id
    }

    /// The virtual key of a US key (`;` → `K_COLON`, `a` → `K_A`).
    static func virtualKey(_ usKey: Character) -> String? {
        if usKey.isASCII, usKey.isLetter { return "K_" + usKey.uppercased() }
        if usKey.isASCII, usKey.isNumber { return "K_" + String(usKey) }
        return [
            ";": "K_COLON", "'": "K_QUOTE", "[": "K_LBRKT", "]": "K_RBRKT", ",": "K_COMMA", ".": "K_PERIOD",
            "/": "K_SLASH", "`": "K_BKQUOTE", "\\": "K_BKSLASH", "-": "K_HYPHEN", "=": "K_EQUAL",
        ][usKey]
    }

    /// A key written as the character it types on a US keyboard (`';'`, `"'"`).
    static func keyCharacter(_ character: Character) -> String {
        character == "'" ? "\"'\"" : "'\(character)'"
    }

    /// Text as `U+XXXX` literals separated by spaces (safe in `.kmn` stores and outputs).
    static func literal(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
    }

    /// A touch key id that outputs text by itself: `U_00E1` (`U_0061_0301` for several).
    static func textKeyID(_ text: String) -> String {
        "U_" + text.unicodeScalars.map { hex($0.value) }.joined(separator: "_")
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A single-quoted `.kmn` or XML-free string: quotes and backslashes are left out.
    static func quoted(_ text: String) -> String {
        "'" + text.filter { $0 != "'" && $0 != "\n" } + "'"
    }
}
