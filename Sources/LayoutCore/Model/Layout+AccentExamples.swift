extension Layout {
    /// What accent key `accent` (an index into `accents`) does, as a legend shows it: letters
    /// of the base layer and what the accent makes of them (hu-touch's ¨: `u` → `ü`, `o` → `ö`).
    ///
    /// The letters are those, row by row, whose accented form the layout also offers near the
    /// front of a long-press list of several (the stock lists put the language's own letters
    /// first: `ü` is second of `u`'s, `ë` fourth of `e`'s, `ÿ` alone on `y`); when there are
    /// none such, the first letter that takes the accent. Empty when no letter takes it.
    ///
    /// ```swift
    /// let huTouch = try LayoutCatalog.load("hu-touch")
    /// huTouch.accentExamples(0)            // [("u", "ű")]: ˝ is hu-touch's first accent
    /// huTouch.accentExamples(2, limit: 2)  // [("u", "ü"), ("o", "ö")]
    /// ```
    /// - Complexity: O(keys of the layout).
    public func accentExamples(_ accent: Int, limit: Int = 1) -> [(letter: String, accented: String)] {
        guard accents.indices.contains(accent), limit > 0 else { return [] }
        /// How near the front of a long-press list a text may be to count as the language's own.
        let front = 3
        var ownLetters: Set<String> = []
        for key in keys where key.longPress.count > 1 { ownLetters.formUnion(key.longPress.prefix(front)) }
        var examples: [(letter: String, accented: String)] = []
        var first: (letter: String, accented: String)?
        for id in layers[baseLayer].rows.joined() {
            guard case .text(let text) = keys[id.rawValue].action, text.unicodeScalars.count == 1,
                let base = text.unicodeScalars.first, let result = tables.accentResult(accent, on: base)
            else { continue }
            if first == nil { first = (text, result.nfc) }
            if ownLetters.contains(result.nfc) {
                examples.append((text, result.nfc))
                if examples.count == limit { break }
            }
        }
        if examples.isEmpty, let first { return [first] }
        return examples
    }
}
