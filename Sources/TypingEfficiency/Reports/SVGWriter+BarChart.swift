extension SVGWriter {
    /// Bars per layout: keystrokes per character, predicted words per minute, and
    /// long-presses per 100 characters, each bar labelled with its value. The corpus line
    /// under the title is broken into lines that fit the picture.
    public static func barChart(_ report: ComparisonReport) -> String {
        let results = report.results
        let longestID = results.map { $0.layout.id.count }.max() ?? 0
        let labelWidth = max(150, 20 + Double(longestID) * 12 * characterWidth)
        let barWidth = 360.0
        let rowHeight = 26.0
        let width = labelWidth + barWidth + 90
        let panels: [(String, (LayoutTotals) -> Double, Int)] = [
            ("Keystrokes per character (fewer is better)", { $0.kspc }, 3),
            ("Predicted words per minute, \(report.model.rawValue) (more is better)", { $0.wordsPerMinute }, 1),
            (
                "Long-presses per 100 characters",
                { $0.typedCharacters > 0 ? $0.longPresses / $0.typedCharacters * 100 : 0 }, 2
            ),
        ]
        let subtitle = wrap(ReportFormatter.heading(report)[0], width: width - 20, size: 11)
        let panelHeight = 34 + Double(results.count) * rowHeight + 16
        let extra = Double(subtitle.count - 1) * 14
        let height = 70 + extra + Double(panels.count) * panelHeight
        var svg = header(width: width, height: height)
        svg += text(10, 24, "Typing cost by layout", size: 18, weight: "bold")
        for (index, line) in subtitle.enumerated() {
            svg += text(10, 44 + Double(index) * 14, escape(line), size: 11, fill: "#555")
        }
        let colours = ["#3366aa", "#cc6633", "#449944", "#aa3377", "#777777", "#bbaa22"]
        var top = 64.0 + extra
        for (title, value, digits) in panels {
            svg += text(10, top + 18, escape(title), size: 13, weight: "bold")
            let values = results.map { value($0.totals) }
            let maximum = max(values.max() ?? 0, 1e-9)
            for (row, result) in results.enumerated() {
                let y = top + 30 + Double(row) * rowHeight
                let length = values[row] / maximum * barWidth
                svg += text(labelWidth, y + 15, escape(result.layout.id), size: 12, anchor: "end")
                svg +=
                    "<rect x=\"\(f(labelWidth + 8))\" y=\"\(f(y + 2))\" width=\"\(f(length))\" height=\"18\" "
                    + "fill=\"\(colours[row % colours.count])\"/>\n"
                svg += text(labelWidth + 14 + length, y + 15, ReportNumber.fixed(values[row], digits), size: 12)
            }
            top += panelHeight
        }
        return svg + "</svg>\n"
    }
}
