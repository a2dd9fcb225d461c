import LayoutEngine

extension IBusInputHost {
    /// Reads the client's text before the caret into the session, when the client reports
    /// it; returns the part read (the last graphemes, as the client holds them), or `nil`
    /// when the session keeps working on its own record.
    mutating func readContext(from client: inout some IBusTextClient) -> String? {
        guard let text = client.textBeforeCaret() else { return nil }
        let tail = String(text.suffix(Self.graphemesRead))
        session.setContext(tail)
        return tail
    }

    /// Applies a session edit to the client. With `tail` (the client's own text before the
    /// caret), the deletion is counted in the client's scalars, whether it holds NFC or NFD,
    /// and `tail` follows the change; without it, the client holds what the session typed.
    mutating func apply(_ edit: Edit, tail: inout String?, client: inout some IBusTextClient) {
        if edit.deleteCount == 0 {
            guard !edit.insert.isEmpty else { return }
            client.commit(edit.insert)
            tail?.append(edit.insert)
            return
        }
        guard var text = tail else {
            client.deleteBefore(edit.deleteCount)
            if !edit.insert.isEmpty { client.commit(edit.insert) }
            return
        }
        let deletion = Self.clientDeletion(composedCount: edit.deleteCount, before: text, layout: layout)
        text.unicodeScalars.removeLast(deletion.clientCount)
        let insert = deletion.kept + edit.insert
        text.append(insert)
        tail = text
        client.deleteBefore(deletion.clientCount)
        if !insert.isEmpty { client.commit(insert) }
    }

    /// How many scalars of the client's `text` to delete so that `composedCount` scalars of
    /// its NFC go, and the NFC text to put back (when the deletion ends inside a grapheme).
    ///
    /// Whole graphemes are taken from the end until their NFC has at least `composedCount`
    /// scalars; what their NFC has beyond that is kept. `a` + U+0301 (NFD) with one NFC
    /// scalar to delete gives two client scalars and nothing kept.
    /// - Complexity: O(k) in the graphemes taken.
    public static func clientDeletion(composedCount: Int, before text: String, layout: Layout) -> (
        clientCount: Int, kept: String
    ) {
        var clientCount = 0
        var composed: [String] = []
        var composedScalars = 0
        var scratch = TypingSession(layout: layout)
        for grapheme in text.reversed() {
            guard composedScalars < composedCount else { break }
            clientCount += grapheme.unicodeScalars.count
            scratch.setContext(String(grapheme))
            let nfc = scratch.text
            composed.append(nfc)
            composedScalars += nfc.unicodeScalars.count
        }
        guard composedScalars > composedCount else { return (clientCount, "") }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: composed.reversed().joined().unicodeScalars.prefix(composedScalars - composedCount))
        return (clientCount, String(kept))
    }
}
