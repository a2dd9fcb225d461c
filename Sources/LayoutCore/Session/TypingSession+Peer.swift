extension TypingSession {
    /// A key event on a peer layout: keys that change text go to the peer engine, whose edit
    /// is applied to the context; `nil` for the keys the session handles itself (shift,
    /// caps lock, latch and layer keys). Gestures go to the peer too; one without them types
    /// nothing for a long-press, multi-tap or flick.
    mutating func handleByPeer(_ event: KeyEvent) -> Edit? {
        let key = event.key.rawValue
        switch tables.kinds[key] {
        case .shift, .capsLock, .latch, .layer: return nil
        case .text, .accent, .backspace, .space, .returnKey, .deadKey: break
        }
        let edit = applyToContext(ownPeer().handle(event))
        // As the session's own rules and the planner do: every key but backspace releases a
        // one-shot shift and a latched level (accent keys too, on hardware layouts).
        if tables.kinds[key] != .backspace, tables.kinds[key] != .accent || layout.platform == .hardware {
            state.releaseAfterTyping()
        }
        return edit
    }

    /// The peer engine, copied first when another session shares it.
    mutating func ownPeer() -> any PeerEngine {
        if !isKnownUniquelyReferenced(&peerBox!) {
            peerBox = PeerBox(peerBox!.engine.copy())
        }
        return peerBox!.engine
    }

    /// Applies an edit made on the NFC text to the NFD context: the graphemes the deletion
    /// reaches (and the one an inserted combining mark joins) are composed, cut, joined with
    /// the insertion and decomposed again. Returns the
    /// edit for the host: the peer's own when it touches only text the session typed; when it
    /// reaches text `setContext` gave, the host's own scalars of the graphemes it touches are
    /// deleted and what stays of them is inserted again (a host may hold that text in NFD).
    /// - Complexity: O(graphemes the edit touches).
    mutating func applyToContext(_ edit: Edit) -> Edit {
        if let start = plainTailStart(deleting: edit.deleteCount, before: edit.insert) {
            context.replaceSubrange(
                start..., with: CanonicalComposition.decomposedText(Array(edit.insert.unicodeScalars)))
            return edit
        }
        if applyWithoutComposing(edit) { return edit }
        return applyByComposing(edit)
    }

    /// `applyToContext`'s general way: the graphemes the edit reaches composed, cut, joined
    /// with the insertion and decomposed again.
    package mutating func applyByComposing(_ edit: Edit) -> Edit {
        var start = context.count
        var composedCount = 0
        // The last grapheme's NFC, when it is longer than two scalars: composed once, for
        // both its count and the tail below when the edit reaches no further.
        var lastGrapheme: (start: Int, composed: [Unicode.Scalar])?
        while composedCount < edit.deleteCount, start > 0 {
            let length = graphemeLength(before: start)
            guard length > 0 else { break }
            if start == context.count, length > 2 {
                let composed = CanonicalComposition.composedScalars(context[(start - length)..<start])
                lastGrapheme = (start - length, composed)
                composedCount += composed.count
            } else {
                composedCount += CanonicalComposition.composedScalarCount(context[(start - length)..<start])
            }
            start -= length
        }
        // An insertion that starts with a combining mark joins the grapheme before it, whose
        // marks are put in canonical order again with it.
        if start > 0, let first = edit.insert.unicodeScalars.first,
            ScalarNormalization.combiningClass(first.value) != 0
        {
            start -= graphemeLength(before: start)
        }
        var tail: [Unicode.Scalar]
        if start == context.count {
            tail = []
        } else if let lastGrapheme, lastGrapheme.start == start {
            tail = lastGrapheme.composed
        } else {
            tail = CanonicalComposition.composedScalars(context[start...])
        }
        let tailCount = tail.count
        tail.removeLast(min(edit.deleteCount, tail.count))
        let touchesHostText = start < hostText.contextCount
        let hostCount = hostText.removeTail(of: context, from: start, composedCount: tailCount)
        let keptCount = tail.count
        tail.append(contentsOf: edit.insert.unicodeScalars)
        context.replaceSubrange(start..., with: CanonicalComposition.decomposedText(tail))
        guard touchesHostText else { return edit }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: tail[..<keptCount])
        return Edit(deleteCount: hostCount, insert: String(kept) + edit.insert, effect: edit.effect)
    }

    /// Where an edit that deletes `count` scalars and inserts `insert` starts in the context
    /// when it needs no composing: the session typed all the text (the host holds it in NFC),
    /// the last `count` scalars are each their own NFC and start a composition chunk
    /// (`CanonicalComposition.startsCompositionChunk`: nothing composes with them or across
    /// them), and `insert` starts with a starter. The general way then gives the same
    /// context: the graphemes it composes, cuts and decomposes again keep their text before
    /// these scalars. `nil` otherwise.
    func plainTailStart(deleting count: Int, before insert: String) -> Int? {
        guard hostText.contextCount == 0, count <= context.count else { return nil }
        if let first = insert.unicodeScalars.first, ScalarNormalization.combiningClass(first.value) != 0 { return nil }
        let start = context.count - count
        for scalar in context[start...]
        where !CanonicalComposition.startsCompositionChunk(scalar)
            || !ScalarNormalization.isOwnDecomposition(scalar.value)
        {
            return nil
        }
        return start
    }

    /// The length of the grapheme that ends at `end` in the context (found in windows at
    /// its end that grow until their start cannot change it, see `GraphemeBoundary`).
    func graphemeLength(before end: Int) -> Int {
        GraphemeBoundary.lastGraphemeLength(context[..<end])
    }

    /// Applies an edit the way `applyByComposing` does, when that can be told without
    /// composing (which, at every key of a long run of marks or vowel signs, composes all of
    /// it): when, in the text the general way composes (from the grapheme that holds the first
    /// deleted scalar, or the one before it when the insertion starts with a mark), no deleted
    /// scalar joins a composite, the host's last scalars are the context's, and deleting
    /// them deletes the context's; and the NFD of the rest with the insertion is the
    /// insertion's marks sorted into the run before them. So when
    ///
    /// - that text is the session's own (after what the host gave, `hostText`),
    /// - it is in canonical order (as it is unless Foundation's order for a Tibetan vowel sign
    ///   put it otherwise: the general way would sort it again),
    /// - composing it joins no deleted scalar to a starter (`composesNothing`), and
    /// - every inserted scalar is its own decomposition,
    ///
    /// the context becomes what the general way makes it, in time proportional to that text's
    /// length (its combining classes read once) with no composing. Returns whether it applied.
    package mutating func applyWithoutComposing(_ edit: Edit) -> Bool {
        let deleted = edit.deleteCount
        guard deleted >= 0, deleted <= context.count else { return false }
        let inserted = Array(edit.insert.unicodeScalars)
        guard inserted.allSatisfy({ ScalarNormalization.isOwnDecomposition($0.value) }) else { return false }
        let end = context.count - deleted
        var start = context.count
        while start > end {
            let length = graphemeLength(before: start)
            guard length > 0 else { return false }
            start -= length
        }
        if start > 0, let first = inserted.first, ScalarNormalization.combiningClass(first.value) != 0 {
            start -= graphemeLength(before: start)
        }
        guard start >= hostText.contextCount, Self.composesNothing(context[start...], from: end) else { return false }
        context.removeLast(deleted)
        // Each inserted scalar sorted into the run before it (a stable insertion sort, which
        // stops at a starter, so at `start` at the latest).
        for scalar in inserted {
            let scalarClass = ScalarNormalization.combiningClass(scalar.value)
            var position = context.count
            if scalarClass != 0 {
                while position > 0, ScalarNormalization.combiningClass(context[position - 1].value) > scalarClass {
                    position -= 1
                }
            }
            context.insert(scalar, at: position)
        }
        return true
    }

    /// Whether `text` (NFD) is in canonical order and the canonical composition algorithm
    /// (`ScalarNormalization.canonicallyComposed`), run over it alone, joins no scalar from
    /// index `kept` on to a starter before it.
    static func composesNothing(_ text: ArraySlice<Unicode.Scalar>, from kept: Int) -> Bool {
        var starter: UInt32 = 0
        var hasStarter = false
        var starterIsLast = false  // no scalar kept after the starter yet
        var keptClass: UInt8 = 0  // the class of the last scalar kept (not composed)
        var previousClass: UInt8 = 0  // the class of the scalar before, for the order
        for index in text.indices {
            let value = text[index].value
            let valueClass = ScalarNormalization.combiningClass(value)
            if valueClass != 0, previousClass > valueClass { return false }
            previousClass = valueClass
            if hasStarter, ScalarNormalization.isCompositionSecond(value),
                starterIsLast || (keptClass != 0 && keptClass < valueClass),
                let composite = ScalarNormalization.primaryComposite(starter, value)
            {
                if index >= kept { return false }
                starter = composite
                continue
            }
            if valueClass == 0 {
                starter = value
                hasStarter = true
                starterIsLast = true
            } else {
                starterIsLast = false
            }
            keptClass = valueClass
        }
        return true
    }
}
