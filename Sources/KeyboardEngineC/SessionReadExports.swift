import CPostfixKeyboard
import LayoutEngine

// The pk_session_* functions of postfix_keyboard.h that read a session: its text, the last
// edit, layer, shift and backspace choice. Each doc comment there is the contract.

/// `pk_session_text`.
@_cdecl("pk_session_text")
public func pkSessionText(
    _ session: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    let text = handle.with { $0.text }
    return CText.copy(text, to: buffer, size: size, length: length)
}

/// `pk_session_last_edit`.
@_cdecl("pk_session_last_edit")
public func pkSessionLastEdit(_ session: OpaquePointer?, _ out: UnsafeMutablePointer<pk_edit>?) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    guard let out else { return PK_ERROR_NULL }
    out.pointee = handle.with { core in
        let edit = core.lastEdit
        let (effect, accent) = EffectCode.of(edit.effect)
        return pk_edit(
            delete_scalars: UInt32(clamping: edit.deleteCount), delete_utf8: UInt32(clamping: core.deletedUTF8),
            delete_utf16: UInt32(clamping: core.deletedUTF16), insert_length: UInt32(clamping: edit.insert.utf8.count),
            effect: Int32(bitPattern: effect.rawValue), accent: accent)
    }
    return PK_OK
}

/// `pk_session_edit_text`.
@_cdecl("pk_session_edit_text")
public func pkSessionEditText(
    _ session: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    let text = handle.with { $0.lastEdit.insert }
    return CText.copy(text, to: buffer, size: size, length: length)
}

/// `pk_session_layer`: the layer shown.
@_cdecl("pk_session_layer")
public func pkSessionLayer(_ session: OpaquePointer?, _ layer: UnsafeMutablePointer<UInt32>?) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    guard let layer else { return PK_ERROR_NULL }
    layer.pointee = UInt32(clamping: handle.with { $0.session.visibleLayer })
    return PK_OK
}

/// `pk_session_shift`.
@_cdecl("pk_session_shift")
public func pkSessionShift(_ session: OpaquePointer?, _ shift: UnsafeMutablePointer<pk_shift>?) -> pk_status {
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    guard let shift else { return PK_ERROR_NULL }
    switch handle.with({ $0.session.state.shift }) {
    case .off: shift.pointee = PK_SHIFT_OFF
    case .once: shift.pointee = PK_SHIFT_ONCE
    case .locked: shift.pointee = PK_SHIFT_LOCKED
    }
    return PK_OK
}

/// `pk_session_backspace`.
@_cdecl("pk_session_backspace")
public func pkSessionBackspace(_ session: OpaquePointer?, _ backspace: UnsafeMutablePointer<pk_backspace>?) -> pk_status
{
    guard let handle = SessionHandle.registry.object(for: session) else { return PK_ERROR_INVALID_HANDLE }
    guard let backspace else { return PK_ERROR_NULL }
    switch handle.with({ $0.session.backspacePolicy }) {
    case .accent: backspace.pointee = PK_BACKSPACE_ACCENT
    case .grapheme: backspace.pointee = PK_BACKSPACE_GRAPHEME
    }
    return PK_OK
}

/// `EditEffect` as the header's `pk_effect` and accent index.
enum EffectCode {
    /// The effect's code and its accent's index (-1 when it has none).
    static func of(_ effect: EditEffect) -> (pk_effect, Int32) {
        switch effect {
        case .none: (PK_EFFECT_NONE, -1)
        case .typed: (PK_EFFECT_TYPED, -1)
        case .accentAdded(let accent): (PK_EFFECT_ACCENT_ADDED, Int32(clamping: accent))
        case .accentReplaced(let accent): (PK_EFFECT_ACCENT_REPLACED, Int32(clamping: accent))
        case .accentSymbol(let accent): (PK_EFFECT_ACCENT_SYMBOL, Int32(clamping: accent))
        case .accentRemoved: (PK_EFFECT_ACCENT_REMOVED, -1)
        case .graphemeDeleted: (PK_EFFECT_GRAPHEME_DELETED, -1)
        }
    }
}
