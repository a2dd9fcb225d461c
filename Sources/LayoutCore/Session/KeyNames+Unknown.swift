extension KeyNames {
    /// The name an event is written with in key sequences: the key's name, `KEY:CHOICE` for
    /// a long-press (`o:ő`), `KEY:` for a long-press with no alternate to pick, `KEY*N` for a
    /// multi-tap, `KEY~D,D` for a flick.
    /// - Parameter names: `names(in: layout)`, when the caller keeps it (a long trace).
    public static func name(of event: KeyEvent, in layout: Layout, names: [String]? = nil) -> String {
        let key = layout.keys[event.key.rawValue]
        let name = names?[event.key.rawValue] ?? name(of: event.key, in: layout)
        if event.isMultiTap { return name + "*\(event.tapCount)" }
        if event.isFlick { return name + "~" + event.flickDirections.map { $0.name }.joined(separator: ",") }
        guard event.isLongPress else { return name }
        let pick = event.alternate ?? key.longPressDefault
        return name + ":" + (pick < key.longPress.count ? key.longPress[pick] : "")
    }

    /// The name of every key of the layout (`name(of:in:)`), indexed by `KeyID.rawValue`.
    /// - Complexity: O(keys of the layout).
    public static func names(in layout: Layout) -> [String] {
        var names = layout.keys.map { name(of: $0) }
        for layer in layout.layers.indices {
            for (key, name) in KeyNames.names(on: layer, in: layout) { names[key.rawValue] = name }
        }
        return names
    }

    /// Why `keyName` (from `given`, which may be `KEY:CHOICE`) names no key now, and what was
    /// probably meant: a name of the visible layer, or an alias of a key on it, a small typo
    /// away (the planner's `suggestingTypedKeys(in:)` adds the keys that type `keyName` as text
    /// when no name is near). The suggestion is never
    /// `keyName` itself (an alias whose key the layer lacks is no candidate: a CLDR keyboard
    /// has no `⇧` for `shift` to stand for).
    static func unknownKey(_ given: String, _ keyName: String, in session: TypingSession) -> UnknownKeyName {
        let layout = session.layout
        let visible = session.visibleLayer
        let valid = validNames(on: visible, in: layout)
        var reason = "no key \"\(keyName)\" on layer \(layout.layers[visible].id)"
        if let other = layout.layers.indices.first(where: {
            $0 != visible && key(named: keyName, on: $0, in: layout) != nil
        }) {
            reason += " (it is on layer \(layout.layers[other].id))"
        }
        let usableAliases = aliases.keys.sorted().filter { key(named: $0, on: visible, in: layout) != nil }
        let candidates = (valid + usableAliases).filter { $0 != keyName }
        let near = nearest(to: keyName, in: candidates)
        let suggestion = near.flatMap { $0 == keyName || $0 == given ? nil : $0 }
        return UnknownKeyName(
            name: given, keyName: keyName, reason: reason, validNames: valid, suggestion: suggestion, namesNoKey: true)
    }

    /// The nearest candidate by edit distance, for names of two characters or more.
    static func nearest(to name: String, in candidates: [String]) -> String? {
        guard name.count >= 2 else { return nil }
        let limit = name.count >= 4 ? max(2, name.count / 3) : 1
        let lowered = ScalarCase.lowercased(name)
        return candidates.filter { $0.count >= 2 }.map {
            ($0, NameSuggestion.editDistance(lowered, ScalarCase.lowercased($0)))
        }
        .filter { $0.1 <= limit }.min { $0.1 < $1.1 }?.0
    }

}
