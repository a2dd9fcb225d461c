extension TypingSession {
    /// A dead key (a prefix key): it types nothing and waits for the next key, and like a
    /// typed character it releases a one-shot shift and a latched level (on hardware the
    /// modifier is let go before the next key).
    ///
    /// A dead key whose `afterDeadKeys` has the new one types what the two make. Otherwise
    /// the same dead key pressed twice types its spacing symbol (as the Compose tables'
    /// `<dead_acute> <dead_acute> : "´"` do); another dead key while one waits types the
    /// waiting one's symbol, and the new one waits.
    mutating func pressDeadKey(_ deadKey: Int) -> Edit {
        state.releaseAfterTyping()
        let pending = pendingDeadKeyIndex
        guard pending >= 0 else {
            pendingDeadKeyIndex = Int32(deadKey)
            return .none
        }
        if let result = tables.deadKeyPairs[Int(pending)][Int32(deadKey)] {
            pendingDeadKeyIndex = -1
            context.append(contentsOf: result.nfd)
            return Edit(deleteCount: 0, insert: result.nfc, effect: .typed)
        }
        let symbol = tables.deadKeySymbols[Int(pending)]
        pendingDeadKeyIndex = pending == Int32(deadKey) ? -1 : Int32(deadKey)
        context.append(contentsOf: symbol.nfd)
        return Edit(deleteCount: 0, insert: symbol.nfc, effect: .typed)
    }

    /// The key after a dead key: the composed result when the Compose table has one (one
    /// edit inserting it); otherwise the dead key's spacing symbol followed by the key's
    /// text, so that no keystroke is lost.
    ///
    /// libxkbcommon's compose state *cancels* such a sequence and drops both keysyms; the
    /// engine types both instead, as most desktop input methods do for a dead key followed
    /// by a key it does not combine with.
    mutating func composeDeadKey(with output: LayoutTables.Output) -> Edit {
        let deadKey = Int(pendingDeadKeyIndex)
        pendingDeadKeyIndex = -1
        if let result = tables.deadKeyCompositions[deadKey][output.nfc] {
            context.append(contentsOf: result.nfd)
            return Edit(deleteCount: 0, insert: result.nfc, effect: .typed)
        }
        let symbol = tables.deadKeySymbols[deadKey]
        let typed = symbol.nfd + output.nfd
        context.append(contentsOf: typed)
        return Edit(deleteCount: 0, insert: CanonicalComposition.composed(typed), effect: .typed)
    }

    /// Backspace while a dead key waits: the dead key is cancelled, the text stays.
    mutating func cancelDeadKey() -> Edit {
        pendingDeadKeyIndex = -1
        return .none
    }
}
