/// Key names, as scripts and tests write key sequences: `a ´ ⌫ O o:ő 123 space`.
///
/// A name is resolved against the layer visible in the session at that moment:
/// - a key's label as drawn (`a`, `´`, `˝`, `ˇ`, `å`, `123`, `#+=`, `ABC`), or its id;
/// - a capital letter that is not on the visible layer: shift, then that letter;
/// - `shift` or `⇧`, `bksp` or `⌫`, `space` or `␣`, `return` or `⏎`;
/// - `KEY:CHOICE` for a long-press on KEY that picks CHOICE (`o:ő`), `KEY:` for its default.
public enum KeyNames {
    /// A name that does not resolve, with the names that would have.
    public struct UnknownKeyName: Error, Hashable, Sendable, CustomStringConvertible {
        /// The name given.
        public let name: String
        /// Why it does not resolve.
        public let reason: String
        /// Names valid on the visible layer.
        public let validNames: [String]

        public var description: String {
            "unknown key \"\(name)\": \(reason); valid here: \(validNames.joined(separator: " "))"
        }
    }

    static let aliases: [String: String] = [
        "shift": "⇧", "bksp": "⌫", "backspace": "⌫", "space": "␣", "return": "⏎", "enter": "⏎",
    ]

    /// The events for one key name in the session's current state.
    public static func events(for name: String, in session: TypingSession) throws(UnknownKeyName) -> [KeyEvent] {
        let layout = session.layout
        let visible = session.visibleLayer
        var keyName = name
        var choice: String?
        if let colon = name.firstIndex(of: ":"), colon != name.startIndex {
            keyName = String(name[..<colon])
            choice = String(name[name.index(after: colon)...])
        }
        guard let (prefix, key) = resolve(keyName, in: session) else {
            throw unknown(name, "no key \"\(keyName)\" on layer \(layout.layers[visible].id)", visible, layout)
        }
        guard let choice else { return prefix + [.tap(key)] }
        if choice.isEmpty { return prefix + [.longPress(key)] }
        guard let alternate = layout.keys[key.rawValue].longPress.firstIndex(of: choice.precomposedForm) else {
            let offered = layout.keys[key.rawValue].longPress
            throw unknown(name, "\(keyName) offers [\(offered.joined(separator: " "))] on long-press", visible, layout)
        }
        return prefix + [.longPress(key, alternate: alternate)]
    }

    /// The key a name means now, with the shift press it needs first, if any.
    private static func resolve(_ name: String, in session: TypingSession) -> (prefix: [KeyEvent], key: KeyID)? {
        let layout = session.layout
        let visible = session.visibleLayer
        if let key = key(named: name, on: visible, in: layout) { return ([], key) }
        if visible == layout.shiftLayer || visible == layout.lockedLayers[layout.baseLayer],
            let baseKey = key(named: name, on: layout.baseLayer, in: layout),
            let shifted = counterpart(of: baseKey, on: visible, in: layout)
        {
            return ([], shifted)  // caps lock: the key that shows "A" is the "a" key
        }
        if name.lowercased() != name, visible == layout.baseLayer,
            let shift = key(named: "⇧", on: visible, in: layout),
            let letter = key(named: name, on: layout.shiftLayer, in: layout)
        {
            return ([.tap(shift)], letter)
        }
        return nil
    }

    /// The key at the same row and position of another layer of the same shape.
    public static func counterpart(of key: KeyID, on layer: Int, in layout: Layout) -> KeyID? {
        let source = layout.keys[key.rawValue]
        guard let row = layout.layers[source.layer].rows[source.row].firstIndex(of: key),
            source.row < layout.layers[layer].rows.count, row < layout.layers[layer].rows[source.row].count
        else { return nil }
        return layout.layers[layer].rows[source.row][row]
    }

    /// The key on `layer` with this label, id, or alias.
    public static func key(named name: String, on layer: Int, in layout: Layout) -> KeyID? {
        let wanted = aliases[name.lowercased()] ?? name
        let ids = layout.layers[layer].rows.joined()
        return ids.first { id in
            let key = layout.keys[id.rawValue]
            return key.label == wanted || key.id == wanted || symbol(of: key.action) == wanted
        }
    }

    /// The name a key is written with in key sequences.
    public static func name(of key: Key) -> String {
        symbol(of: key.action) ?? key.label
    }

    static func symbol(of action: KeyAction) -> String? {
        switch action {
        case .shift: "⇧"
        case .backspace: "⌫"
        case .space: "␣"
        case .returnKey: "⏎"
        default: nil
        }
    }

    private static func unknown(_ given: String, _ reason: String, _ layer: Int, _ layout: Layout) -> UnknownKeyName {
        let names = layout.layers[layer].rows.joined().map { name(of: layout.keys[$0.rawValue]) }
        return UnknownKeyName(name: given, reason: reason, validNames: names)
    }
}
