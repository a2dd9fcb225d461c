import LDMLKeyboards
import LayoutEngine

extension LDMLExporter {
    /// The accent rules (in NFD, as LDML matches): each explicit pair's result with an accent
    /// after it, the pairs, letters that carry a mark of their own, the same accent twice
    /// gives its symbol, a second accent replaces the first (the replace policy) or gives
    /// the symbol, and the symbol where nothing takes the accent. Where a rule is about one
    /// letter, its output is what the layout's own session answers
    /// (`TypingSession.accentOutcome`), so the two cannot drift apart.
    static func accentTransforms(_ layout: Layout) -> [String] {
        guard !layout.accents.isEmpty else { return [] }
        let session = TypingSession(layout: layout)
        let replace = layout.policies.secondAccent == .replace
        // The marks a second accent replaces on any letter: the accents' own combining
        // diacritics, as in the session. A mark only an explicit pair adds (cs-touch's ring,
        // from u + caron → ů) counts on that pair's letter alone, not on a pasted or
        // long-pressed å.
        let accentMarks = Set(layout.accents.map(\.mark.value).filter { (0x300...0x36F).contains($0) })
        let pairResults = layout.accents.flatMap { overridePairs($0).map(\.result) }
        var rules: [String] = []
        for (index, accent) in layout.accents.enumerated() {
            let mark = hex([accent.mark.value])
            let symbol = hex(accent.symbol.unicodeScalars.map(\.value))
            let others = accentMarks.subtracting([accent.mark.value]).sorted()
            let otherClass = characterClass(others.map { $0...$0 })
            // Every pair's letter (of any accent) with this accent after it (cs-touch: ů ˇ
            // types the caron's symbol, ů ´ gives ú).
            var seen = Set<[UInt32]>()
            for result in pairResults where seen.insert(result).inserted {
                rules.append(outcomeRule(on: result, accent: index, session))
            }
            for pair in overridePairs(accent) {
                rules.append("<transform from=\"\(hex(pair.base))\(mark)\" to=\"\(hex(pair.result))\" />")
                if !others.isEmpty, replace {
                    rules.append(
                        "<transform from=\"\(hex(pair.base))\(otherClass)\(mark)\" to=\"\(hex(pair.result))\" />")
                }
            }
            let takers = takers(of: accent)
            let takerClass = characterClass(takers)
            rules += markedLetterRules(index, session: session, replacing: replace ? others : [])
            rules.append("<transform from=\"\(mark)\(mark)\" to=\"\(mark)\(symbol)\" />")
            if !others.isEmpty {
                if replace, !takers.isEmpty {
                    rules.append("<transform from=\"(\(takerClass))\(otherClass)\(mark)\" to=\"$1\(mark)\" />")
                }
                rules.append("<transform from=\"(\(otherClass))\(mark)\" to=\"$1\(symbol)\" />")
            }
            rules.append("<transform from=\"^\(mark)\" to=\"\(symbol)\" />")
            let notTakers = takers.isEmpty ? "." : "[^" + characterClass(takers).dropFirst()
            rules.append("<transform from=\"(\(notTakers))\(mark)\" to=\"$1\(symbol)\" />")
        }
        return rules
    }

    /// The accent's explicit pairs the session uses (one base scalar, a result that is that
    /// base and marks after it), both in NFD.
    static func overridePairs(_ accent: Accent) -> [(base: [UInt32], result: [UInt32])] {
        accent.overrides.compactMap { pair in
            guard let baseCharacter = pair.base.first, let resultCharacter = pair.result.first else { return nil }
            let base = Normalization.nfd(String(baseCharacter).unicodeScalars.map(\.value))
            let result = Normalization.nfd(String(resultCharacter).unicodeScalars.map(\.value))
            guard base.count == 1, result.count > 1, result[0] == base[0] else { return nil }
            return (base, result)
        }
    }

