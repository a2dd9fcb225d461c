/// Key names, as scripts and tests write key sequences: `a ´ ⌫ O o:ő 123 space`.
///
/// A name is resolved against the layer visible in the session at that moment:
/// - a key's name on that layer (`names(on:in:)`): its label as drawn (`a`, `´`, `˝`, `ˇ`,
///   `å`, `123`, `#+=`, `ABC`), or, when another key of the layer that does something else
///   shows the same label, a name of its own (a dead key's keysym name, `dead_abovering`,
///   else the key's id, `AE11`); a key's id also works;
/// - a capital letter that is not on the visible layer: shift, then that letter;
/// - `shift` or `⇧`, `bksp` or `⌫`, `space` or `␣`, `return` or `⏎`;
/// - `KEY:CHOICE` for a long-press on KEY that picks CHOICE (`o:ő`), `KEY:` for its default;
/// - `KEY*N` for N quick taps on KEY, a multi-tap (`super-2*2`; N from 2 to `KeyEvent.multiTapLimit`);
/// - `KEY~DIRECTIONS` for a flick from KEY along compass directions joined by commas
///   (`a~nw,se`; `n ne e se s sw w nw`).
///
/// A name that resolves as it is (a key labelled `*` or `~`) is that key.
///
/// Every key of a layer has a name that resolves to it or to a key that does the same, so a
/// trace printed with `name(of:in:)` replays.
public enum KeyNames {
    /// A name that does not resolve, with the names that would have.
    public struct UnknownKeyName: Error, Hashable, Sendable, CustomStringConvertible {
        /// The name given.
        public let name: String
        /// The key name looked up: `name` without its `:CHOICE`, `*N` or `~D` (`o` of `o:ő`).
        public let keyName: String
        /// Why it does not resolve.
        public let reason: String
        /// Names valid on the visible layer.
        public let validNames: [String]
        /// What was probably meant (`shift` for `shfit`; `o ˝` for `ő` on hu-touch once the
        /// planner suggests typed keys, `suggestingTypedKeys(in:)` of `LayoutPlanner`), if anything.
        public let suggestion: String?
        /// Whether `suggestion` is the keys that type the name as text (`o ˝` for `ő`, from the
        /// planner) rather than a name near it.
        public let suggestsTyping: Bool
        /// Whether no key is named `keyName` here (not a bad choice, count or direction after a
        /// known key): the case where typed keys may be suggested.
        package let namesNoKey: Bool

        package init(
            name: String, keyName: String? = nil, reason: String, validNames: [String], suggestion: String?,
            suggestsTyping: Bool = false, namesNoKey: Bool = false
        ) {
            self.name = name
            self.keyName = keyName ?? name
            self.reason = reason
            self.validNames = validNames
            self.suggestion = suggestion
            self.suggestsTyping = suggestsTyping
            self.namesNoKey = namesNoKey
        }

        /// The same without a suggestion of keys that type the name: what a host without the
        /// planner (the `.wasm`) says.
        public var withoutTypingSuggestion: UnknownKeyName {
            suggestsTyping
                ? UnknownKeyName(
                    name: name, keyName: keyName, reason: reason, validNames: validNames, suggestion: nil,
                    namesNoKey: namesNoKey)
                : self
        }

        /// An unknown `name` with nothing worked out about it (`knownEvents`).
        static func undescribed(_ name: String) -> UnknownKeyName {
            UnknownKeyName(name: name, reason: "", validNames: [], suggestion: nil)
        }

        public var description: String {
            "unknown key \"\(name)\": \(reason)" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
                + "; valid here: \(validNames.joined(separator: " "))"
        }
    }

    static let aliases: [String: String] = [
        "shift": "⇧", "bksp": "⌫", "backspace": "⌫", "space": "␣", "return": "⏎", "enter": "⏎",
    ]

