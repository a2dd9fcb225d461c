import LayoutEngine

/// An m17n input method typing on a US keyboard: each press is the US character of its key
/// and level (`"` for Shift+AC11), fed to the input context as ibus-m17n feeds it. The
/// preedit is shown as part of the text before the caret, so a key that changes the
/// preedit (`o` then `"` → `ö`) is an edit that deletes the old preedit and inserts the new
/// one; a key the input method does not handle types itself (backspace deletes a grapheme).
final class M17NTyping: PeerTyping {
    let context: M17NContext
    private var mirror = EditMirror()
    private var preedit: [Unicode.Scalar] = []
    /// The keys since the preedit was last empty, to copy the state into a new context.
    private var preeditKeys: [String] = []

    init(context: M17NContext) {
        self.context = context
    }

    /// The m17n key name of a press; `nil` for AltGr levels (a US keyboard has none).
    static func keyName(_ press: PeerPress) -> String? {
        switch press.position {
        case "BKSP": return "BackSpace"
        case "RTRN": return "Return"
        case "SPCE": return "space"
        default: break
        }
        guard !press.level.altGr, let us = PeerKeyboard.usCharacters[press.position] else { return nil }
        return press.level.shift ? us.shifted : us.plain
    }

    func press(_ press: PeerPress) -> Edit {
        guard let keyName = Self.keyName(press) else { return .none }
        let result = context.feed(keyName)
        var insert = result.produced
        var backspace = false
        if !result.handled {
            switch keyName {
            case "BackSpace": backspace = true
            case "Return": insert.append("\n")
            case "space": insert.append(" ")
            default: insert.append(contentsOf: keyName.unicodeScalars)
            }
        }
        // What the input method commits comes first, then the key the host types itself,
        // then the new preedit.
        var edit = mirror.apply(deleteCount: preedit.count, insert: insert)
        if backspace { edit = edit.then(mirror.apply(deleteCount: mirror.lastGraphemeLength, insert: [])) }
        edit = edit.then(mirror.apply(deleteCount: 0, insert: result.preedit))
        if result.preedit.isEmpty {
            preeditKeys.removeAll()
        } else if preedit.isEmpty || !result.produced.isEmpty {
            preeditKeys = [keyName]
        } else {
            preeditKeys.append(keyName)
        }
        preedit = result.preedit
        return edit
    }

    func setContext(_ text: String) {
        context.reset()
        preedit = []
        preeditKeys = []
        mirror.reset(text)
    }

    func duplicate() -> Self {
        guard let fresh = try? M17NContext(method: context.method) else { return self }
        for key in preeditKeys { _ = fresh.feed(key) }
        let copy = Self(context: fresh)
        copy.mirror = mirror
        copy.preedit = preedit
        copy.preeditKeys = preeditKeys
        return copy
    }
}
