import LayoutEngine

/// Typed characters: which key each presses, or the keys the planner finds for it.
extension SimulatorController {
    /// One typed character: a popup choice, the key to long-press after Tab, a key press, or
    /// text to plan.
    mutating func type(_ character: Character) {
        if flickArmed || flickEntry != nil {
            typeForFlick(character)
            return
        }
        if let popup = keyboardPopup {
            if let digit = character.wholeNumberValue, digit >= 1,
                digit <= layout.keys[popup.key.rawValue].longPress.count
            {
                pick(LongPressPopup(key: popup.key, selection: digit - 1))
                return
            }
            if character == " " {
                pick(popup)
                return
            }
            keyboardPopup = nil
        }
        if longPressArmed {
            longPressArmed = false
            guard let key = directKey(for: character) else {
                status.notice = "no key for “\(EditDescription.visible(String(character)))” to long-press"
                return
            }
            let alternates = layout.keys[key.rawValue].longPress
            guard !alternates.isEmpty else {
                status.notice = "“\(names[key.rawValue])” has no long-press alternates"
                return
            }
            keyboardPopup = LongPressPopup(key: key, selection: layout.keys[key.rawValue].longPressDefault)
            return
        }
        if let key = directKey(for: character) {
            tapOrMultiTap(key)
        } else if let keys = accentKeyElsewhere(for: character) {
            status.notice = nil
            enqueue(keys, animated: true)
        } else {
            plan(String(character), asKeyPress: true)
        }
    }

    /// A layer key of the layer shown after the queued keys, then the accent or dead key
    /// labelled `character` on the layer it shows (`HostKeys.accentKeyElsewhere`).
    func accentKeyElsewhere(for character: Character) -> [KeyEvent]? {
        hostKeys.accentKeyElsewhere(for: character, from: shadow.visibleLayer)
    }

    /// The key of the layer shown after the queued keys that `character` presses directly
    /// (`HostKeys.directKey`).
    func directKey(for character: Character) -> KeyID? {
        hostKeys.directKey(for: character, on: shadow.visibleLayer)
    }

    /// Presses `key`, or plans `text` when the visible layer has no such key.
    mutating func press(_ key: KeyID?, orPlan text: String?) {
        if let key {
            status.notice = nil
            enqueue([.tap(key)], animated: false)
        } else if let text {
            plan(text)
        }
    }

    /// What the status line says of graphemes the layout cannot type (the first five).
    func untypeableNotice(_ graphemes: [String]) -> String {
        let shown = graphemes.prefix(5).map(EditDescription.visible).joined(separator: " ")
        return "\(layout.id) cannot type \(shown)\(graphemes.count > 5 ? " …" : "")"
    }

    /// Plans `text` from the state after the queued keys and queues its keys. A character
    /// typed on the real keyboard (`asKeyPress`) is planned as a key press
    /// (`KeystrokePlanner.planKeyPress`: `e` after `^` makes `ê`); pasted text stays as it
    /// is or is left out.
    mutating func plan(_ text: String, asKeyPress: Bool = false) {
        if planner == nil { planner = KeystrokePlanner(layout: layout) }
        guard let planner else { return }
        let previous = HostKeys.lastGrapheme(of: shadow.context)
        var plan = KeystrokePlan(endState: shadow.state)
        if asKeyPress {
            plan = planner.planKeyPress(text, from: shadow.state, after: previous)
        } else {
            _ = planner.plan(text, from: shadow.state, after: previous, into: &plan)
        }
        if !plan.untypeable.isEmpty {
            untypeableInRead += plan.untypeable.map(\.grapheme)
            status.notice = untypeableNotice(plan.untypeable.map(\.grapheme))
            clearNoticeWhenDrained = false
        } else if !plan.events.isEmpty {
            let keys = plan.events.prefix(12).map { EditDescription.name(of: $0, in: layout, names: names) }.joined(
                separator: " ")
            let shown = TerminalWidth.truncated(EditDescription.visible(text), to: 20)
            status.notice = "typing \(shown) as \(keys)\(plan.events.count > 12 ? " …" : "")"
            clearNoticeWhenDrained = true
        }
        enqueue(plan.events, animated: true)
    }
}
