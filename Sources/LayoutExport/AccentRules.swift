import LayoutEngine

/// What our engine does with each accent key and with backspace on every Latin letter,
/// found by asking a `TypingSession` (the engine is the specification): letters U+0041 to
/// U+024F and U+1E00 to U+1EFF, with the text before the caret set to the letter.
struct AccentRules {
    /// One rule: the grapheme before the caret becomes `result`.
    struct Rule: Hashable {
        let before: String
        let result: String
    }

    /// Per accent of the layout (`Layout.accents` order): the letters it changes.
    let accents: [[Rule]]
    /// The letters backspace takes only the accent off (the layout's backspace policy).
    let backspace: [Rule]

    init(layout: Layout) {
        let letters = (Array(0x41...0x24F) + Array(0x1E00...0x1EFF)).compactMap(Unicode.Scalar.init)
            .filter { $0.properties.isAlphabetic }.map { String(Character($0)) }
        var accents: [[Rule]] = []
        for accent in layout.accents.indices {
            guard let key = layout.keys.indices.first(where: { layout.keys[$0].action == .accent(accent) }) else {
                accents.append([])
                continue
            }
            var rules: [Rule] = []
            for letter in letters {
                var session = TypingSession(layout: layout)
                session.setContext(letter)
                let edit = session.handle(.tap(KeyID(key)))
                switch edit.effect {
                case .accentAdded, .accentReplaced: rules.append(Rule(before: letter, result: session.text))
                default: break
                }
            }
            accents.append(rules)
        }
        self.accents = accents
        var backspace: [Rule] = []
        if let key = layout.keys.indices.first(where: { layout.keys[$0].action == .backspace }) {
            for letter in letters {
                var session = TypingSession(layout: layout)
                session.setContext(letter)
                if session.handle(.tap(KeyID(key))).effect == .accentRemoved {
                    backspace.append(Rule(before: letter, result: session.text))
                }
            }
        }
        self.backspace = backspace
    }
}
