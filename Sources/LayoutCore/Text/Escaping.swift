/// Text written into other formats: a JSON string literal, XML character data or a
/// double-quoted XML attribute. One implementation for the reports, exports and the IBus
/// component, so that they escape alike.
public enum Escaping {
    /// `text` as a JSON string literal, quotes included: `"`, `\` and control characters
    /// escaped (`\n`, `\r`, `\t`, else `\u001f`), everything else as it is.
    ///
    /// ```swift
    /// Escaping.jsonString("a\"b\n")  // "\"a\\\"b\\n\""
    /// ```
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` safe inside an XML element or a double-quoted attribute: `&`, `<`, `>` and `"`
    /// escaped, and the characters XML 1.0 does not allow (controls other than tab, line feed
    /// and carriage return; U+FFFE and U+FFFF) left out.
    public static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                let allowed =
                    scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r"
                if allowed, scalar.value != 0xFFFE, scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
