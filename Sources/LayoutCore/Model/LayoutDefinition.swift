/// The parts a layout is built from, before placement and checks: what the loader reads
/// from a file and what code (the XKB import, tests) writes by hand.
public struct LayoutDefinition: Sendable {
    /// The layout's id (a file's name without `.json`).
    public var id: String
    /// Human-readable name.
    public var name: String
    /// BCP 47 language tag.
    public var locale: String
    /// Whose conventions the layout follows.
    public var platform: Platform
    /// A sentence or two about the layout.
    public var description: String
    /// Physical size.
    public var geometry: Geometry
    /// The accents of the accent keys, declared once.
    public var accents: [Accent]
    /// Behaviour choices.
    public var policies: Policies
    /// The layers, `base` among them.
    public var layers: [LayerDefinition]
    /// The dead keys of the dead-key keys (hardware layouts), referred to by name.
    public var deadKeys: [DeadKey]
    /// Text that the next key's text turns into something else (`Layout.textCompositions`).
    public var textCompositions: [String: [String: String]]

    /// Creates a definition.
    public init(
        id: String, name: String, locale: String, platform: Platform = .ios, description: String = "",
        geometry: Geometry, accents: [Accent] = [], policies: Policies = Policies(),
        layers: [LayerDefinition], deadKeys: [DeadKey] = [], textCompositions: [String: [String: String]] = [:]
    ) {
        self.id = id
        self.name = name
        self.locale = locale
        self.platform = platform
        self.description = description
        self.geometry = geometry
        self.accents = accents
        self.policies = policies
        self.layers = layers
        self.deadKeys = deadKeys
        self.textCompositions = textCompositions
    }
}

/// A layer before placement: rows of key definitions.
public struct LayerDefinition: Sendable {
    /// The layer's id.
    public var id: String
    /// Rows from the top.
    public var rows: [RowDefinition]
    /// The id of the layer shown instead of this one while shift is on (`altgr-shift` for
    /// `altgr`); `nil` for none. `base` always has `shift`.
    public var shifted: String?
    /// The id of the layer shown instead of this one while caps lock is on, when that
    /// differs from the shifted one (a hardware keyboard's Caps Lock leaves the digits);
    /// `nil`: the shifted layer.
    public var locked: String?

    /// Creates a layer definition.
    public init(id: String, rows: [RowDefinition], shifted: String? = nil, locked: String? = nil) {
        self.id = id
        self.rows = rows
        self.shifted = shifted
        self.locked = locked
    }
}

/// A row before placement.
public struct RowDefinition: Sendable {
    /// Keys from left to right.
    public var keys: [KeyDefinition]
    /// Empty space after the last key, in key units.
    public var trailingGap: Double

    /// Creates a row.
    public init(keys: [KeyDefinition], trailingGap: Double = 0) {
        self.keys = keys
        self.trailingGap = trailingGap
    }

    /// The row's width in key units: keys and gaps.
    public var width: Double {
        keys.reduce(trailingGap) { $0 + $1.gapBefore + $1.width }
    }
}

/// A key before placement; layers and accents are referred to by name.
public struct KeyDefinition: Sendable {
    /// What a key does, with references by name.
    public enum Action: Hashable, Sendable {
        /// Types this text.
        case text(String)
        /// The accent key for the accent with this name.
        case accent(AccentName)
        /// Shift.
        case shift
        /// Backspace.
        case backspace
        /// Space.
        case space
        /// Return.
        case returnKey
        /// Switches to the layer with this id.
        case layer(String)
        /// The dead key with this name (`dead_acute`), declared in `LayoutDefinition.deadKeys`.
        case deadKey(String)
        /// One-shot level key: the next character comes from the layer with this id.
        case latch(String)
        /// Caps Lock.
        case capsLock
    }

    /// What the key does.
    public var action: Action
    /// Explicit id; derived from the action when `nil`.
    public var id: String?
    /// Explicit label; derived from the action when `nil`.
    public var label: String?
    /// Width in key units.
    public var width: Double
    /// Empty space before the key, in key units.
    public var gapBefore: Double
    /// Long-press alternates in order.
    public var longPress: [String]
    /// The alternate picked by a plain hold; the first when `nil`.
    public var longPressDefault: String?
    /// What the second, third, … quick tap types (see `Key.multiTap`).
    public var multiTap: [String]
    /// What flicks from the key type.
    public var flicks: [Flick]

    /// Creates a key definition.
    public init(
        _ action: Action, id: String? = nil, label: String? = nil, width: Double = 1,
        gapBefore: Double = 0, longPress: [String] = [], longPressDefault: String? = nil,
        multiTap: [String] = [], flicks: [Flick] = []
    ) {
        self.action = action
        self.id = id
        self.label = label
        self.width = width
        self.gapBefore = gapBefore
        self.longPress = longPress
        self.longPressDefault = longPressDefault
        self.multiTap = multiTap
        self.flicks = flicks
    }

    /// The id a key gets when the definition names none.
    public var defaultID: String {
        switch action {
        case .text(let text): text
        case .accent(let name): "accent.\(name.rawValue)"
        case .shift: "shift"
        case .backspace: "backspace"
        case .space: "space"
        case .returnKey: "return"
        case .layer(let layer): "layer.\(layer)"
        case .deadKey(let name): name
        case .latch(let layer): "latch.\(layer)"
        case .capsLock: "capslock"
        }
    }
}
