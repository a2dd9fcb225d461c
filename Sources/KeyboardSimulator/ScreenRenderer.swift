import LayoutEngine

/// Turns a `ScreenModel` into the lines of a frame: a pure function of the layout, the
/// session state, the text and the terminal size (golden screens test it).
///
/// ```
///  kbdsim  hu-touch · Hungarian postfix accents (proposal)       backspace: accent
///  Győr█
///  ┌─────┐┌─────┐ … ┌[────┐
///  │  q  ││  w  │ … │  ˝  │
///  └─────┘└─────┘ … └─────┘
///  hu-touch · base · shift off · 5 keys · 4 chars · 1.25 keys/char
///  last: o ˝ → ő (accent added)                 Esc quit · Tab long-press · ` 123
/// ```
public enum ScreenRenderer {
    /// The caret drawn without colour (with colour it is a reverse-video cell).
    public static let caret: Character = "█"

    /// The frame's lines, each exactly `model.size.columns` columns wide; with
    /// `model.color`, styled with ANSI SGR sequences.
    /// - Complexity: O(columns × lines + the text's last lines).
    public static func render(_ model: ScreenModel) -> [String] {
        let layout = ScreenLayout(layout: model.layout, layer: model.visibleLayer, size: model.size)
        var canvas = Canvas(columns: model.size.columns, lines: model.size.lines)
        guard let keyboard = layout.keyboard else {
            drawTooSmall(model, layout, on: &canvas)
            return canvas.render(color: model.color)
        }
        drawTitle(model, on: &canvas)
        drawText(model, lines: layout.textLines, on: &canvas)
        drawLegend(model, line: layout.textLines.upperBound, on: &canvas)
        drawKeys(model, keyboard, on: &canvas)
        if let popup = model.popup {
            drawPopup(model, popup, layout, on: &canvas)
        }
        drawStatus(model, layout, on: &canvas)
        return canvas.render(color: model.color)
    }

    private static func drawTitle(_ model: ScreenModel, on canvas: inout Canvas) {
        canvas.fill(" ", column: 0, line: 0, count: canvas.columns, style: .title)
        // A layout typed by another engine (a CLDR keyboard, Keyman, m17n) deletes as that
        // engine does, whatever the policy.
        let policy = model.layout.peer != nil ? "the keyboard's" : removesAccents(model) ? "accent" : "grapheme"
        let right = "backspace: \(policy) "
        let rightWidth = TerminalWidth.width(of: right)
        let left = " kbdsim  \(model.layout.id) · \(model.layout.name)"
        let room = canvas.columns - rightWidth - 1
        if room >= 20 {
            canvas.put(TerminalWidth.truncated(left, to: room), column: 0, line: 0, style: .title)
            canvas.put(right, column: canvas.columns - rightWidth, line: 0, style: .title)
        } else {
            canvas.put(TerminalWidth.truncated(left, to: canvas.columns), column: 0, line: 0, style: .title)
        }
    }

    private static func drawStatus(_ model: ScreenModel, _ layout: ScreenLayout, on canvas: inout Canvas) {
        let status = model.status
        let shift =
            switch model.state.shift {
            case .off: "shift off"
            case .once: "shift on"
            case .locked: "caps lock"
            }
        let perCharacter = status.keystrokesPerCharacter.map { formatted($0) } ?? "–"
        let line =
            " \(model.layout.id) · \(model.layout.layers[model.state.layer].id) · \(shift) · "
            + "\(status.keystrokes) \(status.keystrokes == 1 ? "key" : "keys") · "
            + "\(status.characters) \(status.characters == 1 ? "char" : "chars") · \(perCharacter) keys/char"
        canvas.put(TerminalWidth.truncated(line, to: canvas.columns), column: 0, line: layout.statusLine)

        let help = Self.help(model.layout, hints: model.hints)
        let left: String
        let style: CellStyle
        if let prompt = status.prompt {
            (left, style) = (" " + prompt, .notice)
        } else if let notice = status.notice {
            (left, style) = (" " + notice, .notice)
        } else if let edit = status.lastEdit {
            (left, style) = (" last: " + edit, .plain)
        } else {
            (left, style) = (" type on the keyboard, or click the keys", .dim)
        }
        let helpWidth = TerminalWidth.width(of: help)
        let leftWidth = TerminalWidth.width(of: left)
        let urgent = status.prompt != nil || status.notice != nil
        if leftWidth + 2 + helpWidth <= canvas.columns || (!urgent && helpWidth + 1 <= canvas.columns) {
            let room = canvas.columns - helpWidth - 1
            if room > 1 {
                canvas.put(TerminalWidth.truncated(left, to: room), column: 0, line: layout.helpLine, style: style)
            }
            canvas.put(help, column: canvas.columns - helpWidth, line: layout.helpLine, style: .dim)
        } else {
            canvas.put(
                TerminalWidth.truncated(left, to: canvas.columns), column: 0, line: layout.helpLine, style: style)
        }
    }

    /// Whether backspace can take an accent off on this screen: the accent policy, on a
    /// layout with accent keys.
    static func removesAccents(_ model: ScreenModel) -> Bool {
        model.backspacePolicy == .accent && !model.layout.accents.isEmpty
    }

    /// The keys the help line names, as they are on the layer shown: `Tab long-press` only
    /// on a layout with long-press alternates, `Tab Tab flick` and `a key again: multi-tap`
    /// only on one with flicks and multi-tap lists, `` ` `` and `\` with the layer keys they press.
    public static func help(_ layout: Layout, hints: [KeyID: String]) -> String {
        var parts = ["Esc quit"]
        if layout.keys.contains(where: { !$0.longPress.isEmpty }) { parts.append("Tab long-press") }
        if layout.keys.contains(where: { !$0.flicks.isEmpty }) { parts.append("Tab Tab flick") }
        if layout.keys.contains(where: { !$0.multiTap.isEmpty }) { parts.append("a key again: multi-tap") }
        for physical in [PhysicalKeyboard.bottomLayerKey, PhysicalKeyboard.otherLayerKey] {
            if let key = hints.first(where: { $0.value == String(physical) })?.key {
                parts.append("\(physical) \(KeyNames.name(of: layout.keys[key.rawValue]))")
            }
        }
        return parts.joined(separator: " · ") + " "
    }

    /// `1.25`: two decimals, no Foundation.
    static func formatted(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func drawTooSmall(_ model: ScreenModel, _ layout: ScreenLayout, on canvas: inout Canvas) {
        let messages = [
            "Terminal too small: \(model.size).",
            "\(model.layout.id) needs at least \(layout.minimumSize).",
            "Enlarge it, or press Esc to quit.",
            "Keys typed meanwhile are ignored.",
        ]
        // Each message wrapped at spaces when the lines allow it, else cut to a line each.
        let wrapped = messages.map { TerminalWidth.wrapped($0, to: canvas.columns) }
        let lines: [(text: String, isNotice: Bool)] =
            wrapped.joined().count <= canvas.lines
            ? wrapped.enumerated().flatMap { index, lines in lines.map { ($0, index == 0) } }
            : messages.enumerated().map { (TerminalWidth.truncated($1, to: canvas.columns), $0 == 0) }
        let top = max(0, (canvas.lines - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let column = max(0, (canvas.columns - TerminalWidth.width(of: line.text)) / 2)
            canvas.put(line.text, column: column, line: top + offset, style: line.isNotice ? .notice : .plain)
        }
    }
}
