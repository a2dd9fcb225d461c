/// What a key press does to the host's text: delete `deleteCount` Unicode scalars before
/// the caret, then insert `insert` (NFC).
///
/// `deleteCount` counts the scalars *the host holds*: NFC for text the session typed, and the
/// host's own form for text it gave with `TypingSession.setContext(_:)`, so a host holding
/// decomposed text (`a` + U+0301, pasted) gets an edit that deletes both scalars.
///
/// A host applies an edit to its own buffer (`TextBuffer` is one), the way an input
/// method applies Keyman Core's actions.
public struct Edit: Hashable, Sendable {
    /// How many Unicode scalars (code points) of the host's text before the caret to delete.
    public let deleteCount: Int
    /// The NFC text to insert at the caret after deleting.
    public let insert: String
    /// What happened, for a host that explains it (`á ⌫ → a (accent removed)`).
    public let effect: EditEffect

    /// Creates an edit.
    public init(deleteCount: Int, insert: String, effect: EditEffect) {
        self.deleteCount = deleteCount
        self.insert = insert
        self.effect = effect
    }

    /// An edit that changes no text (a shift or layer key, or backspace at the start).
    public static let none = Edit(deleteCount: 0, insert: "", effect: .none)
}

/// What a key press did to the text.
public enum EditEffect: Hashable, Sendable {
    /// The text is unchanged (state keys, backspace with nothing before the caret).
    case none
    /// Text was typed.
    case typed
    /// The accent with this index (into `Layout.accents`) went onto the letter before the caret.
    case accentAdded(Int)
    /// The letter's accent was swapped for the accent with this index.
    case accentReplaced(Int)
    /// The accent had no letter to go on, so its spacing symbol was typed.
    case accentSymbol(Int)
    /// Backspace took only the accent off the letter.
    case accentRemoved
    /// Backspace deleted the whole grapheme.
    case graphemeDeleted
}
