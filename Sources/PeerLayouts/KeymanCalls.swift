import CKeymanCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One lock for every Keyman Core call: states of the same keyboard share the keyboard's
/// processor, and typing on two of them from two threads at once gives wrong results
/// (seen with sil_ipa.kmx).
let keymanLock = Mutex(())

/// Runs a Keyman Core call holding `keymanLock`, with syslog's debug priority masked.
///
/// The Keyman Core of Debian logs debug messages through syslog(3) as it loads a keyboard
/// and processes keys: about 300,000 for a comparison over a megabyte of text, each one a
/// message for the system journal or, where there is no `/dev/log`, a failed socket
/// connection (then they took four fifths of the run). glibc drops a masked priority
/// before doing anything. The mask is the process's, so it is restored after the call;
/// nothing else in the project uses syslog.
func withKeymanCore<Result>(_ body: () -> Result) -> Result {
    keymanLock.withLock { _ in
        let kept = maskDebugLog()
        defer { restoreLogMask(kept) }
        return body()
    }
}

/// Masks syslog's debug priority; returns the mask before, for `restoreLogMask`. The
/// caller holds `keymanLock`, so that Keyman Core calls do not interleave their masks.
func maskDebugLog() -> Int32 {
    #if canImport(Glibc)
        let kept = setlogmask(0)
        let masked = kept & ~(1 << LOG_DEBUG)
        if masked != 0 { _ = setlogmask(masked) }
        return kept
    #else
        return 0
    #endif
}

/// Puts back the mask `maskDebugLog` returned.
func restoreLogMask(_ kept: Int32) {
    #if canImport(Glibc)
        _ = setlogmask(kept)
    #endif
}

/// A compiled Keyman keyboard (`.kmx`) loaded by Keyman Core (`km_kbp_keyboard_load`),
/// disposed with `km_kbp_keyboard_dispose`. Every Keyman Core call of the project is in
/// this file.
final class KeymanKeyboard: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The file it came from.
    let path: String

    /// Loads a `.kmx` file.
    /// - Throws: `PeerError.keymanLoad` with Keyman Core's status.
    init(path: String) throws(PeerError) {
        var keyboard: OpaquePointer?
        let status = withKeymanCore { km_kbp_keyboard_load(path, &keyboard) }
        guard status == KM_KBP_STATUS_OK.rawValue, let keyboard else {
            throw .keymanLoad(path: path, status: status)
        }
        pointer = keyboard
        self.path = path
    }

    deinit {
        let pointer = pointer
        withKeymanCore { km_kbp_keyboard_dispose(pointer) }
    }
}

/// A Keyman Core state (`km_kbp_state`): the context and the keyboard's options for one text.
final class KeymanState {
    let keyboard: KeymanKeyboard
    let pointer: OpaquePointer

    /// A state with an empty context (`km_kbp_state_create`, no environment options).
    init(keyboard: KeymanKeyboard) throws(PeerError) {
        var state: OpaquePointer?
        var end = km_kbp_option_item(key: nil, value: nil, scope: 0)
        let status = withKeymanCore { km_kbp_state_create(keyboard.pointer, &end, &state) }
        guard status == KM_KBP_STATUS_OK.rawValue, let state else {
            throw .keymanLoad(path: keyboard.path, status: status)
        }
        self.keyboard = keyboard
        pointer = state
    }

    /// A copy in the same state (`km_kbp_state_clone`); `nil` when Keyman Core has no memory.
    init?(cloning other: KeymanState) {
        var state: OpaquePointer?
        let status = withKeymanCore { km_kbp_state_clone(other.pointer, &state) }
        guard status == KM_KBP_STATUS_OK.rawValue, let state else { return nil }
        keyboard = other.keyboard
        pointer = state
    }

    deinit {
        let pointer = pointer
        withKeymanCore { km_kbp_state_dispose(pointer) }
    }

