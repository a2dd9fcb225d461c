import LayoutEngine

extension LDMLKeyboard {
    /// The most pairs of texts `textCompositions` types (fr, with 153 texts on its keys,
    /// types 23,409).
    static let textPairLimit = 100_000

    /// What transforms make of one key's text typed after another's (`Layout.textCompositions`):
    /// fr-t-k0-test's `^` then `e` is `ê`, and `^` then a space is `^`; pcm's `'` then `'` is
    /// U+0323. Found by typing each pair of texts in an `LDMLSession`, so whatever transforms
    /// and reorders make of them counts; a pair whose text stays as typed is left out. The
    /// texts are those of the keys `set` places and of their long-presses, multi-taps and
    /// flicks, one grapheme each; a first text that is a mark alone (it joins the grapheme
    /// before it) is not tried, nor a second whose key skips the transforms after the first
    /// (`KeyPlan`: no rule can match there), nor a text that some key types with markers. Past `pairLimit` pairs none are tried, so that
    /// no keyboard makes the conversion take long.
    func textCompositions(
        _ set: LDMLLayerSet, hardware: Bool, pairLimit: Int = textPairLimit
    ) -> [String: [String: String]] {
        guard !simpleGroups.isEmpty else { return [:] }
        let placed = Set(set.layers.flatMap { $0.rows.joined() })
        var reachable = placed
        for index in placed {
            let key = keys[index]
            reachable.formUnion(key.longPress)
            reachable.formUnion(key.multiTap)
            if let flickID = key.flickID { reachable.formUnion((flicks[flickID] ?? []).map(\.key)) }
        }
        var keyByText: [String: Int] = [:]
        // Texts that a key also types with markers: the layout shows that key as typing the
        // text alone, but its markers change what transforms make after it, so the planner
        // could not tell which of the keys composes.
        var markedTexts: Set<String> = []
        for index in reachable.sorted() {
            let key = keys[index]
            guard !key.isGap, key.layerID == nil, key.outputText.count == 1 else { continue }
            let text = key.outputText.precomposed
            if !key.outputMarkers.isEmpty {
                markedTexts.insert(text)
            } else if keyByText[text] == nil {
                keyByText[text] = index
            }
        }
        let texts = keyByText.filter { !markedTexts.contains($0.key) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        guard texts.count * texts.count <= pairLimit else { return [:] }
        let fresh = LDMLSession(keyboard: self, hardware: hardware)
        // One session types every pair, resumed from the first text's: no copy per pair.
        var session = fresh
        session.scratch.keyEdits = false
        var compositions: [String: [String: String]] = [:]
        for (first, firstKey) in texts {
            guard let lead = first.unicodeScalars.first, !Self.isMark(lead) else { continue }
            var afterFirst = fresh
            _ = afterFirst.press(firstKey)
            guard !afterFirst.hasMarkers, afterFirst.text.precomposed == first else { continue }
            let last = Normalization.nfd(first.unicodeScalars.map(\.value)).last ?? 0
            for (second, secondKey) in texts where Self.mayMatch(secondKey, after: last, fresh.plan) {
                session.resume(from: afterFirst)
                _ = session.press(secondKey)
                guard !session.hasMarkers else { continue }
                // Most pairs stay as typed: the first text's context, then the second key's
                // output. Its NFC is that of the two texts, so neither need be composed.
                if Self.staysAsTyped(session, after: afterFirst, secondKey) { continue }
                let result = session.text.precomposed
                guard result != (first + second).precomposed else { continue }
                compositions[first, default: [:]][second] = result
            }
        }
        return compositions
    }

    /// Whether `session`'s context is `before`'s then `key`'s output, element for element.
    private static func staysAsTyped(_ session: LDMLSession, after before: LDMLSession, _ key: Int) -> Bool {
        let output = session.plan.output(session.plan.entries[key])
        let count = before.context.count
        guard session.context.count == count + output.count else { return false }
        return session.context.withUnsafeBufferPointer { context in
            before.context.withUnsafeBufferPointer { context[..<count].elementsEqual($0) }
                && context[count...].elementsEqual(output)
        }
    }

    /// Whether a rule may match when the key is typed after `previous` (`KeyPlan`): a key
    /// that skips the transforms never makes anything with the text before it.
    private static func mayMatch(_ key: Int, after previous: UInt32, _ plan: KeyPlan) -> Bool {
        let entry = plan.entries[key]
        switch entry.kind {
        case .nothing, .inert: return false
        case .guarded: return plan.guarded(entry.guardWord, after: previous)
        case .general: return true
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
