import LayoutEngine

/// The physical keys of a US keyboard that stand in for on-screen keys whose character a
/// person cannot type directly: the key in the same row and column (hu-touch's ´ ¨ ˝ sit
/// where a US keyboard has `;` `'` `[`).
///
/// Letters always press the key with that letter; only the US keys that are not letters
/// are mapped by position, and only when the visible layer has no key typing that
/// character itself. Two more keys reach the layer keys: `` ` `` the one in the bottom row
/// (`123` / `ABC`), `\` the other one (`#+=`).
public enum PhysicalKeyboard {
    /// The three letter rows of a US keyboard, from the top.
    public static let usRows: [[Character]] = [Array("qwertyuiop[]"), Array("asdfghjkl;'"), Array("zxcvbnm,./")]
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
}

/// The physical keys of one layer: which on-screen key a typed character presses directly,
/// and the hints drawn on keys that a non-letter US key reaches.
///
/// A layer's rows above its bottom row are aligned from the bottom with the US rows (the
/// lowest letter row with `zxcvbnm`), and columns count the character keys (text and accent
/// keys) of a row, so shift on the left does not shift the columns.
public struct PhysicalKeyMap: Sendable {
    /// The layer mapped.
    public let layer: Int
    private let direct: [String: KeyID]
    private let byPhysicalKey: [Character: KeyID]
    /// The hint drawn on each key that a physical key other than its own character reaches.
    public let hints: [KeyID: String]
    /// The layer's keys by action, for the keys a terminal sends as control bytes.
    public let backspace: KeyID?
    public let returnKey: KeyID?
    public let space: KeyID?
    public let shift: KeyID?

    /// Maps the keys of `layer`.
    public init(layout: Layout, layer: Int) {
        self.layer = layer
        let rows = layout.layers[layer].rows
        var direct: [String: KeyID] = [:]
        var backspace: KeyID?
        var returnKey: KeyID?
        var space: KeyID?
        var shift: KeyID?
        for id in rows.joined() {
            switch layout.keys[id.rawValue].action {
            case .text(let text): if direct[text] == nil { direct[text] = id }
            case .backspace: backspace = backspace ?? id
            case .returnKey: returnKey = returnKey ?? id
            case .space: space = space ?? id
            case .shift: shift = shift ?? id
            default: break
            }
        }
        var physical: [Character: KeyID] = [:]
        let letterRows = rows.count > 1 ? Array(rows.dropLast()) : rows
        for (offset, row) in letterRows.suffix(PhysicalKeyboard.usRows.count).reversed().enumerated() {
            let usRow = PhysicalKeyboard.usRows.count - 1 - offset
            let characterKeys = row.filter { id in
                switch layout.keys[id.rawValue].action {
                case .text, .accent: true
                default: false
                }
            }
            for (column, id) in characterKeys.enumerated() {
                guard let usKey = PhysicalKeyboard.usKey(row: usRow, column: column), !usKey.isLetter,
                    direct[String(usKey)] == nil
                else { continue }
                physical[usKey] = id
            }
        }
        if let last = rows.last, let layerKey = last.first(where: { Self.isLayerKey($0, layout) }),
            direct[String(PhysicalKeyboard.bottomLayerKey)] == nil
        {
            physical[PhysicalKeyboard.bottomLayerKey] = layerKey
        }
        if let other = rows.dropLast().joined().first(where: { Self.isLayerKey($0, layout) }),
            direct[String(PhysicalKeyboard.otherLayerKey)] == nil
        {
            physical[PhysicalKeyboard.otherLayerKey] = other
        }
        var hints: [KeyID: String] = [:]
        for (usKey, id) in physical { hints[id] = String(usKey) }
        self.direct = direct
        self.byPhysicalKey = physical
        self.hints = hints
        self.backspace = backspace
        self.returnKey = returnKey
        self.space = space
        self.shift = shift
    }

    /// The key of this layer that typing `character` on the real keyboard presses without
    /// planning: the key that types it, else the key a non-letter US key reaches by position.
    public func key(for character: Character) -> KeyID? {
        if character == " " { return space }
        if character == "\n" || character == "\r" { return returnKey }
        return direct[String(character)] ?? byPhysicalKey[character]
    }

    /// The key of this layer that types exactly `text`, if any.
    public func key(typing text: String) -> KeyID? { direct[text] }

    private static func isLayerKey(_ id: KeyID, _ layout: Layout) -> Bool {
        if case .layer = layout.keys[id.rawValue].action { return true }
        return false
    }
}
