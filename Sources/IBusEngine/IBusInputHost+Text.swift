import KeyboardHost
import LayoutEngine

extension IBusInputHost {
    /// Reads the client's text before the caret into the session, when the client reports
    /// it, in the client's own form (NFC, NFD or mixed): the session's edits then delete
    /// exactly the scalars the client holds. Returns whether it did; without it, the
    /// session keeps working on its own record of what it typed.
    @discardableResult
    mutating func readContext(from client: inout some IBusTextClient) -> Bool {
        guard let text = reportedText(from: &client) else { return false }
        session.setContext(text)
        return true
    }

    /// The last graphemes before the caret as the client reports them, or `nil` when it
    /// reports none or its report is older than what the engine typed: while the engine's
    /// record since the last caret move is not empty, the report must end with the same
    /// grapheme (an application may report its text before it applied the last commit). With a
    /// selection it is empty: what the engine types replaces the selection.
    mutating func reportedText(from client: inout some IBusTextClient) -> String? {
        guard let text = client.textBeforeCaret() else { return nil }
        if client.hasSelection() { return "" }
        let tail = String(text.suffix(Self.graphemesRead))
        if let typed = lastTypedGrapheme, tail.last != typed { return nil }
        return tail
    }

    /// The last grapheme of the session's record (`HostKeys.lastGrapheme`), or `nil` when the
    /// record is empty. `Character` compares canonically: NFD here, NFC or NFD in the client's
    /// text.
    var lastTypedGrapheme: Character? {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: HostKeys.lastGrapheme(of: session.context))
        return String(scalars).last
    }

    /// Applies a session edit to the client: `deleteCount` scalars of what the client holds
    /// (IBus counts characters, that is code points), then the NFC text (`key` typed it).
    mutating func apply(_ edit: Edit, typedBy key: KeyID?, client: inout some IBusTextClient) {
        replace(deleting: edit.deleteCount, inserting: edit.insert, typedBy: key, client: &client)
    }
}
