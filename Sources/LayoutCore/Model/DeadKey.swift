/// A dead key of a hardware layout: a *prefix* key. It types nothing by itself; the next
/// key's text is composed with it (`´` then `o` → `ó`), as the Compose table says.
///
/// Dead keys come from XKB and its Compose tables (the XKB import fills them in), never
/// from hand-written tables. A postfix key, which marks the letter before the caret, is an
/// `Accent`, a different thing.
public struct DeadKey: Hashable, Sendable {
    /// The XKB keysym name, e.g. `dead_acute`.
    public let name: String
    /// The spacing character typed when the next key does not compose with the dead key
    /// (then the symbol comes first, the key's text after it), or when the dead key is
    /// pressed twice.
    public let symbol: String
    /// Following text (one grapheme, NFC) → the composed result (NFC), e.g. `o` → `ó`.
    public let compositions: [String: String]
    /// Another dead key pressed next, by its `name` → what the two make (NFC): a CLDR
    /// keyboard's two marker keys that transforms turn into one character (`bn`'s "more"
    /// key, then its au-lengthener, types আ). Other dead keys pressed next work as
    /// `TypingSession` says.
    public let afterDeadKeys: [String: String]

    /// Creates a dead key.
    public init(name: String, symbol: String, compositions: [String: String], afterDeadKeys: [String: String] = [:]) {
        self.name = name
        self.symbol = symbol
        self.compositions = compositions
        self.afterDeadKeys = afterDeadKeys
    }
}
