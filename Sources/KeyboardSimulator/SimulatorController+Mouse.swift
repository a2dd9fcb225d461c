import LayoutEngine

extension SimulatorController {
    /// A mouse report: a press on a key holds it, a release on the same key taps it (clicks
    /// on a key with a multi-tap list within `multiTapInterval` make a multi-tap); after
    /// `longPressDelay` the popup opens, dragging chooses and the release picks. Dragging
    /// from a key with flicks before the popup opens flicks it, a direction per turn.
    mutating func handleMouse(_ mouse: MouseEvent) {
        guard mouse.button == 0 || mouse.kind == .release else { return }
        let layout = screenLayout
        switch mouse.kind {
        case .press:
            if let popup = keyboardPopup {
                let alternates = self.layout.keys[popup.key.rawValue].longPress
                if let box = layout.popup(for: popup.key, count: alternates.count),
                    box.contains(column: mouse.column, line: mouse.line)
                {
                    pick(LongPressPopup(key: popup.key, selection: box.choice(atColumn: mouse.column)))
                    return
                }
                keyboardPopup = nil
            }
            longPressArmed = false
            guard let key = layout.keyboard?.key(atColumn: mouse.column, line: mouse.line) else {
                held = nil
                return
            }
            held = MouseHold(key: key, since: now, start: (mouse.column, mouse.line))
            mouseFlick = nil
        case .drag:
            guard var hold = held, var popup = hold.popup else {
                dragFlick(to: mouse.column, line: mouse.line)
                return
            }
            let count = self.layout.keys[hold.key.rawValue].longPress.count
            if let box = layout.popup(for: hold.key, count: count) {
                popup.selection = box.choice(atColumn: mouse.column)
                hold.popup = popup
                held = hold
            }
        case .release:
            guard let hold = held else { return }
            held = nil
            if let popup = hold.popup {
                pick(popup)
            } else if let flick = mouseFlick, !flick.directions.isEmpty {
                mouseFlick = nil
                flickEntry = flick
                finishFlick()
            } else if layout.keyboard?.key(atColumn: mouse.column, line: mouse.line) == hold.key {
                tapOrMultiTap(hold.key)
            }
        case .other:
            break
        }
    }
}