    /// The rule for the letter `grapheme` (NFD) with the accent `accent` typed after it: what
    /// the layout's session makes of the two.
    static func outcomeRule(on grapheme: [UInt32], accent: Int, _ session: TypingSession) -> String {
        let mark = session.layout.accents[accent].mark
        let from = hex(grapheme + [mark.value])
        switch session.accentOutcome(accent, on: grapheme.compactMap(Unicode.Scalar.init)) {
        case .symbol:
            let symbol = session.layout.accents[accent].symbol.unicodeScalars.map(\.value)
            return "<transform from=\"\(from)\" to=\"\(hex(grapheme + symbol))\" />"
        case .result(let accented, _):
            return "<transform from=\"\(from)\" to=\"\(hex(accented.map(\.value)))\" />"
        }
    }

    /// Letters that carry a mark before the accent's and make one precomposed character with
    /// it (`ç ´` → `ḉ`, `å ´` → `ǻ`, `ü ´` → `ǘ`): the accent's rule on each, as the session
    /// answers (it keeps the mark when the whole composes to one character and no mark before
    /// is replaced), so that the generic rules after these do not type the symbol or replace a
    /// mark the session keeps; with the replace policy, each accent mark in `replacing` between
    /// letter and accent goes where the session takes it off (`ç ¨ ´` → `ḉ`).
    static func markedLetterRules(_ accent: Int, session: TypingSession, replacing: [UInt32]) -> [String] {
        let mark = session.layout.accents[accent].mark.value
        var rules: [String] = []
        for nfd in AccentLetterTables.markedLetters[mark] ?? [] {
            let bare = Array(nfd.dropLast())
            rules.append(outcomeRule(on: bare, accent: accent, session))
            for other in replacing {
                let marked = Normalization.nfd(bare + [other])
                let outcome = session.accentOutcome(accent, on: marked.compactMap(Unicode.Scalar.init))
                guard case .result(let accented, _) = outcome, accented.map(\.value) == nfd else { continue }
                rules.append("<transform from=\"\(hex(marked + [mark]))\" to=\"\(hex(nfd))\" />")
            }
        }
        return rules
    }

    /// The base letters (NFD, one scalar) that compose with the accent's mark, or that
    /// have an explicit pair, as ranges.
    static func takers(of accent: Accent) -> [ClosedRange<UInt32>] {
        var values = AccentLetterTables.bareLetters.filter { Normalization.compose($0, accent.mark.value) != nil }
        for pair in overridePairs(accent) { values.append(pair.base[0]) }
        var ranges: [ClosedRange<UInt32>] = []
        for value in Set(values).sorted() {
            if let last = ranges.last, last.upperBound + 1 == value {
                ranges[ranges.count - 1] = last.lowerBound...value
            } else {
                ranges.append(value...value)
            }
        }
        return ranges
    }
}

/// The letters the accent rules enumerate, found once a process (each export had decomposed
/// every letter of Latin, Greek and Cyrillic again for every accent).
private enum AccentLetterTables {
    /// Per combining mark: the precomposed letters of Latin (U+00C0–U+024F), Greek, Cyrillic
    /// and Latin and Greek Extended whose NFD is a letter and two or more marks ending with
    /// that mark once (`ḉ`: c, cedilla, acute), as NFD, in code point order.
    static let markedLetters: [UInt32: [[UInt32]]] = {
        var table: [UInt32: [[UInt32]]] = [:]
        for range: ClosedRange<UInt32> in [0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1FFF] {
            for value in range {
                let nfd = Normalization.nfd([value])
                guard nfd.count > 2, let mark = nfd.last, nfd.filter({ $0 == mark }).count == 1,
                    let first = Unicode.Scalar(nfd[0]), first.properties.isAlphabetic
                else { continue }
                table[mark, default: []].append(nfd)
            }
        }
        return table
    }()

    /// The letters of Latin (from U+0041), Greek, Cyrillic and Latin Extended Additional
    /// that have no decomposition (bases an accent's mark may compose with), in order.
    static let bareLetters: [UInt32] = {
        var values: [UInt32] = []
        for range: ClosedRange<UInt32> in [0x41...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1EFF] {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic,
                    Normalization.decompose(value) == [value]
                else { continue }
                values.append(value)
            }
        }
        return values
    }()
}
