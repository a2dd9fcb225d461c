/// A keyboard layout: immutable, checked data, plus the tables that every key press needs,
/// computed once when the layout is made.
///
/// Make one with `LayoutLoader` from a file, or with `init(_:)` from a `LayoutDefinition`.
/// A `TypingSession` holds the state of typing on it.
public struct Layout: Sendable {
    /// The layout's id.
    public let id: String
    /// Human-readable name.
    public let name: String
    /// BCP 47 language tag.
    public let locale: String
    /// Whose conventions the layout follows.
    public let platform: Platform
    /// A sentence or two about the layout.
    public let description: String
    /// Physical size (`with(_:)` gives the layout on another device or orientation).
    public internal(set) var geometry: Geometry
    /// The accents of the accent keys.
    public let accents: [Accent]
    /// Behaviour choices.
    public let policies: Policies
    /// The layers; `base` is `layers[baseLayer]`, the shifted letters `layers[shiftLayer]`.
    public let layers: [Layer]
    /// Every key of every layer; a `KeyID` indexes here.
    public let keys: [Key]
    /// The index of the `base` layer.
    public let baseLayer: Int
    /// The index of the `shift` layer (derived from `base` when the definition has none).
    public let shiftLayer: Int
    /// Per layer: the layer shown instead while shift is on (`shift` for `base`, the
    /// declared `shifted` layer, or the layer itself).
    public let shiftedLayers: [Int]
    /// Per layer: the layer shown instead while caps lock is on (the declared `locked`
    /// layer, else the shifted one).
    public let lockedLayers: [Int]
    /// The dead keys of the layout's dead-key keys (hardware layouts; empty for touch layouts).
    public let deadKeys: [DeadKey]
    /// Text that the next key's text turns into something else, as a CLDR keyboard's
    /// transforms of typed text do (fr-t-k0-test's `^` then `e` is `ê`; pcm's `'` then `'` is
    /// U+0323 dot below): the grapheme before the caret (NFC) → the text a key types (NFC) →
    /// what the two become (NFC), which replaces that grapheme. Empty for most layouts.
    ///
    /// The planner types the results this way, and never types such a text right after such
    /// a grapheme, since it would not stay as it is, unless the layout declares an escape: a
    /// composition of the result with a text that gives the grapheme and the text back
    /// (latn-post's `r` `,` → `ŗ` and `ŗ` `,` → `r,`), typed after the text (`r , ,`).
    public let textCompositions: [String: [String: String]]

    /// The engine that types on this layout in place of the session's rules (a peer:
    /// Keyman Core, m17n), or `nil` for the project's own engine. See `PeerEngine`.
    public internal(set) var peer: PeerHook? = nil

    /// What key presses need, computed once.
    let tables: LayoutTables

