import LayoutEngine

/// One physical key action on an XKB keyboard.
public struct XKBKeyAction: Hashable, Sendable {
    /// What the key does.
    public enum Kind: UInt8, Sendable {
        /// A key that types: down, its keysym through Compose, the text, up.
        case type
        /// A modifier goes down and stays down until `release`.
        case hold
        /// A held modifier goes up.
        case release
        /// A lock key (Caps Lock): down and up.
        case toggle
    }

    /// The key's XKB keycode.
    public let keycode: UInt32
    /// What it does.
    public let kind: Kind

    /// Creates an action.
    public init(keycode: UInt32, kind: Kind) {
        self.keycode = keycode
        self.kind = kind
    }

    /// The physical key actions of engine events on an imported layout: shift and AltGr,
    /// one-shot in the engine, are held down over the next typing key and let go after it;
    /// the engine's shift presses that lock or release capitals become Caps Lock presses.
    public static func actions(for events: [KeyEvent], on imported: XKBImportedLayout) -> [XKBKeyAction] {
        var actions: [XKBKeyAction] = []
        var held: [UInt32] = []
        var session = TypingSession(layout: imported.layout)
        for event in events {
            let key = event.key.rawValue
            guard key >= 0, key < imported.keycodes.count else { continue }
            let keycode = imported.keycodes[key]
            let before = session.state.shift
            _ = session.handle(event)
            switch imported.layout.keys[key].action {
            case .shift where before != .off:
                if let index = held.firstIndex(of: keycode) {
                    held.remove(at: index)
                    actions.append(XKBKeyAction(keycode: keycode, kind: .release))
                }
                if let capsLock = imported.capsLockKeycode {
                    actions.append(XKBKeyAction(keycode: capsLock, kind: .toggle))
                }
            case .shift, .latch:
                if let index = held.firstIndex(of: keycode) {
                    held.remove(at: index)
                    actions.append(XKBKeyAction(keycode: keycode, kind: .release))
                } else {
                    held.append(keycode)
                    actions.append(XKBKeyAction(keycode: keycode, kind: .hold))
                }
            case .capsLock:
                actions.append(XKBKeyAction(keycode: keycode, kind: .toggle))
            default:
                actions.append(XKBKeyAction(keycode: keycode, kind: .type))
                for modifier in held.reversed() { actions.append(XKBKeyAction(keycode: modifier, kind: .release)) }
                held.removeAll()
            }
        }
        return actions
    }
}

/// libxkbcommon driven as an input method drives it: a key state and a compose state.
/// For each typing key: `xkb_state_update_key` down, the keysym fed to the compose state,
/// the text from the compose state when it composed, else from `xkb_state_key_get_utf8`
/// (nothing while composing or when the sequence was cancelled), `xkb_state_update_key` up.
public final class XKBInputMethod {
    /// The key state.
    public let state: XKBState
    /// The compose state.
    public let compose: XKBComposeState

    /// An input method on a keymap with a Compose table.
    public init(keymap: XKBKeymap, compose table: XKBComposeTable) throws(XKBError) {
        state = try XKBState(keymap: keymap)
        compose = try XKBComposeState(table: table)
    }

    /// A buffer this large holds any text a Compose table gives: libxkbcommon's
    /// `XKB_COMPOSE_MAX_STRING_SIZE` (255 bytes and the NUL).
    public static let textBufferSize = 256

    /// Performs one key action; writes the text it types into `buffer` of `size` bytes and
    /// returns the length in bytes written, at most `size` − 1: a longer text is cut (a
    /// buffer of `textBufferSize` holds every Compose result whole).
    @inline(__always)
    public func perform(_ action: XKBKeyAction, into buffer: UnsafeMutablePointer<CChar>, size: Int = 64) -> Int {
        switch action.kind {
        case .hold:
            state.updateKey(action.keycode, down: true)
            return 0
        case .release:
            state.updateKey(action.keycode, down: false)
            return 0
        case .toggle:
            state.updateKey(action.keycode, down: true)
            state.updateKey(action.keycode, down: false)
            return 0
        case .type:
            state.updateKey(action.keycode, down: true)
            compose.feed(state.keysym(action.keycode))
            var length = 0
            switch compose.status {
            case .composed:
                length = compose.utf8(into: buffer, size: size)
                compose.reset()
            case .nothing:
                length = state.utf8(action.keycode, into: buffer, size: size)
            case .composing:
                break
            case .cancelled:
                compose.reset()
            }
            state.updateKey(action.keycode, down: false)
            return length
        }
    }

    /// The text the actions type. libxkbcommon types Return as `\r`; this gives it as the
    /// line break `\n` that hosts make of it (and the engine types).
    public func text(of actions: [XKBKeyAction]) -> String {
        var bytes: [UInt8] = []
        var buffer = [CChar](repeating: 0, count: Self.textBufferSize)
        buffer.withUnsafeMutableBufferPointer { buffer in
            for action in actions {
                let length = perform(action, into: buffer.baseAddress!, size: buffer.count)
                for index in 0..<length { bytes.append(UInt8(bitPattern: buffer[index])) }
            }
        }
        return String(decoding: bytes.map { $0 == 0x0D ? 0x0A : $0 }, as: UTF8.self)
    }
}
