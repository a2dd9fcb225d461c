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
}

extension IBusTextClient {
    /// No selection, for clients that never report one.
    public mutating func hasSelection() -> Bool { false }
}
