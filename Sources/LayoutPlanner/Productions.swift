import LayoutCore

/// Every way the keys of a layout can type each grapheme, from any state: a key's text,
/// a long-press alternate, a multi-tap, a flick, either of those followed by one or two accent keys
/// or keys that type combining marks, a dead key followed by a key whose text it composes with
/// or by a dead key it makes something with, and a dead key pressed twice (its symbol).
/// Shift, latch and layer keys between the events are the search's business.
package struct Productions {
    package private(set) var byGrapheme: [String: [[KeyEvent]]] = [:]
    /// The scalars of the texts planned, when a planner is made for some texts: then the
    /// graphemes that mark keys and conjuncts make of a grapheme they do not cover are not
    /// made (`prunes`).
    private var scalars: PlannedScalars?

    /// The ways of `layout`; with `scalars`, those of the graphemes they cover at least (see
    /// `prunes`): the same ways for each of those, in the same order.
    package init(layout: Layout, covering scalars: PlannedScalars? = nil) {
        var accentKeys: [(accent: Int, key: KeyID)] = []
        var deadKeyKeys: [(deadKey: Int, key: KeyID)] = []
        for (index, key) in layout.keys.enumerated() {
            let id = KeyID(index)
            switch key.action {
            case .text(let text): add(text, [.tap(id)])
            case .space: add(" ", [.tap(id)])
            case .returnKey: add("\n", [.tap(id)])
            case .accent(let accent): accentKeys.append((accent, id))
            case .deadKey(let deadKey): deadKeyKeys.append((deadKey, id))
            case .shift, .backspace, .layer, .latch, .capsLock: break
            }
            for (alternate, text) in key.longPress.enumerated() {
                add(text, [.longPress(id, alternate: alternate)])
            }
            for (index, text) in key.multiTap.enumerated() {
                add(text, [.multiTap(id, count: index + 2)])
            }
            for flick in key.flicks {
                add(flick.text, [.flick(id, flick.directions)])
            }
        }
        let direct = byGrapheme
        for (deadKey, key) in deadKeyKeys {
            // A dead key without a symbol (a CLDR keyboard's marker key) types none twice.
            let symbol = layout.deadKeys[deadKey].symbol
            if !symbol.isEmpty { add(symbol, [.tap(key), .tap(key)]) }
            for (following, result) in Self.inOrder(layout.deadKeys[deadKey].compositions) {
                for way in direct[following] ?? [] { add(result, [.tap(key)] + way) }
            }
            for (next, result) in Self.inOrder(layout.deadKeys[deadKey].afterDeadKeys) {
                for (other, otherKey) in deadKeyKeys where layout.deadKeys[other].name == next {
                    add(result, [.tap(key), .tap(otherKey)])
                }
            }
        }
        var accentSymbolWays: [String: [[KeyEvent]]] = [:]
        for (accent, key) in accentKeys {
            accentSymbolWays[layout.accents[accent].symbol, default: []].append([.tap(key)])
        }
        addTextCompositions(layout, direct: direct, accentSymbols: accentSymbolWays)
        // An accent key may make anything of a grapheme, so with accent keys every grapheme
        // that mark keys make is kept for the accent rounds below.
        self.scalars = accentKeys.isEmpty ? scalars : nil
        addMarkKeys(layout)
        let session = TypingSession(layout: layout)
        var round = byGrapheme
        for _ in 0..<2 {
            var next: [String: [[KeyEvent]]] = [:]
            for (grapheme, ways) in Self.inOrder(round) {
                let nfd = grapheme.flatMap(CanonicalComposition.decomposed)
                for (accent, key) in accentKeys {
                    guard case .result(let accented, _) = session.accentOutcome(accent, on: nfd) else { continue }
                    let result = CanonicalComposition.composed(accented)
                    for way in ways where way.count < 3 { next[result, default: []].append(way + [.tap(key)]) }
                }
            }
            for (grapheme, ways) in next { for way in ways { add(grapheme, way) } }
            round = next
        }
    }

    /// A text key that types combining marks only (a CLDR keyboard's acute key typing
    /// U+0301, a vowel sign of an Indic script) adds them to the grapheme before it: `i`, then
    /// that key, types `í`; twice over, so that two such keys can follow a letter (`ẹ́`).
    private mutating func addMarkKeys(_ layout: Layout) {
        var markKeys: [(key: KeyID, marks: String)] = []
        for (index, key) in layout.keys.enumerated() {
            guard case .text(let text) = key.action, !text.isEmpty,
                text.unicodeScalars.allSatisfy({ Self.isMark($0) })
            else { continue }
            markKeys.append((KeyID(index), text))
        }
        guard !markKeys.isEmpty else { return }
        var peer = layout.peer == nil ? nil : PeerWayCheck(layout: layout)
        var round = byGrapheme
        for _ in 0..<2 {
            var next: [String: [[KeyEvent]]] = [:]
            for (grapheme, ways) in Self.inOrder(round) where !prunes(grapheme) {
                guard let first = grapheme.unicodeScalars.first, !Self.isMark(first) else { continue }
                for (key, marks) in markKeys {
                    let combined = grapheme + marks
                    guard combined.count == 1 else { continue }
                    let result = CanonicalComposition.composed(combined.flatMap(CanonicalComposition.decomposed))
                    guard Self.keeps(grapheme, marks, result, layout) else { continue }
                    for way in ways where way.count < 3 {
                        let marked = way + [.tap(key)]
                        // A way of two keys or more is a sequence the text compositions (pairs
                        // of key texts) do not cover: the peer keyboard's reorders may move
                        // the marks (bn: a vowel sign, then a nukta, types the nukta first).
                        if way.count > 1 || Self.isMark(grapheme.unicodeScalars.last!),
                            peer?.types(marked, as: result) == false
                        {
                            continue
                        }
                        next[result, default: []].append(marked)
                    }
                }
            }
            for (grapheme, ways) in next { for way in ways { add(grapheme, way) } }
            round = next
        }
        addConjuncts(layout, markKeys: markKeys)
    }

    /// Whether a mark key typed after `grapheme` gives `result`: not when one of the layout's
    /// text compositions makes something else of the two (a CLDR keyboard's transform that
    /// puts the mark before a `?`), which the session types instead.
    private static func keeps(_ grapheme: String, _ marks: String, _ result: String, _ layout: Layout) -> Bool {
        guard let composed = layout.textCompositions[grapheme]?[marks] else { return true }
        return CanonicalComposition.composed(composed.flatMap(CanonicalComposition.decomposed)) == result
    }

    /// The scalars after which a consonant joins the grapheme (Unicode's Indic_Conjunct_Break
    /// Linker, UAX #29 rule GB9c): the viramas of Devanagari, Bengali, Gujarati, Oriya, Telugu
    /// and Malayalam.
    private static let linkers: Set<UInt32> = [0x94D, 0x9CD, 0xACD, 0xB4D, 0xC4D, 0xD4D]

    /// The most conjuncts times mark keys `addConjuncts` tries (bn: 1,122 × 14; xkb:in, with
    /// 2,025 × 26, gets its conjuncts without marks after them).
    static let conjunctMarkLimit = 30_000

    /// Conjuncts: a letter with a virama, then a consonant key, is one grapheme (`প্` then
    /// `র` types `প্র`), and a mark key after that adds to it (`প্রা`), so each is planned
    /// as its keys. One consonant after one virama: conjuncts of three consonants stay
    /// untypeable, and marks are tried after the conjuncts only while there are at most
    /// `conjunctMarkLimit` pairs, so that the tables stay small.
    private mutating func addConjuncts(_ layout: Layout, markKeys: [(key: KeyID, marks: String)]) {
        var consonantKeys: [(key: KeyID, text: String)] = []
        for (index, key) in layout.keys.enumerated() {
            guard case .text(let text) = key.action, text.unicodeScalars.count == 1,
                let scalar = text.unicodeScalars.first, ScalarClass.isOtherLetter(scalar),
                (0x900..<0xD80).contains(scalar.value)
            else { continue }
            consonantKeys.append((KeyID(index), text))
        }
        guard !consonantKeys.isEmpty else { return }
        var conjuncts: [String: [[KeyEvent]]] = [:]
        // Conjuncts pruned are counted all the same: their number decides whether marks follow.
        var prunedConjuncts: Set<String> = []
        for (grapheme, ways) in Self.inOrder(byGrapheme) {
            guard let last = grapheme.unicodeScalars.last, Self.linkers.contains(last.value),
                grapheme.unicodeScalars.filter({ Self.linkers.contains($0.value) }).count == 1
            else { continue }
            let pruned = prunes(grapheme)
            for (key, text) in consonantKeys {
                let combined = grapheme + text
                guard combined.count == 1 else { continue }
                if pruned {
                    if ways.contains(where: { $0.count < 3 }) { prunedConjuncts.insert(combined) }
                    continue
                }
                for way in ways where way.count < 3 { conjuncts[combined, default: []].append(way + [.tap(key)]) }
            }
        }
        var marked: [String: [[KeyEvent]]] = [:]
        let conjunctCount = conjuncts.count + prunedConjuncts.subtracting(conjuncts.keys).count
        let markAfter = conjunctCount * markKeys.count <= Self.conjunctMarkLimit ? markKeys : []
        for (grapheme, ways) in Self.inOrder(conjuncts) where !prunes(grapheme) {
            for way in ways { add(grapheme, way) }
            for (key, marks) in markAfter {
                let combined = grapheme + marks
                guard combined.count == 1 else { continue }
                let result = CanonicalComposition.composed(combined.flatMap(CanonicalComposition.decomposed))
                guard Self.keeps(grapheme, marks, result, layout) else { continue }
                for way in ways where way.count < 4 { marked[result, default: []].append(way + [.tap(key)]) }
            }
        }
        for (grapheme, ways) in Self.inOrder(marked) { for way in ways { add(grapheme, way) } }
    }

    /// The entries of `entries` by their keys' UTF-8 bytes: a dictionary's own order changes
    /// from run to run, and the order ways are added in breaks ties between equal costs.
    static func inOrder<Value>(_ entries: [String: Value]) -> [(String, Value)] {
        let pairs = Array(entries)
        return utf8Order(pairs.map { $0.key }).map { (pairs[$0].key, pairs[$0].value) }
    }

    /// The indices of `keys` in the order of their UTF-8 bytes: not generic, so that the
    /// `.wasm` holds one sort for every dictionary `inOrder` orders, not one a value type.
    @inline(never)
    static func utf8Order(_ keys: [String]) -> [Int] {
        let sortKeys = keys.map(UTF8SortKey.init)
        return keys.indices.sorted { sortKeys[$0] < sortKeys[$1] }
    }

    /// Whether the graphemes made of `grapheme` by mark keys and conjuncts may be left out: the
    /// scalars planned do not cover it, so they cover nothing made of it (its NFD is in every
    /// such grapheme's NFD).
    private func prunes(_ grapheme: String) -> Bool {
        scalars.map { !$0.covers(grapheme) } ?? false
    }

    /// Whether `scalar` is a combining mark (nonspacing, spacing or enclosing).
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        ScalarClass.isMark(scalar)
    }

    mutating func add(_ grapheme: String, _ way: [KeyEvent]) {
        if byGrapheme[grapheme]?.contains(way) == true { return }
        byGrapheme[grapheme, default: []].append(way)
    }
}