    /// The names in a list of key names (`--keys`, standard input): split at ASCII spaces,
    /// tabs and line breaks only, on Unicode scalars, so a dead key labelled with a combining
    /// mark (U+0323 on `xkb:us(intl)`) after a space is a name of its own.
    public static func split(_ names: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in names.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{B}", "\u{C}":
                if !current.isEmpty { result.append(String(current)) }
                current = String.UnicodeScalarView()
            default:
                current.append(scalar)
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }

    /// The events for one key name in the session's current state.
    /// - Parameter table: the layout's `KeyNameTable`, when the caller keeps one (a long list
    ///   of names); else the names of the layers looked at are worked out for this call.
    public static func events(
        for name: String, in session: TypingSession, table: KeyNameTable? = nil
    ) throws(UnknownKeyName) -> [KeyEvent] {
        try events(for: name, in: session, table: table, describing: true)
    }

    /// The events for one key name, or `nil` when it does not resolve: `events(for:in:table:)`
    /// for a caller that drops the error (the C interface's `PK_ERROR_UNKNOWN_KEY`), without
    /// working out the valid names and the nearest one.
    public static func knownEvents(for name: String, in session: TypingSession, table: KeyNameTable? = nil)
        -> [KeyEvent]?
    {
        try? events(for: name, in: session, table: table, describing: false)
    }

    /// `events(for:in:table:)`; when not `describing`, an unknown name throws an error with
    /// no reason, valid names or suggestion (the caller only needs to know that it failed).
    private static func events(
        for name: String, in session: TypingSession, table: KeyNameTable?, describing: Bool
    ) throws(UnknownKeyName) -> [KeyEvent] {
        let layout = session.layout
        let visible = session.visibleLayer
        let lookup = { (name: String, layer: Int) in
            table?.key(named: name, on: layer) ?? (table == nil ? key(named: name, on: layer, in: layout) : nil)
        }
        if resolve(name, in: session, lookup) == nil,
            let gesture = try gestureName(name, in: session, lookup, describing: describing)
        {
            return gesture
        }
        var keyName = name
        var choice: String?
        if let colon = name.firstIndex(of: ":"), colon != name.startIndex, resolve(name, in: session, lookup) == nil {
            keyName = String(name[..<colon])
            choice = String(name[name.index(after: colon)...])
        }
        guard let (prefix, key) = resolve(keyName, in: session, lookup) else {
            throw describing ? unknownKey(name, keyName, in: session) : .undescribed(name)
        }
        guard let choice else { return prefix + [.tap(key)] }
        if choice.isEmpty { return prefix + [.longPress(key)] }
        guard let alternate = layout.keys[key.rawValue].longPress.firstIndex(of: choice.precomposedForm) else {
            guard describing else { throw .undescribed(name) }
            let offered = layout.keys[key.rawValue].longPress
            let reason =
                offered.isEmpty
                ? "\(keyName) has no long-press alternates"
                : "\(keyName) offers [\(offered.joined(separator: " "))] on long-press"
            throw UnknownKeyName(
                name: name, reason: reason, validNames: validNames(on: visible, in: layout), suggestion: nil)
        }
        return prefix + [.longPress(key, alternate: alternate)]
    }

