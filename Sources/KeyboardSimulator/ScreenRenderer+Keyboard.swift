import LayoutEngine

extension ScreenRenderer {
    /// Draws every key of the visible layer as a box, the lit key with heavy lines.
    static func drawKeys(_ model: ScreenModel, _ keyboard: TerminalKeyboardGeometry, on canvas: inout Canvas) {
        for rect in keyboard.rects {
            let key = model.layout.keys[rect.key.rawValue]
            let lit = model.highlight?.key == rect.key
            let caption = lit ? model.highlight?.caption : nil
            drawBox(rect.column, rect.line, rect.width, heavy: lit, style: lit ? .highlight : .dim, on: &canvas)
            if lit {
                canvas.restyle(column: rect.column + 1, line: rect.line + 1, count: rect.width - 2, style: .highlight)
            }
            let inner = rect.width - 2
            let (label, labelStyle) = caption.map { ($0, CellStyle.highlight) } ?? face(of: key, model)
            let text = fitted(label, key: key, inner: inner)
            let column = rect.column + 1 + (inner - TerminalWidth.width(of: text)) / 2
            canvas.put(text, column: column, line: rect.line + 1, style: lit ? .highlight : labelStyle, limit: inner)
            if let hint = model.hints[rect.key], rect.width >= 3 {
                canvas.put(hint, column: rect.column + 1, line: rect.line, style: lit ? .highlight : .hint, limit: 1)
            }
            if let mark = gestureMark(of: key), rect.width >= 5 {
                canvas.put(
                    mark, column: rect.column + rect.width - 1 - mark.count, line: rect.line,
                    style: lit ? .highlight : .hint, limit: mark.count)
            }
        }
    }

    /// The mark in a key's top-right corner for the gestures it offers besides a tap and a
    /// long-press: `~` for flicks, `*` for a multi-tap list, `*~` for both.
    static func gestureMark(of key: Key) -> String? {
        switch (key.multiTap.isEmpty, key.flicks.isEmpty) {
        case (true, true): return nil
        case (false, true): return "*"
        case (true, false): return "~"
        case (false, false): return "*~"
        }
    }

    /// The label a key shows in the current state and its style.
    static func face(of key: Key, _ model: ScreenModel) -> (String, CellStyle) {
        switch key.action {
        case .accent: return (key.label, .accentLabel)
        case .shift:
            switch model.state.shift {
            case .off: return ("⇧", .plain)
            case .once: return ("⬆", .active)
            case .locked: return ("⇪", .active)
            }
        default: return (key.label, .plain)
        }
    }

    /// A label that fits `inner` columns: `␣` for a narrow space bar, `⏎` for return, else cut.
    static func fitted(_ label: String, key: Key, inner: Int) -> String {
        if TerminalWidth.width(of: label) <= inner { return label }
        switch key.action {
        case .space: return "␣"
        case .returnKey: return "⏎"
        default:
            var result = ""
            var used = 0
            for character in label {
                let w = TerminalWidth.width(of: character)
                if used + w > inner { break }
                result.append(character)
                used += w
            }
            return result
        }
    }

    static func drawBox(
        _ column: Int, _ line: Int, _ width: Int, heavy: Bool, style: CellStyle, on canvas: inout Canvas
    ) {
        guard width >= 2 else { return }
        let (tl, tr, bl, br, h, v):
            (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar, Unicode.Scalar) =
                heavy ? ("┏", "┓", "┗", "┛", "━", "┃") : ("┌", "┐", "└", "┘", "─", "│")
        canvas.put(scalar: tl, column: column, line: line, style: style)
        canvas.fill(h, column: column + 1, line: line, count: width - 2, style: style)
        canvas.put(scalar: tr, column: column + width - 1, line: line, style: style)
        canvas.put(scalar: v, column: column, line: line + 1, style: style)
        canvas.fill(" ", column: column + 1, line: line + 1, count: width - 2)
        canvas.put(scalar: v, column: column + width - 1, line: line + 1, style: style)
        canvas.put(scalar: bl, column: column, line: line + 2, style: style)
        canvas.fill(h, column: column + 1, line: line + 2, count: width - 2, style: style)
        canvas.put(scalar: br, column: column + width - 1, line: line + 2, style: style)
    }

    /// Draws the long-press popup over the row above the key: the alternates, the one under
    /// the finger marked (`[ő]` without colour), and 1–9 under the first nine for the keyboard.
    static func drawPopup(
        _ model: ScreenModel, _ popup: LongPressPopup, _ layout: ScreenLayout, on canvas: inout Canvas
    ) {
        let alternates = model.layout.keys[popup.key.rawValue].longPress
        guard let box = layout.popup(for: popup.key, count: alternates.count) else { return }
        drawBox(box.column, box.line, box.width, heavy: true, style: .popup, on: &canvas)
        canvas.restyle(column: box.column + 1, line: box.line + 1, count: box.width - 2, style: .popup)
        for (index, alternate) in alternates.enumerated() {
            let column = box.cellColumn(index)
            let selected = index == popup.selection
            if selected {
                if model.color {
                    canvas.fill(
                        " ", column: column, line: box.line + 1, count: PopupGeometry.cellWidth, style: .popupSelected)
                } else {
                    canvas.put("[", column: column, line: box.line + 1, style: .popup)
                    canvas.put("]", column: column + 2, line: box.line + 1, style: .popup)
                }
            }
            canvas.put(
                alternate, column: column + 1, line: box.line + 1, style: selected ? .popupSelected : .popup, limit: 1)
            if index < 9 {
                canvas.put(Character("\(index + 1)"), column: column + 1, line: box.line + 2, style: .popup)
            }
        }
    }
}
