import LayoutEngine

/// The keyboard a person types on, as far as the simulator needs it: what each key of the three
/// letter rows types without a modifier, so that the on-screen keys a typed character cannot
/// reach (an accent key, `å`) sit under the same physical keys whatever that keyboard's layout.
///
/// The default is a US keyboard: hu-touch's ´ ¨ ˝ sit on `;` `'` `[`. On a Hungarian keyboard
/// (`PhysicalLayout(id: "xkb:hu", hardware: …)`) the same physical keys type `é` `á` `ő`, so
/// those characters press the accent keys instead of being planned as `e ´`.
///
/// ```swift
/// let hu = PhysicalLayout(id: "xkb:hu", hardware: try XKBLayouts.load("xkb:hu").layout)
/// let map = PhysicalKeyMap(layout: huTouch, layer: huTouch.baseLayer, physical: hu)
/// map.key(for: "é")   // the ´ key
/// ```
public struct PhysicalLayout: Hashable, Sendable {
    /// Where the keyboard came from: `us`, or the XKB id it was read from (`xkb:hu`).
    public let id: String
    /// The three letter rows from the top (XKB's `AD`, `AC`, `AB` rows), column by column: what
    /// each key types without a modifier, `nil` for a key that types no character of its own
    /// (a dead key).
    public let rows: [[Character?]]

    /// A US keyboard.
    public static let us = PhysicalLayout(id: "us", rows: PhysicalKeyboard.usRows.map { $0.map { $0 } })

    /// A keyboard with these rows.
    public init(id: String, rows: [[Character?]]) {
        self.id = id
        self.rows = rows
    }

    /// The keyboard of a hardware layout whose key ids are XKB key names (`AD01`, `AC10`), as
    /// `XKBLayouts` imports them: each letter-row key's text on the layout's base layer.
    public init(id: String, hardware layout: Layout) {
        var rows: [[Character?]] = PhysicalKeyboard.usRows.map { Array(repeating: nil, count: $0.count) }
        for keyID in layout.layers[layout.baseLayer].rows.joined() {
            let key = layout.keys[keyID.rawValue]
            guard case .text(let text) = key.action, text.count == 1, let character = text.first,
                let place = PhysicalKeyboard.place(ofXKBName: key.id), place.row < rows.count
            else { continue }
            while rows[place.row].count <= place.column { rows[place.row].append(nil) }
            rows[place.row][place.column] = character
        }
        self.init(id: id, rows: rows)
    }

    /// Whether this is the default US keyboard.
    public var isUS: Bool { rows == Self.us.rows }

    /// What the key at `row` (0–2) and `column` types, if there is such a key.
    public func character(row: Int, column: Int) -> Character? {
        guard row >= 0, row < rows.count, column >= 0, column < rows[row].count else { return nil }
        return rows[row][column]
    }

    /// What the keys at the places of a US keyboard's `[ ] ; '` type: on European keyboards
    /// letters (`ő ú é á` on a Hungarian one), which always stand in for the on-screen key at
    /// their place.
    public var letterPlaces: Set<Character> {
        var places: Set<Character> = []
        for usKey in PhysicalKeyboard.letterPlaces {
            if let (row, column) = PhysicalKeyboard.position(of: usKey),
                let character = character(row: row, column: column)
            {
                places.insert(character)
            }
        }
        return places
    }
}
