import LayoutEngine

extension ScreenRenderer {
    /// The legend of the accent keys on the layer shown, in the line above the keyboard: what
    /// each accent key puts on the letter before the caret and which key of the keyboard typed
    /// on presses it, and which keyboard that is (a US one unless `--physical` said otherwise).
    /// The longest form that fits is drawn; nothing on a layer without accent keys, or while a
    /// long-press popup is open.
    ///
    /// ```
    ///  after a letter: ˝ double acute [ · ´ acute ; · ¨ diaeresis ' · keys of a US keyboard (--physical ID)
    /// ```
    public static func legend(_ model: ScreenModel, columns: Int) -> String? {
        let layer = model.layout.layers[model.visibleLayer]
        var entries: [(symbol: String, name: String, key: String)] = []
        for id in layer.rows.joined() {
            let key = model.layout.keys[id.rawValue]
            guard case .accent(let index) = key.action else { continue }
            let accent = model.layout.accents[index]
            entries.append((key.label, spokenName(of: accent.name), model.hints[id] ?? key.label))
        }
        guard !entries.isEmpty else { return nil }
        let keyboard =
            model.physical == PhysicalLayout.us.id
            ? ["keys of a US keyboard (--physical ID for yours)", "US keys (--physical ID)", "US keys"]
            : ["keys of an \(model.physical) keyboard", "keys of \(model.physical)", model.physical]
        let long = entries.map { "\($0.symbol) \($0.name), key \($0.key)" }.joined(separator: " · ")
        let medium = entries.map { "\($0.symbol) \($0.name) \($0.key)" }.joined(separator: " · ")
        let short = entries.map { "\($0.symbol) \($0.key)" }.joined(separator: " · ")
        let forms = [
            " accents go on the letter before: \(long) · \(keyboard[0])",
            " after a letter: \(medium) · \(keyboard[1])",
            " after a letter: \(short) · \(keyboard[1])",
            " accents: \(short) · \(keyboard[2])",
            " \(short)",
        ]
        return forms.first { TerminalWidth.width(of: $0) < columns }
    }

    /// `double acute` for `doubleAcute`: an accent's name as words.
    static func spokenName(of name: AccentName) -> String {
        var words = ""
        for character in name.rawValue {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words
    }

    static func drawLegend(_ model: ScreenModel, line: Int, on canvas: inout Canvas) {
        // An open popup covers that line; the legend comes back when it closes.
        guard line > 0, model.popup == nil, let legend = legend(model, columns: canvas.columns) else { return }
        canvas.put(legend, column: 0, line: line, style: .dim)
    }
}
