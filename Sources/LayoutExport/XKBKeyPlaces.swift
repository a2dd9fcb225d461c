import KeyboardHost
import LayoutEngine

/// Where the XKB export puts each key of a layout's base layer: on the physical key of the
/// same row and column, so a QWERTZ layout stays QWERTZ (hu-touch's `z` on `<AD06>`, `y` on
/// `<AB01>`).
///
/// - Rows: the layout's letter rows (all but the bottom row) from the bottom, on the rows
///   of `z`, `a`, `q` and then the number row; columns count a row's character keys (text,
///   accent and dead keys), so `⇧` and `⌫` take no column.
/// - A letter takes that physical key. Another key takes it when its US character is a
///   letter or one of `[ ] ; '` (where European keyboards have letters), or one the layout
///   cannot type: a `,` or a digit the layout types on another layer stays.
/// - An accent key, or a letter a US keyboard lacks (`å`), left without a key then takes
///   the nearest one still free by that rule (cs-touch's `ˇ`, right of `m` where `,` is,
///   takes `'`); any other key keeps its US key.
enum XKBKeyPlaces {
    /// The physical rows from the top, by XKB key name: the number row, then `q`, `a`, `z`.
    static let rows: [[String]] = [
        (1...12).map { name("AE", $0) }, (1...12).map { name("AD", $0) }, (1...11).map { name("AC", $0) },
        (1...10).map { name("AB", $0) },
    ]

    static func name(_ row: String, _ number: Int) -> String { row + (number < 10 ? "0" : "") + String(number) }

    /// The US character of each physical key of `rows`.
    static let usCharacters: [String: Character] = {
        var characters: [String: Character] = [:]
        for (names, usRow) in zip(rows, ["1234567890-=", "qwertyuiop[]", "asdfghjkl;'", "zxcvbnm,./"]) {
            for (name, character) in zip(names, usRow) { characters[name] = character }
        }
        return characters
    }()

    /// The XKB key name of each key of the base layer that gets one.
    static func names(_ layout: Layout) -> [KeyID: String] {
        let base = layout.layers[layout.baseLayer].rows
        let letterRows = base.count > 1 ? Array(base.dropLast()) : base
        let typeable = typeableText(layout)
        var taken: [String: KeyID] = [:]
        var names: [KeyID: String] = [:]
        var placeless: [(id: KeyID, row: Int, column: Int)] = []
        func usable(_ name: String, letter: Bool = false) -> Bool {
            guard taken[name] == nil, let us = usCharacters[name] else { return false }
            return letter || us.isLetter || PhysicalKeyboard.letterPlaces.contains(us)
                || !typeable.contains(String(us))
        }
        for (offset, row) in letterRows.reversed().enumerated() {
            let physicalRow = rows.count - 1 - offset
            let characterKeys = row.filter { isCharacterKey(layout.keys[$0.rawValue]) }
            for (column, id) in characterKeys.enumerated() {
                let letter = isLetter(layout.keys[id.rawValue])
                if physicalRow >= 0, column < rows[physicalRow].count, usable(rows[physicalRow][column], letter: letter)
                {
                    taken[rows[physicalRow][column]] = id
                    names[id] = rows[physicalRow][column]
                } else if needsStandIn(layout.keys[id.rawValue]) {
                    placeless.append((id, physicalRow, column))
                }
            }
        }
        for place in placeless {
            var best: (name: String, distance: Int)?
            for (row, keys) in rows.enumerated() {
                for (column, name) in keys.enumerated() where usable(name) {
                    let distance =
                        (row - place.row) * (row - place.row) + (column - place.column) * (column - place.column)
                    if distance < best?.distance ?? Int.max { best = (name, distance) }
                }
            }
            if let best {
                taken[best.name] = place.id
                names[place.id] = best.name
            }
        }
        return names
    }

    /// Text, accent and dead keys: the keys that take a column.
    static func isCharacterKey(_ key: Key) -> Bool {
        switch key.action {
        case .text(let text): text != "\t"
        case .accent, .deadKey: true
        default: false
        }
    }

    /// A key that types a letter.
    static func isLetter(_ key: Key) -> Bool {
        if case .text(let text) = key.action { return text.count == 1 && text.first!.isLetter }
        return false
    }

    /// An accent or dead key, or text a US key does not type, which must not be lost.
    static func needsStandIn(_ key: Key) -> Bool {
        switch key.action {
        case .accent, .deadKey: return true
        case .text(let text):
            guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return true }
            return !(0x21..<0x7F).contains(scalar.value)
        default: return false
        }
    }

    /// Everything a key of the layout types: texts, long-press alternates, accent symbols.
    static func typeableText(_ layout: Layout) -> Set<String> {
        var typeable: Set<String> = [" "]
        for key in layout.keys {
            switch key.action {
            case .text(let text): typeable.insert(text)
            case .accent(let index): typeable.insert(layout.accents[index].symbol)
            case .deadKey(let index): typeable.insert(layout.deadKeys[index].symbol)
            default: break
            }
            typeable.formUnion(key.longPress)
        }
        return typeable
    }
}
