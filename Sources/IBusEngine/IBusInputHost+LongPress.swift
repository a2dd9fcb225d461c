import LayoutEngine

/// Long-press on a physical keyboard: holding a key that has alternates (its auto-repeat)
/// opens them as IBus's lookup table; 1–9 pick one, ←/→ (↑/↓) move, Space or Enter take the
/// selected one, Esc closes the list. The alternate replaces the letter the key typed.
extension IBusInputHost {
    /// The alternates shown now, if any.
    public var shownAlternates: [String]? {
        popup.map { layout.keys[$0.tap.key.rawValue].longPress }
    }

    /// Opens the alternates of the key typed by `tap`.
    mutating func open(_ tap: TypedKey, client: inout some IBusTextClient) {
        let key = layout.keys[tap.key.rawValue]
        popup = LongPressChoice(tap: tap, selection: min(max(key.longPressDefault, 0), key.longPress.count - 1))
        show(client: &client)
    }

    /// Handles a key while the alternates are shown: `true` or `false` when it was about the
    /// list, `nil` when it closed the list and should be handled as usual.
    /// The held key's auto-repeat (`repeated`) is swallowed while the list is open.
    mutating func choose(with key: IBusKey, repeated: Bool, client: inout some IBusTextClient) -> Bool? {
        guard let choice = popup else { return nil }
        let count = layout.keys[choice.tap.key.rawValue].longPress.count
        if repeated { return true }
        if !key.hasShortcutModifier, let digit = key.character?.wholeNumberValue, digit >= 1, digit <= count {
            pick(digit - 1, client: &client)
            return true
        }
        switch key.keyval {
        case IBusKey.Keysym.left, IBusKey.Keysym.up:
            move(by: -1, client: &client)
            return true
        case IBusKey.Keysym.right, IBusKey.Keysym.down:
            move(by: 1, client: &client)
            return true
        case IBusKey.Keysym.space, IBusKey.Keysym.returnKey, IBusKey.Keysym.keypadEnter:
            pick(choice.selection, client: &client)
            return true
        case IBusKey.Keysym.escape:
            close(client: &client)
            return true
        default:
            if IBusKey.Keysym.isModifier(key.keyval) { return false }
            close(client: &client)
            return nil
        }
    }

    /// Moves the selection (the panel's cursor buttons, or arrow keys).
    public mutating func move(by step: Int, client: inout some IBusTextClient) {
        guard var choice = popup else { return }
        let count = layout.keys[choice.tap.key.rawValue].longPress.count
        // The step is cut to less than a round first: selection + step may be past Int.
        choice.selection = ((choice.selection + step % count) % count + count) % count
        popup = choice
        show(client: &client)
    }

    /// Types the alternate at `index` in place of the letter its key typed (a click on the
    /// lookup table, a digit, Space or Enter).
    public mutating func pick(_ index: Int, client: inout some IBusTextClient) {
        guard let choice = popup else { return }
        close(client: &client)
        guard index >= 0, index < layout.keys[choice.tap.key.rawValue].longPress.count else { return }
        var picked = choice.tap.before
        var deleteCount = 0
        if var text = reportedText(from: &client) {
            if let last = text.last, choice.tap.typed.count == 1, last == choice.tap.typed.first {
                deleteCount = last.unicodeScalars.count
                text.removeLast()
            }
            picked.setContext(text)
        } else if session.text.hasSuffix(choice.tap.typed) {
            deleteCount = choice.tap.typed.unicodeScalars.count
        }
        let edit = picked.handle(.longPress(choice.tap.key, alternate: index))
        session = picked
        lastTap = nil
        replace(
            deleting: deleteCount + edit.deleteCount, inserting: edit.insert, typedBy: choice.tap.key, client: &client)
    }

    /// Closes the list of alternates.
    mutating func close(client: inout some IBusTextClient) {
        guard popup != nil else { return }
        popup = nil
        client.hideCandidates()
    }

    private func show(client: inout some IBusTextClient) {
        guard let choice = popup else { return }
        let key = layout.keys[choice.tap.key.rawValue]
        client.showCandidates(
            key.longPress, selected: choice.selection, title: "\(key.label): 1–\(key.longPress.count)")
    }
}
