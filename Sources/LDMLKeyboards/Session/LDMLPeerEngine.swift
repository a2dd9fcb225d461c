import LayoutEngine

/// An LDML keyboard typing on its own converted `Layout` (`LDMLKeyboard.layout(id:hardware:)`)
/// inside a `TypingSession`: the session keeps the layer and shift state it shows, and every
/// key that changes text goes to an `LDMLSession`, so that transforms, markers, reorders and
/// backspace transforms run exactly as the keyboard says, in the simulator, in key scripts and
/// in an input method alike.
public final class LDMLPeerEngine: PeerEngine {
    private var session: LDMLSession
    private let layout: Layout

    /// An engine typing `keyboard` on `layout`, its conversion of the same form (`hardware`).
    public init(keyboard: LDMLKeyboard, layout: Layout, hardware: Bool) {
        session = LDMLSession(keyboard: keyboard, hardware: hardware)
        self.layout = layout.withoutPeer()
    }

    /// An engine that starts from `session` (copied: its key plan is shared, not rebuilt) and
    /// reads keys on `layout`, which has no peer.
    init(session: LDMLSession, layout: Layout) {
        self.session = session
        self.layout = layout
    }

    public func press(_ key: KeyID) -> Edit { session.handle(.tap(key), on: layout) }

    public func handle(_ event: KeyEvent) -> Edit { session.handle(event, on: layout) }

    public func setContext(_ text: String) { session.setContext(text) }

    public func copy() -> any PeerEngine { LDMLPeerEngine(session: session, layout: layout) }
}

extension LDMLKeyboard {
    /// The keyboard as a `Layout` typed by the keyboard itself: `layout(id:hardware:)`, whose
    /// sessions hand every key that changes text to an `LDMLPeerEngine`. The planner still reads
    /// the layout's keys (marker keys as dead keys, see `markerDeadKeys`, and what transforms
    /// make of two keys' texts, see `textCompositions`).
    ///
    /// Every session on the returned layout starts from one fresh `LDMLSession` made here, so
    /// its key plan is worked out once per layout, not once per session.
    public func typingLayout(id: String, hardware: Bool = false) throws(LayoutError) -> Layout {
        typingLayout(try layout(id: id, hardware: hardware), hardware: hardware)
    }

    /// `typingLayout(id:hardware:)` of `layout`, this keyboard's `layout(id:hardware:)` of the
    /// same form, already made: the conversion types pairs of texts through the transforms
    /// (`textCompositions`), which a caller holding the layout need not pay for twice.
    public func typingLayout(_ layout: Layout, hardware: Bool = false) -> Layout {
        let usesHardware = hardware ? self.hardware != nil : touch() == nil
        let fresh = LDMLSession(keyboard: self, hardware: usesHardware)
        let keys = layout.withoutPeer()
        return layout.typed(
            by: PeerHook(engineName: "CLDR keyboard3 (\(layout.id))") {
                LDMLPeerEngine(session: fresh, layout: keys)
            })
    }
}