    /// Places the keys of a definition, derives the shift layer when there is none, checks
    /// that every reference resolves, and computes the key-press tables.
    ///
    /// `LayoutLoader` reports problems in files with full diagnostics before it gets here;
    /// this initializer only guards the invariants the engine relies on.
    /// - Complexity: O(keys + accents × letters).
    public init(_ definition: LayoutDefinition) throws(LayoutError) {
        var layerDefinitions = definition.layers
        guard let base = layerDefinitions.firstIndex(where: { $0.id == "base" }) else {
            throw LayoutError("layout \(definition.id) has no layer with id \"base\"")
        }
        if !layerDefinitions.contains(where: { $0.id == "shift" }) {
            layerDefinitions.insert(Self.shifted(layerDefinitions[base]), at: base + 1)
        }
        let mostOverrides = definition.accents.max { $0.overrides.count < $1.overrides.count }
        if let problem = LayoutLimits.problem(
            layers: layerDefinitions.count,
            keys: layerDefinitions.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.keys.count } },
            longestAlternates: layerDefinitions.lazy.flatMap { $0.rows }.flatMap { $0.keys }.map { $0.longPress.count }
                .max() ?? 0,
            mostOverrides: mostOverrides.map { ($0.name.rawValue, $0.overrides.count) })
        {
            throw LayoutError("layout \(definition.id): \(problem)")
        }
        let layerIndex = Dictionary(
            firstOf: layerDefinitions.enumerated().map { ($1.id, $0) })
        let deadKeyIndex = Dictionary(
            firstOf: definition.deadKeys.enumerated().map { ($1.name, $0) })
        let accentIndex = Dictionary(
            firstOf: definition.accents.enumerated().map { ($1.name, $0) })

        var keys: [Key] = []
        var layers: [Layer] = []
        for (layerNumber, layer) in layerDefinitions.enumerated() {
            var rows: [[KeyID]] = []
            for (rowNumber, row) in layer.rows.enumerated() {
                var x = max(0, (definition.geometry.unitsPerRow - row.width) / 2)
                var ids: [KeyID] = []
                for key in row.keys {
                    x += key.gapBefore
                    let action: KeyAction
                    switch key.action {
                    case .text(let text):
                        guard !text.isEmpty else { throw LayoutError("a text key in \(layer.id) types nothing") }
                        action = .text(text)
                    case .accent(let name):
                        guard let index = accentIndex[name] else {
                            throw LayoutError("accent key \(name.rawValue) in \(layer.id) has no declared accent")
                        }
                        action = .accent(index)
                    case .layer(let target):
                        guard let index = layerIndex[target] else {
                            throw LayoutError("layer key in \(layer.id) switches to unknown layer \(target)")
                        }
                        action = .layer(index)
                    case .deadKey(let name):
                        guard let index = deadKeyIndex[name] else {
                            throw LayoutError("dead key \(name) in \(layer.id) is not declared")
                        }
                        action = .deadKey(index)
                    case .latch(let target):
                        guard let index = layerIndex[target] else {
                            throw LayoutError("latch key in \(layer.id) switches to unknown layer \(target)")
                        }
                        action = .latch(index)
                    case .capsLock: action = .capsLock
                    case .shift: action = .shift
                    case .backspace: action = .backspace
                    case .space: action = .space
                    case .returnKey: action = .returnKey
                    }
                    var defaultIndex = 0
                    if let wanted = key.longPressDefault {
                        guard let index = key.longPress.firstIndex(of: wanted) else {
                            throw LayoutError("long-press default \(wanted) is not among the alternates")
                        }
                        defaultIndex = index
                    }
                    guard !key.multiTap.contains(where: { $0.isEmpty }),
                        !key.flicks.contains(where: { $0.text.isEmpty })
                    else { throw LayoutError("a multi-tap or flick of a key in \(layer.id) types nothing") }
                    for (index, flick) in key.flicks.enumerated() {
                        guard !flick.directions.isEmpty, flick.directions.count <= KeyEvent.flickLimit else {
                            throw LayoutError(
                                "a flick of a key in \(layer.id) has \(flick.directions.count) directions "
                                    + "(1 to \(KeyEvent.flickLimit))")
                        }
                        guard !key.flicks[..<index].contains(where: { $0.directions == flick.directions }) else {
                            throw LayoutError("two flicks of a key in \(layer.id) go \(flick.name)")
                        }
                    }
                    ids.append(KeyID(keys.count))
                    keys.append(
                        Key(
                            id: key.id ?? key.defaultID,
                            label: key.label ?? Self.defaultLabel(key.action, definition.accents, definition.deadKeys),
                            action: action, layer: layerNumber, row: rowNumber, x: x, width: key.width,
                            longPress: key.longPress, longPressDefault: defaultIndex, multiTap: key.multiTap,
                            flicks: key.flicks))
                    x += key.width
                }
                rows.append(ids)
            }
            layers.append(Layer(id: layer.id, rows: rows))
        }
        self.id = definition.id
        self.name = definition.name
        self.locale = definition.locale
        self.platform = definition.platform
        self.description = definition.description
        self.geometry = definition.geometry
        self.accents = definition.accents
        self.policies = definition.policies
        self.layers = layers
        self.keys = keys
        self.baseLayer = layerIndex["base"] ?? base
        self.shiftLayer = layerIndex["shift"] ?? base
        var shiftedLayers = Array(layerDefinitions.indices)
        for (index, layer) in layerDefinitions.enumerated() {
            guard let shifted = layer.shifted else { continue }
            guard let target = layerIndex[shifted] else {
                throw LayoutError("layer \(layer.id) names unknown shifted layer \(shifted)")
            }
            shiftedLayers[index] = target
        }
        shiftedLayers[self.baseLayer] = self.shiftLayer
        self.shiftedLayers = shiftedLayers
        var lockedLayers = shiftedLayers
        for (index, layer) in layerDefinitions.enumerated() {
            guard let locked = layer.locked else { continue }
            guard let target = layerIndex[locked] else {
                throw LayoutError("layer \(layer.id) names unknown locked layer \(locked)")
            }
            lockedLayers[index] = target
        }
        self.lockedLayers = lockedLayers
        self.deadKeys = definition.deadKeys
        for (before, pairs) in definition.textCompositions {
            guard before.count == 1, pairs.keys.allSatisfy({ !$0.isEmpty }) else {
                throw LayoutError(
                    "layout \(definition.id): a text composition must follow one grapheme and a typed text, not \"\(before)\""
                )
            }
        }
        self.textCompositions = definition.textCompositions
        self.tables = LayoutTables(
            accents: definition.accents, keys: keys, deadKeys: definition.deadKeys,
            textCompositions: definition.textCompositions)
    }

    /// The index of the layer with this id.
    public func layerIndex(_ id: String) -> Int? {
        layers.firstIndex { $0.id == id }
    }

    /// The label a key shows when the definition names none.
    static func defaultLabel(_ action: KeyDefinition.Action, _ accents: [Accent], _ deadKeys: [DeadKey]) -> String {
        switch action {
        case .text(let text): text
        case .accent(let name): accents.first { $0.name == name }?.symbol ?? name.symbol
        case .shift: "⇧"
        case .backspace: "⌫"
        case .space: "space"
        case .returnKey: "return"
        case .layer("base"): "ABC"
        case .layer("numbers"): "123"
        case .layer("symbols"): "#+="
        case .layer(let id): id
        case .deadKey(let name): deadKeys.first { $0.name == name }?.symbol ?? name
        case .latch("altgr"): "AltGr"
        case .latch(let id): id
        case .capsLock: "⇪"
        }
    }
}

/// A layout definition the engine cannot use.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
