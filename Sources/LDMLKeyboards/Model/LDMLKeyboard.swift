/// A keyboard read from a CLDR keyboard3 XML file (UTS #35 Part 7), imports resolved,
/// text in NFD (unless the keyboard disables normalization), transforms compiled.
public struct LDMLKeyboard: Sendable {
    /// The `locale` attribute, e.g. `fr-t-k0-test`.
    public let locale: String
    /// The CLDR version the file conforms to (45 or later).
    public let conformsTo: Int
    /// Further locales from `<locales>`.
    public let locales: [String]
    /// `<info>`: name, author, layout hint, indicator, attribution.
    public let info: LDMLInfo
    /// `<version number=…>`, if given.
    public let version: String?
    /// Whether `<settings normalization="disabled"/>` is set.
    public let normalizationDisabled: Bool
    /// Every key of the keys bag (implied, imported and own), by index.
    public let keys: [LDMLKey]
    /// Key indices by id.
    public let keyIndex: [String: Int]
    /// Flicks by id.
    public let flicks: [String: [LDMLFlickSegment]]
    /// The `<layers>` elements: at most one hardware form and touch forms by width.
    public let layerSets: [LDMLLayerSet]
    /// Hardware forms: scan codes per row, by form id.
    public let forms: [String: [[UInt8]]]
    /// Keycap texts from `<displays>`.
    public let displays: [LDMLDisplay]
    /// `<displayOptions baseCharacter=…>`.
    public let displayBaseCharacter: String?
    /// The simple transform groups, in order.
    let simpleGroups: [TransformGroup]
    /// The backspace transform groups, in order.
    let backspaceGroups: [TransformGroup]
    /// Marker names.
    let markers: MarkerTable

    /// The key called `id`.
    public func key(_ id: String) -> LDMLKey? { keyIndex[id].map { keys[$0] } }

    /// The hardware layer set, if the keyboard has one.
    public var hardware: LDMLLayerSet? { layerSets.first { $0.formID != "touch" } }

    /// The touch layer set for a device `width` millimetres wide (the widest whose
    /// `minDeviceWidth` fits), or the narrowest, or `nil` without touch layers.
    public func touch(width: Int? = nil) -> LDMLLayerSet? {
        let touch = layerSets.filter { $0.formID == "touch" }.sorted { $0.minDeviceWidth < $1.minDeviceWidth }
        guard let width else { return touch.last }
        return touch.last { $0.minDeviceWidth <= width } ?? touch.first
    }

    /// Whether the keyboard has transforms of either kind.
    public var hasTransforms: Bool { !simpleGroups.isEmpty || !backspaceGroups.isEmpty }

    /// The names of the markers the keyboard uses.
    public var markerNames: [String] { markers.names }
}

/// `<info>`.
public struct LDMLInfo: Sendable, Hashable {
    public var name: String
    public var author: String?
    public var layout: String?
    public var indicator: String?
    public var attribution: String?
}

/// One `<key>` of the keys bag.
public struct LDMLKey: Sendable {
    /// The key's id.
    public let id: String
    /// What the key types: NFD scalars and markers (see `outputText`).
    let output: [UInt32]
    /// The key's output as text, markers dropped.
    public let outputText: String
    /// The names of markers the output holds.
    public let outputMarkers: [String]
    /// A gap (no key drawn, no output).
    public let isGap: Bool
    /// Width in key widths (1 by default).
    public let width: Double
    /// Whether a touch layout may stretch the key (the space bar).
    public let stretch: Bool
    /// The touch layer the key switches to.
    public let layerID: String?
    /// Long-press keys (indices into `LDMLKeyboard.keys`).
    public let longPress: [Int]
    /// The default long-press key (an index into `keys`).
    public let longPressDefault: Int?
    /// Multi-tap keys: the second tap gives the first of these.
    public let multiTap: [Int]
    /// The flick id.
    public let flickID: String?
}

/// One `<flickSegment>`: a path of directions and the key it gives.
public struct LDMLFlickSegment: Sendable, Hashable {
    public let directions: [LDMLFlickDirection]
    public let key: Int
}

/// A flick direction (cardinal and intercardinal).
public enum LDMLFlickDirection: String, Sendable, CaseIterable {
    case n, ne, e, se, s, sw, w, nw

