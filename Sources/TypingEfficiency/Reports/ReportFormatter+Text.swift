extension ReportFormatter {
    /// An aligned table for a terminal.
    public static func table(_ report: ComparisonReport, detail: Bool = false, errors: Bool = false) -> String {
        var out = heading(report).joined(separator: "\n") + "\n\n"
        let header = ["layout"] + columns.map(\.title)
        let rows = report.results.map { result in
            [result.layout.id] + columns.map { number($0.value(result.totals), $0.digits, grouped: true) }
        }
        out += aligned([header] + rows, leftColumns: 1)
        if errors { out += "\n" + errorTable(report, markdown: false) }
        if detail {
            for result in report.results {
                out +=
                    "\nCostliest characters on \(result.layout.id) "
                    + "(\(report.model == .keystrokes ? "share of keystrokes" : "share of time")):\n"
                let detailRows = costliest(result, report).map { row in
                    [
                        row.shown, ReportNumber.grouped(row.count), ReportNumber.fixed(row.keystrokes, 2),
                        ReportNumber.fixed(row.seconds, 3), ReportNumber.percent(row.share),
                    ]
                }
                out += aligned(
                    [["character", "count", "keystrokes each", "seconds each", "share"]] + detailRows,
                    leftColumns: 1, indent: "  ")
            }
        }
        out += untypeableNote(report)
        return out
    }

    /// GitHub-flavoured Markdown: the heading as a paragraph, then tables.
    public static func markdown(_ report: ComparisonReport, detail: Bool = false, errors: Bool = false) -> String {
        var out = heading(report).map { $0 + "  " }.joined(separator: "\n") + "\n\n"
        let header = ["layout"] + columns.map(\.title)
        out += "| " + header.joined(separator: " | ") + " |\n"
        out += "|---|" + String(repeating: "---:|", count: columns.count) + "\n"
        for result in report.results {
            let cells = columns.map { number($0.value(result.totals), $0.digits, grouped: true) }
            out += "| `\(result.layout.id)` | " + cells.joined(separator: " | ") + " |\n"
        }
        if errors { out += "\n" + errorTable(report, markdown: true) }
        if detail {
            for result in report.results {
                out += "\nCostliest characters on `\(result.layout.id)`:\n\n"
                out += "| character | count | keystrokes each | seconds each | share |\n|---|---:|---:|---:|---:|\n"
                for row in costliest(result, report) {
                    out +=
                        "| \(row.shown == "|" ? "\\|" : row.shown) | \(ReportNumber.grouped(row.count)) | "
                        + "\(ReportNumber.fixed(row.keystrokes, 2)) | \(ReportNumber.fixed(row.seconds, 3)) | "
                        + "\(ReportNumber.percent(row.share)) |\n"
                }
            }
        }
        out += untypeableNote(report)
        return out
    }

    /// The error-correction table: the cheapest fix of a wrong accent and deleting and retyping.
    static func errorTable(_ report: ComparisonReport, markdown: Bool) -> String {
        let header = ["layout", "fix keystrokes", "fix seconds", "retype keystrokes", "retype seconds", "example"]
        let rows = report.results.map { result -> [String] in
            guard let cost = result.errorCorrection else { return [result.layout.id, "-", "-", "-", "-", "-"] }
            return [
                markdown ? "`\(result.layout.id)`" : result.layout.id, ReportNumber.fixed(cost.best.keystrokes, 2),
                ReportNumber.fixed(cost.best.seconds, 3), ReportNumber.fixed(cost.retype.keystrokes, 2),
                ReportNumber.fixed(cost.retype.seconds, 3), cost.example,
            ]
        }
        let title = "Fixing one wrong accent right after typing it (average over the corpus's accented letters):\n"
        if markdown {
            return title + "\n| " + header.joined(separator: " | ") + " |\n|---|---:|---:|---:|---:|---|\n"
                + rows.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
        }
        return title + aligned([header] + rows, leftColumns: 1, rightAligned: [1, 2, 3, 4])
    }

    /// A note listing untypeable characters, per layout that has any, with their share of
    /// the characters (which that layout's figures leave out).
    static func untypeableNote(_ report: ComparisonReport) -> String {
        var out = ""
        for result in report.results where result.totals.untypeable > 0 {
            let list = untypeableList(result).map { "\(quoted($0.0)) ×\(ReportNumber.grouped($0.1))" }
            let count = result.totals.untypeable
            let share = result.totals.characters > 0 ? 100 * count / result.totals.characters : 0
            out +=
                "\nUntypeable on \(result.layout.id) (\(ReportNumber.grouped(count)) of the characters, "
                + "\(ReportNumber.fixed(share, 1))%; its figures leave them out): " + list.joined(separator: ", ")
            if result.tally.untypeable.count > list.count { out += ", …" }
        }
        return out.isEmpty ? "" : out + "\n"
    }

    /// A character in quotes, invisible ones as U+XXXX.
    static func quoted(_ grapheme: String) -> String {
        if grapheme.unicodeScalars.allSatisfy({
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
                || $0.properties.generalCategory == .format
        }) {
            return grapheme.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                .joined(separator: " ")
        }
        return "\"\(grapheme)\""
    }

    /// Rows padded to aligned columns: the first `leftColumns` left-aligned, the rest right-aligned.
    static func aligned(
        _ rows: [[String]], leftColumns: Int, indent: String = "", rightAligned: Set<Int>? = nil
    ) -> String {
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            let cells = row.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                let right = rightAligned.map { $0.contains(index) } ?? (index >= leftColumns)
                return right ? padding + cell : cell + padding
            }
            return indent + cells.joined(separator: "  ").replacingTrailingSpaces() + "\n"
        }.joined()
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
