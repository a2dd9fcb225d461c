/// The application an engine types into, as IBus shows it: text before the caret when the
/// client reports it, and the requests an engine can make.
///
/// `IBusEngineService` implements it on a real IBus input context; tests and benchmarks
/// implement it on a plain buffer.
public protocol IBusTextClient {
    /// The text before the caret exactly as the application holds it (NFC, NFD or mixed),
    /// empty when a selection is what typing replaces, or `nil` when the client reports no
    /// surrounding text (the engine then works on its own record). Only its
    /// last few graphemes are read, so a client may return just a tail of its text.
    mutating func textBeforeCaret() -> String?
    /// Whether the text last reported has a selection (what the engine types replaces it);
    /// `textBeforeCaret()` is then empty.
    mutating func hasSelection() -> Bool
    /// Inserts NFC text at the caret (`ibus_engine_commit_text`).
    mutating func commit(_ text: String)
    /// Deletes `count` Unicode scalars (IBus: characters) before the caret
    /// (`ibus_engine_delete_surrounding_text`).
    mutating func deleteBefore(_ count: Int)
    /// Shows a list of choices with one selected (`ibus_engine_update_lookup_table`) and a
    /// title (`ibus_engine_update_auxiliary_text`).
    mutating func showCandidates(_ labels: [String], selected: Int, title: String)
    /// Hides the list of choices.
    mutating func hideCandidates()
    /// Whether the client shows preedit text but takes no `deleteBefore` (IBus: it has the
    /// PREEDIT_TEXT capability and not SURROUNDING_TEXT, as terminals). The engine then holds the
    /// letter an accent may still change as preedit instead of committing it.
    mutating func wantsPreedit() -> Bool
    /// Shows `text` as preedit at the caret, or hides the preedit when `text` is empty
    /// (`ibus_engine_update_preedit_text_with_mode`; the client commits it on focus-out).
    mutating func showPreedit(_ text: String)
    /// Hands `key` to the application after what the engine committed before it
    /// (`ibus_engine_forward_key_event`).
    mutating func forward(_ key: IBusKey)
}

extension IBusTextClient {
    /// No selection, for clients that never report one.
    public mutating func hasSelection() -> Bool { false }
    /// Deletions taken, for clients that do not say otherwise.
    public mutating func wantsPreedit() -> Bool { false }
    /// Nothing shown, for clients that take deletions (the engine shows them no preedit).
    public mutating func showPreedit(_ text: String) {}
    /// Nothing forwarded, for clients that take deletions (the engine forwards keys only
    /// after a preedit).
    public mutating func forward(_ key: IBusKey) {}
}
