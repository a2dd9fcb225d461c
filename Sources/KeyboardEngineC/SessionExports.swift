import CPostfixKeyboard
import LayoutEngine

// The pk_session_* functions of postfix_keyboard.h that make, feed and press; each doc
// comment there is the contract. Reading the results is in SessionReadExports.swift.

/// `pk_session_new`.
@_cdecl("pk_session_new")
public func pkSessionNew(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> pk_status {
    out?.pointee = nil
    guard let handle = LayoutHandle.registry.object(for: layout) else { return PK_ERROR_INVALID_HANDLE }
    guard let out else { return PK_ERROR_NULL }
    guard let session = SessionHandle.registry.insert(SessionHandle(layout: handle)) else {
        return PK_ERROR_OUT_OF_RANGE
    }
    out.pointee = session
    return PK_OK
}

/// `pk_session_free`.
@_cdecl("pk_session_free")
public func pkSessionFree(_ session: OpaquePointer?) -> pk_status {
    SessionHandle.registry.remove(session) == nil ? PK_ERROR_INVALID_HANDLE : PK_OK
}

/// `pk_session_set_context`.
@_cdecl("pk_session_set_context")
public func pkSessionSetContext(_ session: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    guard length >= 0 else { return PK_ERROR_OUT_OF_RANGE }  // a size_t past Int.max
    guard text != nil || length == 0 else { return PK_ERROR_NULL }
    guard let context = CText.string(text, length: length) else { return PK_ERROR_INVALID_UTF8 }
    handle.with { $0.setContext(context) }
    return PK_OK
}

/// `pk_session_press_key`: a tap on a key by index.
@_cdecl("pk_session_press_key")
public func pkSessionPressKey(_ session: OpaquePointer?, _ key: UInt32) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    return handle.with { core in
        guard core.layout.key(key) != nil else { return PK_ERROR_UNKNOWN_KEY }
        core.press(.tap(KeyID(Int(key))))
        return PK_OK
    }
}

/// `pk_session_press_name`: a key by the name `kbdsim --trace` prints.
@_cdecl("pk_session_press_name")
public func pkSessionPressName(_ session: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    guard let name else { return PK_ERROR_NULL }
    guard let text = CText.string(cString: name) else { return PK_ERROR_INVALID_UTF8 }
    return handle.with { core in
        guard let events = core.events(named: text) else { return PK_ERROR_UNKNOWN_KEY }
        core.press(events)
        return PK_OK
    }
}

/// `pk_session_press_keysym`: a physical key, through the host keys of kbdsim and IBus.
@_cdecl("pk_session_press_keysym")
public func pkSessionPressKeysym(_ session: OpaquePointer?, _ keysym: UInt32) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    return handle.with { core in
        guard let events = core.events(forKeysym: keysym) else { return PK_ERROR_UNMAPPED_KEY }
        core.press(events)
        return PK_OK
    }
}

/// `pk_session_press_keycode`: a key by its place on a US keyboard, then as its keysym.
@_cdecl("pk_session_press_keycode")
public func pkSessionPressKeycode(_ session: OpaquePointer?, _ keycode: UInt32, _ shifted: Int32) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    guard let keysym = Keycode.keysym(keycode, shifted: shifted != 0) else { return PK_ERROR_UNMAPPED_KEY }
    return handle.with { core in
        guard let events = core.events(forKeysym: keysym) else { return PK_ERROR_UNMAPPED_KEY }
        core.press(events)
        return PK_OK
    }
}

/// `pk_session_long_press`: a long-press picking an alternate.
@_cdecl("pk_session_long_press")
public func pkSessionLongPress(_ session: OpaquePointer?, _ key: UInt32, _ alternate: UInt32) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    return handle.with { core in
        guard let found = core.layout.key(key) else { return PK_ERROR_UNKNOWN_KEY }
        guard let pick = Int(exactly: alternate), pick < found.longPress.count else { return PK_ERROR_OUT_OF_RANGE }
        core.press([.longPress(KeyID(Int(key)), alternate: pick)])
        return PK_OK
    }
}

/// `pk_session_set_backspace`.
@_cdecl("pk_session_set_backspace")
public func pkSessionSetBackspace(_ session: OpaquePointer?, _ backspace: Int32) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    let policy: BackspacePolicy
    switch UInt32(bitPattern: backspace) {
    case PK_BACKSPACE_ACCENT.rawValue: policy = .accent
    case PK_BACKSPACE_GRAPHEME.rawValue: policy = .grapheme
    default: return PK_ERROR_OUT_OF_RANGE
    }
    handle.with { $0.setBackspacePolicy(policy) }
    return PK_OK
}