    /// What one key-down did (`km_kbp_process_event`, then `km_kbp_state_action_items`).
    struct Actions {
        /// Code points deleted before the caret (`KM_KBP_IT_BACK` of a character).
        var deleteCount = 0
        /// Characters inserted (`KM_KBP_IT_CHAR`), after the deletions.
        var insert: [Unicode.Scalar] = []
        /// Whether the host should do the key's default itself (`KM_KBP_IT_EMIT_KEYSTROKE`).
        var emitKeystroke = false
    }

    /// Presses a virtual key with modifiers (`KM_KBP_MODIFIER_*`).
    func process(virtualKey: UInt16, modifiers: UInt16) -> Actions {
        withKeymanCore { processLocked(virtualKey: virtualKey, modifiers: modifiers) }
    }

    /// Core keeps the whole text typed as its context and works on all of it on every key;
    /// past `contextLimit` items the oldest are dropped (markers kept), as a host that hands
    /// Core the text before the caret would.
    static let contextLimit = 128

    private func processLocked(virtualKey: UInt16, modifiers: UInt16) -> Actions {
        trimContextLocked()
        var actions = Actions()
        guard km_kbp_process_event(pointer, virtualKey, modifiers, 1) == KM_KBP_STATUS_OK.rawValue,
            var item = km_kbp_state_action_items(pointer, nil)
        else { return actions }
        while item.pointee.type != UInt8(KM_KBP_IT_END.rawValue) {
            switch UInt32(item.pointee.type) {
            case KM_KBP_IT_CHAR.rawValue:
                if let scalar = Unicode.Scalar(item.pointee.character) { actions.insert.append(scalar) }
            case KM_KBP_IT_BACK.rawValue where item.pointee.backspace.expected_type != UInt8(KM_KBP_BT_MARKER.rawValue):
                if actions.insert.isEmpty { actions.deleteCount += 1 } else { actions.insert.removeLast() }
            case KM_KBP_IT_EMIT_KEYSTROKE.rawValue:
                actions.emitKeystroke = true
            default: break
            }
            item += 1
        }
        return actions
    }

    /// Keeps the last half of the context once it is longer than `contextLimit`
    /// (`km_kbp_context_get`, `km_kbp_context_set`).
    private func trimContextLocked() {
        let context = km_kbp_state_context(pointer)
        let length = km_kbp_context_length(context)
        guard length > Self.contextLimit else { return }
        var items: UnsafeMutablePointer<km_kbp_context_item>?
        guard km_kbp_context_get(context, &items) == KM_KBP_STATUS_OK.rawValue, let items else { return }
        _ = km_kbp_context_set(context, items + (length - Self.contextLimit / 2))
        km_kbp_context_items_dispose(items)
    }

    /// Replaces the context with text (`km_kbp_context_items_from_utf8`, `km_kbp_context_set`);
    /// markers (pending dead keys) are dropped.
    func setContext(_ text: String) {
        withKeymanCore { setContextLocked(text) }
    }

    private func setContextLocked(_ text: String) {
        let context = km_kbp_state_context(pointer)
        var items: UnsafeMutablePointer<km_kbp_context_item>?
        guard !text.isEmpty, km_kbp_context_items_from_utf8(text, &items) == KM_KBP_STATUS_OK.rawValue,
            let items
        else {
            km_kbp_context_clear(context)
            return
        }
        _ = km_kbp_context_set(context, items)
        km_kbp_context_items_dispose(items)
    }
}

/// Keyman Core's modifier flags for a level.
extension PeerLevel {
    var keymanModifiers: UInt16 {
        var flags: UInt32 = 0
        if shift { flags |= KM_KBP_MODIFIER_SHIFT.rawValue }
        if altGr { flags |= KM_KBP_MODIFIER_RALT.rawValue }
        if caps { flags |= KM_KBP_MODIFIER_CAPS.rawValue }
        return UInt16(flags)
    }
}
