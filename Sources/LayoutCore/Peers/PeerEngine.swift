/// An input-method engine the project does not own (Keyman Core, m17n) that types on a
/// layout's keys in place of the session's own rules: a *peer*.
///
/// A peer layout is an ordinary `Layout` (keys, layers, geometry, the tables the planner
/// reads) that carries a `PeerHook`. A `TypingSession` on it keeps the shift, caps and
/// layer state as on any layout, and hands every key that changes text (text, space,
/// return, backspace, dead and accent keys) to its own peer engine, which answers with the
/// same `Edit` contract: delete N scalars of the NFC text before the caret, insert text.
///
/// Hosts (the simulator, key scripts, replays of plans, the comparisons) need no change:
/// they talk to the session, and the session talks to the peer.
public protocol PeerEngine: AnyObject {
    /// Presses `key` (a key of the peer layout; its layer says which modifiers are held)
    /// and says what it did to the text before the caret.
    func press(_ key: KeyID) -> Edit
    /// Replaces the text before the caret (what the host's field holds), and forgets any
    /// pending state (a waiting dead key, a preedit).
    func setContext(_ text: String)
    /// A new engine in the same state, for a copy of the session that types on its own.
    func copy() -> any PeerEngine
    /// Handles a key event of any kind on a key that changes text: a tap is `press`; an
    /// engine with gestures (long-press, multi-tap, flick) handles them here.
    func handle(_ event: KeyEvent) -> Edit
}

extension PeerEngine {
    /// A tap presses the key; other gestures type nothing (Keyman and m17n have none).
    public func handle(_ event: KeyEvent) -> Edit { event.isTap ? press(event.key) : .none }
}

/// Makes the peer engine of each session on a peer layout.
public struct PeerHook: Sendable {
    /// What the peer is, for messages (`Keyman Core 16 (basic_kbdhu.kmx)`).
    public let engineName: String
    /// Makes a fresh engine at the start of an empty text.
    public let makeEngine: @Sendable () -> any PeerEngine

    /// Creates a hook.
    public init(engineName: String, makeEngine: @escaping @Sendable () -> any PeerEngine) {
        self.engineName = engineName
        self.makeEngine = makeEngine
    }
}

extension Layout {
    /// The same layout, typed by a peer engine: every `TypingSession` on it makes its own
    /// engine with `hook`. The layout's keys stay what the planner reads.
    public func typed(by hook: PeerHook) -> Layout {
        var copy = self
        copy.peer = hook
        return copy
    }
}

/// The session's own peer engine, copied before it changes when the session was copied
/// (so that sessions keep value semantics).
///
/// `@unchecked Sendable`: the engine is only touched through `TypingSession`'s mutating
/// methods, after `isKnownUniquelyReferenced` has made it the session's own.
final class PeerBox: @unchecked Sendable {
    let engine: any PeerEngine
    init(_ engine: any PeerEngine) { self.engine = engine }
}

extension Layout {
    /// The same layout typed by the project's own engine (no peer): what the planner models.
    public func withoutPeer() -> Layout {
        var copy = self
        copy.peer = nil
        return copy
    }
}
