extension ScreenRenderer {
    /// Draws the end of the text, wrapped at the screen's width less a margin, with the caret
    /// after the last character.
    static func drawText(_ model: ScreenModel, lines: Range<Int>, on canvas: inout Canvas) {
        guard !lines.isEmpty else { return }
        let width = max(1, canvas.columns - 2)
        let rows = wrappedTail(model.text, width: width, rows: lines.count)
        var line = lines.upperBound - rows.count
        for row in rows {
            var column = 1
            for character in row {
                column += canvas.put(TerminalWidth.printable(character), column: column, line: line)
            }
            line += 1
        }
        let caretLine = lines.upperBound - 1
        let caretColumn = 1 + (rows.last.map { TerminalWidth.width(of: String($0)) } ?? 0)
        if model.color {
            canvas.put(" ", column: caretColumn, line: caretLine, style: .caret)
        } else {
            canvas.put(caret, column: caretColumn, line: caretLine)
        }
        if model.text.isEmpty {
            let hint = "Type here: letters press their keys, pasted text is typed key by key."
            canvas.put(hint, column: caretColumn + 2, line: caretLine, style: .dim, limit: width - 3)
        }
    }

    /// The last `rows` display rows of `text` wrapped at `width` columns, the last of them
    /// with room for the caret (a full last row puts the caret on a new, empty row).
    static func wrappedTail(_ text: String, width: Int, rows: Int) -> [[Character]] {
        var hardLines: [Substring] = []
        var end = text.endIndex
        while hardLines.count < rows {
            let start = text[..<end].lastIndex(where: { $0 == "\n" || $0 == "\r\n" })
            hardLines.append(text[(start.map { text.index(after: $0) } ?? text.startIndex)..<end])
            guard let start else { break }
            end = start
        }
        var result: [[Character]] = []
        for hardLine in hardLines.reversed() {
            var row: [Character] = []
            var used = 0
            for character in hardLine {
                let w = TerminalWidth.width(of: character)
                if used + w > width {
                    result.append(row)
                    row.removeAll(keepingCapacity: true)
                    used = 0
                }
                row.append(character)
                used += w
            }
            result.append(row)
        }
        if let last = result.last, TerminalWidth.width(of: String(last)) >= width {
            result.append([])
        }
        return Array(result.suffix(rows))
    }
}
