/// The state of a keyboard on a keymap: which keys and modifiers are down. Unref'd in `deinit`.
public final class XKBState {
    let pointer: OpaquePointer
    /// The keymap, kept alive with the state.
    public let keymap: XKBKeymap

    /// A state with no key down. Wraps `xkb_state_new`.
    public init(keymap: XKBKeymap) throws(XKBError) {
        guard let pointer = XKBCalls.stateNew(keymap.pointer) else { throw .libraryFailure("xkb_state_new failed") }
        self.pointer = pointer
        self.keymap = keymap
    }

    deinit { XKBCalls.stateUnref(pointer) }

    /// A key goes down or up. Wraps `xkb_state_update_key`.
    @inline(__always)
    public func updateKey(_ keycode: UInt32, down: Bool) { XKBCalls.stateUpdateKey(pointer, keycode, down: down) }

    /// The keysym the key gives now (0 for none). Wraps `xkb_state_key_get_one_sym`.
    @inline(__always)
    public func keysym(_ keycode: UInt32) -> UInt32 { XKBCalls.stateKeyGetOneSym(pointer, keycode) }

    /// The key's text now, into `buffer` of `size` bytes; returns the length in bytes written,
    /// at most `size` − 1 (a longer text is cut). Wraps `xkb_state_key_get_utf8`.
    @inline(__always)
    public func utf8(_ keycode: UInt32, into buffer: UnsafeMutablePointer<CChar>, size: Int) -> Int {
        XKBCalls.stateKeyGetUTF8(pointer, keycode, buffer, size)
    }
}
