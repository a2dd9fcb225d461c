extension TypingSession {
    /// What an accent key does to the grapheme before the caret.
    package enum AccentOutcome: Equatable {
        /// The grapheme becomes this one (NFD), with this effect.
        case result([Unicode.Scalar], EditEffect)
        /// The accent's spacing symbol is typed after it.
        case symbol
    }

    /// Applies the accent with index `accent` (docs/architecture.md, "The typing session"): a letter that takes it
    /// gets it, a letter with another of the layout's accents has it replaced (by the
    /// policy), and anything else gets the spacing symbol typed after it.
    mutating func applyAccent(_ accent: Int) -> Edit {
        let count = context.count
        if let last = context.last, GraphemeBoundary.isSimpleStarter(last),
            count == 1 || GraphemeBoundary.allowsBreak(after: context[count - 2])
        {
            guard let result = tables.accentResult(accent, on: last) else { return typeSymbol(accent) }
            // A lone starter is one scalar however the host holds it.
            if _slowPath(hostText.contextCount > 0) { _ = hostText.removeTail(of: context, from: count - 1) }
            context.append(contentsOf: result.marks)
            return Edit(deleteCount: 1, insert: result.nfc, effect: .accentAdded(accent))
        }
        let length = GraphemeBoundary.lastGraphemeLength(context)
        guard length > 0 else { return typeSymbol(accent) }
        let grapheme = Array(context[(count - length)...])
        switch accentOutcome(accent, on: grapheme) {
        case .symbol:
            return typeSymbol(accent)
        case .result(let accented, let effect):
            let deleted = hostText.removeTail(of: context, from: count - length)
            context.replaceSubrange((count - length)..., with: accented)
            return Edit(deleteCount: deleted, insert: CanonicalComposition.composed(accented), effect: effect)
        }
    }

    /// Types the accent's spacing symbol.
    private mutating func typeSymbol(_ accent: Int) -> Edit {
        let symbol = tables.accentSymbols[accent]
        context.append(contentsOf: symbol.nfd)
        return Edit(deleteCount: 0, insert: symbol.nfc, effect: .accentSymbol(accent))
    }

    /// The accent rules on one grapheme (NFD), without touching the session.
    package func accentOutcome(_ accent: Int, on grapheme: [Unicode.Scalar]) -> AccentOutcome {
        guard let first = grapheme.first, ScalarClass.isAlphabetic(first) else { return .symbol }
        let mark = layout.accents[accent].mark
        var bareEnd = grapheme.count
        if let overrideMarks = tables.overrideMarkCount(grapheme) { bareEnd -= overrideMarks }
        while bareEnd > 1, tables.isRemovableMark(grapheme[bareEnd - 1]) { bareEnd -= 1 }
        let bare = Array(grapheme[..<bareEnd])
        let carried = Array(grapheme[bareEnd...])
        let wanted: [Unicode.Scalar]? =
            if bare.count == 1 {
                tables.accentResult(accent, on: first)?.marks
            } else {
                Self.composesToOne(bare + [mark]) ? [mark] : nil
            }
        if carried.isEmpty {
            guard let wanted else { return .symbol }
            return .result(CanonicalComposition.canonicallyOrdered(bare + wanted), .accentAdded(accent))
        }
        if carried == wanted { return .symbol }
        switch layout.policies.secondAccent {
        case .replace:
            guard let wanted else { return .symbol }
            return .result(CanonicalComposition.canonicallyOrdered(bare + wanted), .accentReplaced(accent))
        case .stack:
            guard Self.composesToOne(grapheme + [mark]) else { return .symbol }
            return .result(CanonicalComposition.canonicallyOrdered(grapheme + [mark]), .accentAdded(accent))
        }
    }

    /// Whether these scalars compose to one precomposed character under NFC.
    static func composesToOne(_ scalars: [Unicode.Scalar]) -> Bool {
        CanonicalComposition.composed(CanonicalComposition.canonicallyOrdered(scalars)).unicodeScalars.count == 1
    }
}