    /// The directions of a list separated by white space (`directions="nw se"`, a test's
    /// `flick="ne"`), in order; `unknown` sees each word that is no direction.
    static func list(_ text: String, unknown: (Substring) -> Void) -> [LDMLFlickDirection] {
        var directions: [LDMLFlickDirection] = []
        for word in text.split(whereSeparator: \.isListSeparator) {
            if let direction = LDMLFlickDirection(rawValue: String(word)) {
                directions.append(direction)
            } else {
                unknown(word)
            }
        }
        return directions
    }
}

/// One `<layers>` element.
public struct LDMLLayerSet: Sendable {
    /// `touch` or a hardware form (`us`, `iso`, `jis`, `ks`, `abnt2`, or the keyboard's own).
    public let formID: String
    /// Smallest device width in mm (0 when not given).
    public let minDeviceWidth: Int
    /// The layers.
    public let layers: [LDMLLayer]

    /// The index of the layer with `id`.
    public func layerIndex(id: String) -> Int? { layers.firstIndex { $0.id == id } }

    /// The layer a hardware key press with `modifiers` uses: the one whose modifier sets
    /// match exactly, else the `other` layer, else none (the key does nothing).
    public func layerIndex(modifiers: LDMLModifiers) -> Int? {
        if let exact = layers.firstIndex(where: { $0.modifiers.contains { $0.matches(modifiers) } }) { return exact }
        return layers.firstIndex { $0.isOther }
    }

    /// The base layer: `id="base"`, else `modifiers="none"`, else the first.
    public var baseLayer: Int {
        layers.firstIndex { $0.id == "base" } ?? layers.firstIndex { $0.modifiers.contains(.none) } ?? 0
    }
}

/// One `<layer>`: rows of key indices.
public struct LDMLLayer: Sendable {
    /// The `id` (touch layers; hardware layers may have none).
    public let id: String?
    /// The modifier sets the layer is for (hardware); empty for touch layers.
    public let modifiers: [LDMLModifiers]
    /// Whether the layer is the `other` layer.
    public let isOther: Bool
    /// Rows of indices into `LDMLKeyboard.keys`.
    public let rows: [[Int]]
}

/// Modifier keys held (for hardware layers), left and right apart.
public struct LDMLModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let shift = LDMLModifiers(rawValue: 1)
    public static let caps = LDMLModifiers(rawValue: 2)
    public static let altL = LDMLModifiers(rawValue: 4)
    public static let altR = LDMLModifiers(rawValue: 8)
    public static let ctrlL = LDMLModifiers(rawValue: 16)
    public static let ctrlR = LDMLModifiers(rawValue: 32)
    /// `alt` in a layer: either alt key (never set in a key press).
    public static let alt = LDMLModifiers(rawValue: 64)
    /// `ctrl` in a layer: either ctrl key.
    public static let ctrl = LDMLModifiers(rawValue: 128)
    public static let none: LDMLModifiers = []

    /// Whether this layer modifier set matches the keys held, exactly (UTS #35 Part 7,
    /// "Layer Modifier Matching").
    public func matches(_ held: LDMLModifiers) -> Bool {
        guard contains(.shift) == held.contains(.shift), contains(.caps) == held.contains(.caps) else { return false }
        return Self.side(self, held, either: .alt, left: .altL, right: .altR)
            && Self.side(self, held, either: .ctrl, left: .ctrlL, right: .ctrlR)
    }

    private static func side(
        _ layer: LDMLModifiers, _ held: LDMLModifiers, either: LDMLModifiers, left: LDMLModifiers,
        right: LDMLModifiers
    ) -> Bool {
        let heldLeft = held.contains(left)
        let heldRight = held.contains(right)
        if layer.contains(either) { return heldLeft || heldRight }
        return layer.contains(left) == heldLeft && layer.contains(right) == heldRight
    }
}

/// One `<display>`: what a key's cap shows, by output or by key id.
public struct LDMLDisplay: Sendable {
    /// The output it applies to (elements), or `nil` when by key id.
    let output: [UInt32]?
    /// The key id it applies to.
    public let keyID: String?
    /// The text to show.
    public let display: String
}

/// A transform group: transforms, or reorders.
enum TransformGroup: Sendable {
    case rules(RuleGroup)
    case reorder(ReorderGroup)
}
