import LayoutEngine

/// Clients that take no deletions before the caret but show preedit text (terminals: they
/// report no surrounding text and ignore delete-surrounding). The engine cannot take back what
/// it committed there, so it holds the last letter, the one an accent or backspace may still
/// change, as underlined preedit, and commits it once the next key shows it is final: another
/// letter, a space, a key the application gets, focus-out. The session's context is then only
/// that held letter, so an accent with nothing held types its symbol instead of asking the
/// client for a deletion it would ignore.
extension IBusInputHost {
    /// Replaces the last `count` scalars before the caret with `insert`. On a client that takes
    /// deletions that is `deleteBefore` and `commit`; on a preedit client the deletion comes off
    /// the held text, and the result is committed except its last grapheme when
    /// `holds(_:typedBy:)` keeps it (`key`: the key that typed `insert`, if any).
    mutating func replace(
        deleting count: Int, inserting insert: String, typedBy key: KeyID?, client: inout some IBusTextClient
    ) {
        guard client.wantsPreedit() else {
            client.deleteBefore(count)
            if !insert.isEmpty { client.commit(insert) }
            return
        }
        var held = preedit.unicodeScalars
        held.removeLast(min(count, held.count))
        var text = String(held) + insert
        var keep = ""
        if let last = text.last, holds(last, typedBy: key) {
            keep = String(last)
            text.removeLast()
        }
        if !text.isEmpty { client.commit(text) }
        if !text.isEmpty || keep != preedit { client.showPreedit(keep) }
        preedit = keep
        session.setContext(keep)
    }

    /// Whether the engine holds `grapheme` as preedit: a letter, when the layout has accent keys
    /// that may still change it, or anything a key with long-press alternates typed (holding the
    /// key replaces it).
    func holds(_ grapheme: Character, typedBy key: KeyID?) -> Bool {
        if let key, !layout.keys[key.rawValue].longPress.isEmpty { return true }
        return grapheme.isLetter && hostKeys.hasAccentKeys
    }

    /// Commits the held text, if any, and hides the preedit: before a key the application gets,
    /// so that it comes after the text.
    mutating func commitPreedit(client: inout some IBusTextClient) {
        guard !preedit.isEmpty else { return }
        client.commit(preedit)
        client.showPreedit("")
        preedit = ""
        session.setContext("")
    }

    /// Commits the held text and forgets the record: the next key may move the caret.
    mutating func finish(client: inout some IBusTextClient) {
        commitPreedit(client: &client)
        forget()
    }

    /// Hands `key`, which the engine does not use, to the application after the held text:
    /// with text held it is committed and the key forwarded after it (were the key returned
    /// unused, the application could act on it before the commit arrives). Returns whether the
    /// engine took the key.
    mutating func passOn(_ key: IBusKey, client: inout some IBusTextClient) -> Bool {
        let held = !preedit.isEmpty
        finish(client: &client)
        guard held else { return false }
        client.forward(key)
        return true
    }
}