    /// The events of `KEY*N` (multi-tap) or `KEY~DIRECTIONS` (flick), or `nil` when `name`
    /// is neither.
    private static func gestureName(
        _ name: String, in session: TypingSession, _ lookup: (String, Int) -> KeyID?, describing: Bool
    ) throws(UnknownKeyName) -> [KeyEvent]? {
        let layout = session.layout
        let valid = { validNames(on: session.visibleLayer, in: layout) }
        if let star = name.lastIndex(of: "*"), star != name.startIndex {
            let keyName = String(name[..<star])
            let countText = name[name.index(after: star)...]
            guard let (prefix, key) = resolve(keyName, in: session, lookup) else {
                throw describing ? unknownKey(name, keyName, in: session) : .undescribed(name)
            }
            guard let count = Int(countText), count >= 2, count <= KeyEvent.multiTapLimit else {
                guard describing else { throw .undescribed(name) }
                throw UnknownKeyName(
                    name: name,
                    reason:
                        "\"\(countText)\" is not a tap count: write KEY*N with N from 2 to \(KeyEvent.multiTapLimit) "
                        + "(\(keyName)*2 for two taps)",
                    validNames: valid(), suggestion: "\(keyName)*2")
            }
            return prefix + [.multiTap(key, count: count)]
        }
        guard let tilde = name.lastIndex(of: "~"), tilde != name.startIndex else { return nil }
        let keyName = String(name[..<tilde])
        let directionText = String(name[name.index(after: tilde)...])
        guard let (prefix, key) = resolve(keyName, in: session, lookup) else {
            throw describing ? unknownKey(name, keyName, in: session) : .undescribed(name)
        }
        let offered = layout.keys[key.rawValue].flicks
        let parts = directionText.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let directions = parts.compactMap { FlickDirection(name: ScalarCase.lowercased($0)) }
        guard !parts.isEmpty, directions.count == parts.count, directions.count <= KeyEvent.flickLimit else {
            guard describing else { throw .undescribed(name) }
            throw UnknownKeyName(
                name: name,
                reason: "\"\(directionText)\" is not a list of flick directions: write KEY~D,D… with D one of "
                    + "n ne e se s sw w nw (\(keyName)~\(offered.first?.name ?? "n"))",
                validNames: valid(), suggestion: offered.first.map { "\(keyName)~\($0.name)" })
        }
        guard offered.contains(where: { $0.directions == directions }) else {
            guard describing else { throw .undescribed(name) }
            let reason =
                offered.isEmpty
                ? "\(keyName) has no flicks"
                : "\(keyName) flicks \(offered.map { $0.name }.joined(separator: " ")), not \(directionText)"
            throw UnknownKeyName(
                name: name, reason: reason, validNames: valid(),
                suggestion: offered.first.map { "\(keyName)~\($0.name)" })
        }
        return prefix + [.flick(key, directions)]
    }

    /// The key a name means now, with the shift press it needs first, if any.
    private static func resolve(
        _ name: String, in session: TypingSession, _ key: (String, Int) -> KeyID?
    ) -> (prefix: [KeyEvent], key: KeyID)? {
        let layout = session.layout
        let visible = session.visibleLayer
        if let key = key(name, visible) { return ([], key) }
        if visible == layout.shiftLayer || visible == layout.lockedLayers[layout.baseLayer],
            let baseKey = key(name, layout.baseLayer),
            let shifted = counterpart(of: baseKey, on: visible, in: layout)
        {
            return ([], shifted)  // caps lock: the key that shows "A" is the "a" key
        }
        if ScalarCase.lowercased(name) != name, visible == layout.baseLayer,
            let shift = key("⇧", visible),
            let letter = key(name, layout.shiftLayer)
        {
            return ([.tap(shift)], letter)
        }
        return nil
    }

    /// The key in the same place on another layer: in the same row, the key at the same
    /// position (its left edge, `Key.x`), else the key at the same index of the row. On layers
    /// of the same shape (a shift layer always is) the two are the same key. Every host and
    /// export asks this one function (the shifted letter a key types, caps lock's key).
    public static func counterpart(of key: KeyID, on layer: Int, in layout: Layout) -> KeyID? {
        let source = layout.keys[key.rawValue]
        guard source.row < layout.layers[layer].rows.count else { return nil }
        let targetRow = layout.layers[layer].rows[source.row]
        if let samePlace = targetRow.first(where: { layout.keys[$0.rawValue].x == source.x }) { return samePlace }
        guard let index = layout.layers[source.layer].rows[source.row].firstIndex(of: key), index < targetRow.count
        else { return nil }
        return targetRow[index]
    }

