import LayoutEngine

/// The physical keys of a US keyboard that stand in for on-screen keys whose character a
/// person cannot type directly: the key in the same row and column (hu-touch's ´ ¨ ˝ sit
/// where a US keyboard has `;` `'` `[`).
///
/// A character the layout can type is typed as itself (`,` `.` `?`, digits), planned
/// through `123` when it is on another layer; only `[` `]` `;` `'`, which sit where the
/// keyboards of European languages have letters, always stand in for the accent key or
/// letter at their place. Two more keys reach the layer keys: `` ` `` the one in the bottom
/// row (`123` / `ABC`), `\` the other one (`#+=`).
public enum PhysicalKeyboard {
    /// The three letter rows of a US keyboard, from the top.
    public static let usRows: [[Character]] = [Array("qwertyuiop[]"), Array("asdfghjkl;'"), Array("zxcvbnm,./")]
    /// The US keys that press the accent key or letter at their place even when the layout
    /// can type their character elsewhere.
    public static let letterPlaces: Set<Character> = ["[", "]", ";", "'"]
    /// The physical key that presses the layer key of the bottom row.
    public static let bottomLayerKey: Character = "`"
    /// The physical key that presses a layer key in another row.
    public static let otherLayerKey: Character = "\\"

    /// The US key at `row` (0–2) and `column`, if there is one.
    public static func usKey(row: Int, column: Int) -> Character? {
        guard row >= 0, row < usRows.count, column >= 0, column < usRows[row].count else { return nil }
        return usRows[row][column]
    }

    /// The row and column of a US key.
    public static func position(of usKey: Character) -> (row: Int, column: Int)? {
        for (row, keys) in usRows.enumerated() {
            if let column = keys.firstIndex(of: usKey) { return (row, column) }
        }
        return nil
    }

    /// The place of a key of a hardware layout on the US rows, from its XKB key name
    /// (`AD11` → row 0, column 10), if it is one of the letter rows' keys.
    public static func place(ofXKBName name: String) -> (row: Int, column: Int)? {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count == 4, scalars[0] == "A", let number = Int(String(name.dropFirst(2))), number >= 1 else {
            return nil
        }
        switch scalars[1] {
        case "D": return (0, number - 1)
        case "C": return (1, number - 1)
        case "B": return (2, number - 1)
        default: return nil
        }
    }
}
