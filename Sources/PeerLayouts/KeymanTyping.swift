import LayoutEngine

/// A Keyman keyboard typing: each press goes to Keyman Core as a key-down of the press's
/// virtual key with its level's modifiers; Core's actions (delete code points, insert
/// characters) become the host's `Edit`. A key Core hands back (`EMIT_KEYSTROKE`) does what
/// a text field does by itself: backspace deletes a grapheme, return and space type
/// themselves; Core's context is then set to the text again.
final class KeymanTyping: PeerTyping {
    let state: KeymanState
    private var mirror = EditMirror()

    init(state: KeymanState) {
        self.state = state
    }

    func press(_ press: PeerPress) -> Edit {
        guard let virtualKey = PeerKeyboard.virtualKeys[press.position] else { return .none }
        let actions = state.process(virtualKey: virtualKey, modifiers: press.level.keymanModifiers)
        var deleteCount = actions.deleteCount
        var insert = actions.insert
        if actions.emitKeystroke {
            switch press.position {
            case "BKSP": deleteCount += mirror.lastGraphemeLength
            case "RTRN": insert.append("\n")
            case "SPCE": insert.append(" ")
            default: break
            }
        }
        let edit = mirror.apply(deleteCount: deleteCount, insert: insert)
        if actions.emitKeystroke { state.setContext(mirror.text) }
        return edit
    }

    func setContext(_ text: String) {
        mirror.reset(text)
        state.setContext(mirror.text)
    }

    func duplicate() -> Self {
        let copy = Self(state: KeymanState(cloning: state) ?? state)
        copy.mirror = mirror
        return copy
    }
}
