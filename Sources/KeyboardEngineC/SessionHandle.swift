import Synchronization

/// What a `pk_session` handle holds: its `SessionCore` behind a lock, so that two threads
/// misusing one session take turns instead of corrupting it (the header asks for one thread
/// at a time; different sessions never wait for each other).
final class SessionHandle: Sendable {
    private let core: Mutex<SessionCore>

    /// Holds a new session on `layout`.
    init(layout: LayoutHandle) {
        core = Mutex(SessionCore(layout: layout))
    }

    /// Runs `body` on the session, alone.
    func with<Result>(_ body: (inout SessionCore) -> Result) -> Result {
        core.withLock { body(&$0) }
    }

    /// The live sessions the C interface gave out ("PS" in their top bits).
    static let registry = HandleRegistry<SessionHandle>(magic: 0x5053)
}
