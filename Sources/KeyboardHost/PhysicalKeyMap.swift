import LayoutEngine

/// The physical keys of one layer: which on-screen key a typed character presses directly,
/// and the hints drawn on keys that a US key other than their own character reaches.
///
/// "US" below is the default `PhysicalLayout`; given another (a Hungarian keyboard), its keys
/// take the US keys' part by place, so `é` (where a US keyboard has `;`) presses hu-touch's ´.
///
/// - A character that a key of the layer types, or that labels an accent or dead key
///   (`´` presses the ´ key), presses that key.
/// - A key whose character a US keyboard cannot type (an accent key, a dead key, a letter
///   such as `å`) takes the US key at its place: rows are aligned from the bottom with the
///   US rows (the lowest letter row with `zxcvbnm`; a hardware layout's keys by their XKB
///   names), columns count the character keys of a row. That US key must be one of
///   `[ ] ; '` (`PhysicalKeyboard.letterPlaces`) or a character the layout cannot type, so
///   `,` `.` `/` stay themselves.
/// - An accent or dead key left without one takes the nearest US key that is still free by
///   that rule (cs-touch's ˇ, right of m where the US `,` is, takes `'`), so a layout file
///   of one's own gets hints for its accent keys wherever they are; not one whose symbol a
///   US keyboard types (a dead `^`).
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
    /// - Complexity: O(keys of the layout).
    /// - Parameter physical: the keyboard typed on (a US one unless told).
    public init(layout: Layout, layer: Int, physical: PhysicalLayout = .us) {
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
        for id in rows.joined() {
            for symbol in Self.symbols(of: layout.keys[id.rawValue], in: layout) where direct[symbol] == nil {
                direct[symbol] = id
            }
        }
        let typeable = Self.typeableText(of: layout)
        let letterPlaces = physical.letterPlaces
        let keyboard = physical
        var physical: [Character: KeyID] = [:]
        func usable(_ usKey: Character, for key: Key) -> Bool {
            guard direct[String(usKey)] == nil, physical[usKey] == nil else { return false }
            if letterPlaces.contains(usKey) { return Self.takesLetterPlace(key) }
            return !usKey.isLetter && !typeable.contains(String(usKey))
        }
        let places = Self.places(of: rows, in: layout)
        var placeless: [(id: KeyID, row: Int, column: Int)] = []
        for place in places {
            let key = layout.keys[place.id.rawValue]
            if let usKey = keyboard.character(row: place.row, column: place.column), usable(usKey, for: key) {
                physical[usKey] = place.id
            } else if Self.isPrefixOrPostfix(key),
                !Self.symbols(of: key, in: layout).contains(where: { Self.isUSCharacter($0) && direct[$0] == place.id })
            {
                placeless.append(place)
            }
        }
        for place in placeless {
            let key = layout.keys[place.id.rawValue]
            var best: (usKey: Character, distance: Int)?
            for (row, usKeys) in keyboard.rows.enumerated() {
                for (column, usKey) in usKeys.enumerated() {
                    guard let usKey, usable(usKey, for: key) else { continue }
                    let distance =
                        (row - place.row) * (row - place.row) + (column - place.column) * (column - place.column)
                    if distance < best?.distance ?? Int.max { best = (usKey, distance) }
                }
            }
            if let best { physical[best.usKey] = place.id }
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
    /// planning: the key that types it or is labelled with it, else the key a US key
    /// reaches by place.
    public func key(for character: Character) -> KeyID? {
        if character == " " { return space }
        if character == "\n" || character == "\r" { return returnKey }
        return direct[String(character)] ?? byPhysicalKey[character]
    }

    /// The key of this layer that types exactly `text`, or is the accent or dead key
    /// labelled `text`, if any.
    public func key(typing text: String) -> KeyID? { direct[text] }

    /// The physical key that presses `key` when it is not the key's own character (`;` for
    /// hu-touch's ´), if any.
    public func physicalKey(for key: KeyID) -> Character? {
        hints[key].flatMap(\.first)
    }

    /// The label and the spacing symbol of an accent or dead key, which type it literally.
    static func symbols(of key: Key, in layout: Layout) -> [String] {
        switch key.action {
        case .accent(let index): [key.label, layout.accents[index].symbol]
        case .deadKey(let index): [key.label, layout.deadKeys[index].symbol]
        default: []
        }
    }

    /// Every character key of the layer that a US keyboard cannot type, with its place on
    /// the US rows (possibly outside them: row -1 is the number row).
    private static func places(of rows: [[KeyID]], in layout: Layout) -> [(id: KeyID, row: Int, column: Int)] {
        let letterRows = rows.count > 1 ? Array(rows.dropLast()) : rows
        var places: [(id: KeyID, row: Int, column: Int)] = []
        for (offset, row) in letterRows.reversed().enumerated() {
            let usRow = PhysicalKeyboard.usRows.count - 1 - offset
            let characterKeys = row.filter { id in
                switch layout.keys[id.rawValue].action {
                case .text(let text): text != "\t"
                case .accent, .deadKey: true
                default: false
                }
            }
            for (column, id) in characterKeys.enumerated() {
                let key = layout.keys[id.rawValue]
                guard needsStandIn(key) else { continue }
                let place = PhysicalKeyboard.place(ofXKBName: key.id) ?? (usRow, column)
                places.append((id, place.row, place.column))
            }
        }
        return places.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    }

    /// Whether a US keyboard cannot type the key's character: an accent or dead key, or
    /// text other than one printable ASCII character.
    static func needsStandIn(_ key: Key) -> Bool {
        switch key.action {
        case .accent, .deadKey: return true
        case .text(let text): return !isUSCharacter(text)
        default: return false
        }
    }

    /// Whether `text` is one printable ASCII character, which a US keyboard types.
    static func isUSCharacter(_ text: String) -> Bool {
        guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return false }
        return (0x21..<0x7F).contains(scalar.value)
    }

    /// Accent keys, dead keys and letters may take `[ ] ; '`; other symbols (`•`) may not.
    static func takesLetterPlace(_ key: Key) -> Bool {
        switch key.action {
        case .accent, .deadKey: true
        case .text(let text): text.first?.isLetter == true
        default: false
        }
    }

    static func isPrefixOrPostfix(_ key: Key) -> Bool {
        switch key.action {
        case .accent, .deadKey: true
        default: false
        }
    }

    /// Everything a key of the layout types: texts, long-press alternates, the symbols of
    /// accent and dead keys.
    static func typeableText(of layout: Layout) -> Set<String> {
        var typeable: Set<String> = [" "]
        for key in layout.keys {
            if case .text(let text) = key.action { typeable.insert(text) }
            typeable.formUnion(key.longPress)
            typeable.formUnion(symbols(of: key, in: layout))
        }
        return typeable
    }

    private static func isLayerKey(_ id: KeyID, _ layout: Layout) -> Bool {
        if case .layer = layout.keys[id.rawValue].action { return true }
        return false
    }
}
