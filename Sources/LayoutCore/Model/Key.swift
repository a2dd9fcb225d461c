/// Identifies one key of a layout: an index into `Layout.keys`.
public struct KeyID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The index into `Layout.keys`.
    public let rawValue: Int

    /// Wraps an index into `Layout.keys`.
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: KeyID, rhs: KeyID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// What pressing a key does.
public enum KeyAction: Hashable, Sendable {
    /// Types this text (one grapheme, NFC).
    case text(String)
    /// Puts the layout's accent with this index (into `Layout.accents`) on the letter before the caret.
    case accent(Int)
    /// One-shot shift; a second press locks capitals, a third releases.
    case shift
    /// Deletes an accent or a grapheme, by the backspace policy.
    case backspace
    /// Types a space.
    case space
    /// Types a line break.
    case returnKey
    /// Switches to the layer with this index (into `Layout.layers`).
    case layer(Int)
    /// A dead key (a prefix key from XKB): the next key's text is composed with the dead key
    /// with this index (into `Layout.deadKeys`).
    case deadKey(Int)
    /// One-shot level key (AltGr): the next character comes from the layer with this index
    /// (into `Layout.layers`), or its shifted counterpart with shift; then the layer falls back.
    case latch(Int)
    /// Caps Lock: locks shift on, or releases a shift that is on.
    case capsLock
}

/// A key of a layout, placed in its layer and row.
public struct Key: Hashable, Sendable {
    /// The key's id, unique within its layer (`a`, `accent.acute`, `shift`, `layer.numbers`).
    public let id: String
    /// What the key shows.
    public let label: String
    /// What the key does.
    public let action: KeyAction
    /// The index of the key's layer in `Layout.layers`.
    public let layer: Int
    /// The key's row in its layer, from the top (0).
    public let row: Int
    /// The key's left edge in key units from the keyboard's left edge (rows narrower than
    /// the keyboard are centred).
    public let x: Double
    /// The key's width in key units.
    public let width: Double
    /// The long-press alternates, in the order shown (NFC graphemes).
    public let longPress: [String]
    /// The index into `longPress` picked by holding and releasing without moving.
    public let longPressDefault: Int
    /// What quick repeated taps type: the second tap `multiTap[0]`, the third `multiTap[1]`,
    /// and so on, round again to the key's own tap after the last (NFC graphemes).
    public let multiTap: [String]
    /// What flicks from the key type, each by its directions.
    public let flicks: [Flick]

    /// Creates a key.
    public init(
        id: String, label: String, action: KeyAction, layer: Int, row: Int, x: Double,
        width: Double, longPress: [String] = [], longPressDefault: Int = 0, multiTap: [String] = [],
        flicks: [Flick] = []
    ) {
        self.id = id
        self.label = label
        self.action = action
        self.layer = layer
        self.row = row
        self.x = x
        self.width = width
        self.longPress = longPress
        self.longPressDefault = longPressDefault
        self.multiTap = multiTap
        self.flicks = flicks
    }

    /// The key's horizontal centre in key units.
    public var centerX: Double { x + width / 2 }
}

/// A layer of a layout: rows of keys shown together (`base`, `shift`, `numbers`, `symbols`).
public struct Layer: Hashable, Sendable {
    /// The layer's id.
    public let id: String
    /// The keys of each row, from the top, left to right.
    public let rows: [[KeyID]]

    /// Creates a layer.
    public init(id: String, rows: [[KeyID]]) {
        self.id = id
        self.rows = rows
    }
}

/// A flick a key offers: a slide from the key along `directions` types `text`.
public struct Flick: Hashable, Sendable {
    /// The directions, in order (`[.nw, .se]` for a slide up-left and back down-right).
    public let directions: [FlickDirection]
    /// What the flick types (one NFC grapheme).
    public let text: String

    /// Creates a flick.
    public init(directions: [FlickDirection], text: String) {
        self.directions = directions
        self.text = text
    }

    /// The directions as `--keys` writes them: `nw,se`.
    public var name: String { directions.map { $0.name }.joined(separator: ",") }
}
