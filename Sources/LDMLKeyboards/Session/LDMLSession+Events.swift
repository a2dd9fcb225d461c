import LayoutEngine

extension LDMLGesture {
    /// The gesture of a key event on `key` (the keyboard's key the event's key stands for),
    /// or `nil` when the key offers no such gesture: a long-press picks the long-press key
    /// whose text is the alternate the event picks, a multi-tap keeps its count, a flick
    /// its directions.
    init?(_ event: KeyEvent, on key: LDMLKey, of keyboard: LDMLKeyboard, in layout: Layout) {
        if event.isTap {
            self = .tap
        } else if event.isMultiTap {
            self = .multiTap(event.tapCount)
        } else if event.isFlick {
            self = .flick(event.flickDirections.compactMap { LDMLFlickDirection(rawValue: $0.name) })
        } else if let alternate = event.alternate {
            let alternates = layout.keys[event.key.rawValue].longPress
            guard alternate < alternates.count,
                let pick = key.longPress.firstIndex(where: {
                    keyboard.keys[$0].outputText.precomposed == alternates[alternate]
                })
            else { return nil }
            self = .longPress(pick + 1)
        } else {
            self = .longPress(nil)
        }
    }
}

extension LDMLSession {
    /// Applies a key event on `layout`, the keyboard's own `layout(id:hardware:)` (the form
    /// this session types on), as the specification says: the event's key is the keyboard's
    /// key with that id (a `'` the conversion added to tell repeated keys apart is dropped),
    /// pressed with the event's gesture (`press(_:gesture:)`): a multi-tap gives the key's
    /// multi-tap key for the count, round again to the key itself; a flick the key of its
    /// flick segment with those directions, or nothing; a dead key its markers. Of the keys the conversion adds,
    /// backspace runs the backspace transforms and a hardware form's Enter types a line
    /// break; shift changes nothing here (the layout's own session shows its layer, and the
    /// event's key already names the key of that layer).
    public mutating func handle(_ event: KeyEvent, on layout: Layout) -> Edit {
        let index = event.key.rawValue
        guard index >= 0, index < layout.keys.count else { return .none }
        let layoutKey = layout.keys[index]
        switch layoutKey.action {
        case .backspace: return event.isTap ? backspace() : .none
        case .shift, .capsLock, .latch, .accent: return .none
        // A dead key of the conversion is a key that outputs markers (`markerDeadKeys`).
        case .text, .space, .returnKey, .layer, .deadKey: break
        }
        var id = Substring(layoutKey.id)
        while id.hasSuffix("'") { id = id.dropLast() }
        guard let keyIndex = keyboard.keyIndex[String(id)] else {
            // A frame key of a hardware form.
            return layoutKey.action == .returnKey && event.isTap ? emit("\n") : .none
        }
        guard let gesture = LDMLGesture(event, on: keyboard.keys[keyIndex], of: keyboard, in: layout) else {
            return .none
        }
        return press(keyIndex, gesture: gesture)
    }
}