    /// The key on `layer` with this name (see `names(on:in:)`), alias, id, or label.
    ///
    /// A key's own name comes before an alias: a CLDR keyboard's layer key named `shift` is
    /// that key, not the `⇧` the alias stands for (which such a keyboard may not have).
    public static func key(named name: String, on layer: Int, in layout: Layout) -> KeyID? {
        let named = names(on: layer, in: layout)
        if let entry = named.first(where: { $0.name == name }) { return entry.key }
        let wanted = aliases[ScalarCase.lowercased(name)] ?? name
        if let entry = named.first(where: { $0.name == wanted }) { return entry.key }
        let ids = layout.layers[layer].rows.joined()
        return ids.first { layout.keys[$0.rawValue].id == wanted }
            ?? ids.first { layout.keys[$0.rawValue].label == wanted }
    }

    /// The name a key's label gives it (`´`, `⇧`, `123`): what `name(of:in:)` returns unless
    /// another key of its layer that does something else shows the same label.
    public static func name(of key: Key) -> String {
        symbol(of: key.action) ?? key.label
    }

    /// The name a key is written with in key sequences and traces: distinct from the names of
    /// the keys of its layer that do something else, so that it always replays.
    public static func name(of key: KeyID, in layout: Layout) -> String {
        let layer = layout.keys[key.rawValue].layer
        return names(on: layer, in: layout).first { $0.key == key }?.name ?? name(of: layout.keys[key.rawValue])
    }

    /// The keys of `layer` with their names, row by row.
    ///
    /// A key is named by its label (`name(of:)`). Keys that show the same label and do the
    /// same (both shift keys, two keys typing `\`) share it. Among keys that show the same
    /// label but do different things (a dead `°` and a plain `°` on `xkb:de`), the one that
    /// types its label, else the first, keeps it; each other is named by its dead key's
    /// keysym name (`dead_abovering`), else by its id (`AE11`). A label with an ASCII space
    /// in it, or none, is replaced the same way.
    /// - Complexity: O(keys of the layer).
    public static func names(on layer: Int, in layout: Layout) -> [(key: KeyID, name: String)] {
        let ids = Array(layout.layers[layer].rows.joined())
        let keys = ids.map { layout.keys[$0.rawValue] }
        var byLabel: [String: [Int]] = [:]
        for (index, key) in keys.enumerated() { byLabel[name(of: key), default: []].append(index) }
        var names = keys.map { name(of: $0) }
        var renamed: [Int] = []
        for (label, members) in byLabel {
            guard isUsableName(label) else {
                renamed += members
                continue
            }
            guard members.count > 1 else { continue }
            let keeper =
                members.first { if case .text(let text) = keys[$0].action { text == label } else { false } }
                ?? members[0]
            renamed += members.filter { !sameBehaviour(keys[$0], keys[keeper]) }
        }
        let taken = Set(names.indices.filter { !renamed.contains($0) }.map { names[$0] })
        for index in renamed.sorted() {
            var candidates: [String] = []
            if case .deadKey(let dead) = keys[index].action, dead < layout.deadKeys.count {
                candidates.append(layout.deadKeys[dead].name)
            }
            candidates.append(keys[index].id)
            names[index] =
                candidates.first { isUsableName($0) && !taken.contains($0) } ?? "\(names[index])#\(index + 1)"
        }
        return zip(ids, names).map { ($0, $1) }
    }

    /// Whether keys do the same when pressed, so one name can stand for both.
    static func sameBehaviour(_ a: Key, _ b: Key) -> Bool {
        a.action == b.action && a.longPress == b.longPress && a.longPressDefault == b.longPressDefault
            && a.multiTap == b.multiTap && a.flicks == b.flicks
    }

    /// A name survives a list of names split at ASCII whitespace, and is not `KEY:CHOICE`.
    static func isUsableName(_ name: String) -> Bool {
        !name.isEmpty && split(name) == [name]
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

    /// The names valid on `layer`, each once, in the order of the keys.
    static func validNames(on layer: Int, in layout: Layout) -> [String] {
        var seen: Set<String> = []
        return names(on: layer, in: layout).map { $0.name }.filter { seen.insert($0).inserted }
    }
}
