import LayoutCore

/// Whether the engine a layout's keys go to (its peer: a CLDR keyboard's reorders and
/// transforms) types a way of keys as the planner expects. The planner chains mark keys as
/// if each appended its marks; a peer may reorder marks that several keys typed, which the
/// layout's text compositions, made from pairs of key texts, do not say. One session,
/// emptied before each way, types them all.
struct PeerWayCheck {
    private var session: TypingSession

    /// A check on `layout`, which has a peer.
    init(layout: Layout) { session = TypingSession(layout: layout) }

    /// Whether `way`, typed from an empty text, types `grapheme` (NFC) and nothing else.
    mutating func types(_ way: [KeyEvent], as grapheme: String) -> Bool {
        session.setContext("")
        var host = TextBuffer()
        for event in way { host.apply(session.handle(event)) }
        return host.text == grapheme
    }
}
