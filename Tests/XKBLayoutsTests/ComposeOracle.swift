import Foundation
import LayoutEngine
import XKBLayouts

/// The two-key dead-key sequences of a Compose file, read with a parser of our own (the
/// oracle is the file, written by the X.Org project, not by us).
enum ComposeOracle {
    /// One `<dead_X> <keysym> : "result"` line.
    struct Entry: Hashable, Sendable, CustomStringConvertible {
        let deadKey: String
        let keysym: String
        let text: String
        let result: String
        var description: String { "<\(deadKey)> <\(keysym)> : \"\(result)\"" }
    }

    /// The system's en_US.UTF-8 table, when installed.
    static var systemFile: String? {
        FileManager.default.fileExists(atPath: Installed.enUSCompose) ? Installed.enUSCompose : nil
    }

    static let absentMessage =
        "\(Installed.enUSCompose) is absent (package libx11-data): the Compose cross-check is skipped"

    /// The entries of exactly two keysyms, a dead key then a keysym that types one character.
    static func deadKeyEntries(inFile path: String) -> [Entry] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var entries: [Entry] = []
        for line in text.split(separator: "\n") where line.hasPrefix("<dead_") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let keys = line[..<colon].split(whereSeparator: \.isWhitespace)
            guard keys.count == 2 else { continue }
            let dead = keys[0].dropFirst().dropLast()
            let second = keys[1].dropFirst().dropLast()
            guard let result = quoted(line[line.index(after: colon)...]) else { continue }
            let keysym = XKBKeysym.named(String(second))
            let text = XKBKeysym.text(keysym)
            guard keysym != 0, text.count == 1 else { continue }
            entries.append(Entry(deadKey: String(dead), keysym: String(second), text: text, result: result))
        }
        return entries
    }

    /// The first `"…"` string, with `\"` and `\\` unescaped.
    private static func quoted(_ text: Substring) -> String? {
        guard let open = text.firstIndex(of: "\"") else { return nil }
        var result = ""
        var escaped = false
        for character in text[text.index(after: open)...] {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return result
            } else {
                result.append(character)
            }
        }
        return nil
    }

    /// The engine's accent for a dead keysym, if it has one.
    static let accents: [String: AccentName] = [
        "dead_acute": .acute, "dead_grave": .grave, "dead_circumflex": .circumflex, "dead_tilde": .tilde,
        "dead_macron": .macron, "dead_breve": .breve, "dead_abovedot": .dotAbove, "dead_diaeresis": .diaeresis,
        "dead_abovering": .ringAbove, "dead_doubleacute": .doubleAcute, "dead_caron": .caron,
        "dead_cedilla": .cedilla, "dead_ogonek": .ogonek,
    ]
}
