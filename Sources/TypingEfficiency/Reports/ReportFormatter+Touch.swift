extension ReportFormatter {
    /// The touch-error section in `format`: for table and Markdown a titled table (and with
    /// `detail` each layout's keys by expected errors), for CSV a second table after a blank
    /// line, for JSON the value of the report's `touchErrors` key.
    public static func touch(_ touch: TouchErrorReport, as format: ReportFormat, detail: Bool = false) -> String {
        switch format {
        case .table, .markdown: touchTable(touch, markdown: format == .markdown, detail: detail)
        case .csv: touchCSV(touch)
        case .json: touchJSON(touch)
        }
    }

    /// What the section measured, in one sentence.
    static func touchTitle(_ touch: TouchErrorReport) -> String {
        let sigma = touch.model.summary
        let level = ReportNumber.plain(touch.bootstrap.level * 100)
        return "Touch errors (touches spread normally around the key's centre, \(sigma); "
            + "\(level)% intervals from \(touch.bootstrap.resamples) bootstrap resamples of "
            + "\(ReportNumber.grouped(Double(touch.lines))) lines):"
    }

    static func interval(_ value: Bootstrap.Interval?, _ digits: Int) -> String {
        guard let value else { return "-" }
        if value.low == value.high { return ReportNumber.fixed(value.estimate, digits) }
        return "\(ReportNumber.fixed(value.estimate, digits)) "
            + "[\(ReportNumber.fixed(value.low, digits)), \(ReportNumber.fixed(value.high, digits))]"
    }

    /// The touch-error section as a terminal table of at most `textWidth` columns (for
    /// layout ids of up to 11 characters): one line of estimates per layout, and under it
    /// the line of its intervals, `low–high`, where the bootstrap gave any.
    static func touchTable(_ touch: TouchErrorReport, markdown: Bool, detail: Bool) -> String {
        if markdown { return touchMarkdown(touch, detail: detail) }
        let header = [
            "layout", "WPM", "miss/press", "errors", "fix keys", "fix s", "WPM fixed", "Δ vs \(touch.reference ?? "-")",
        ]
        var rows = [header]
        for row in touch.rows {
            let values = [row.wpm, row.errorsPer100, row.fixKeystrokesPer100, row.fixSecondsPer100, row.wpmWithFixes]
            let estimates = values.map { $0.map { ReportNumber.fixed($0.estimate, 2) } ?? "-" }
            rows.append(
                [row.layoutID, estimates[0], row.missPerPress.map { ReportNumber.percent($0) } ?? "-"]
                    + estimates.dropFirst() + [row.difference.map { ReportNumber.fixed($0.estimate, 2) } ?? "-"])
            let ranges = (values + [row.difference]).map(range)
            if ranges.contains(where: { !$0.isEmpty }) {
                rows.append(["", ranges[0], ""] + ranges[1..<5] + [ranges[5]])
            }
        }
        let sigma = touch.model.summary
        let level = ReportNumber.plain(touch.bootstrap.level * 100)
        let title =
            "Touch errors (touches spread normally around the key's centre, \(sigma)): per 100 characters, the "
            + "errors expected, and the keystrokes (fix keys) and seconds (fix s) that fix them; WPM fixed adds "
            + "the fixes' time. Under each layout its \(level)% intervals, from \(touch.bootstrap.resamples) "
            + "bootstrap resamples of \(ReportNumber.grouped(Double(touch.lines))) lines:"
        var out = "\n" + wrapped(title, width: textWidth) + aligned(rows, leftColumns: 1)
        if detail { out += touchDetail(touch, wrap: true) }
        return out
    }

    /// The widest line of the touch-error table for layout ids of up to 11 characters.
    static let textWidth = 100

    /// `low–high` of an interval that has a range; empty otherwise.
    static func range(_ value: Bootstrap.Interval?) -> String {
        guard let value, value.low != value.high else { return "" }
        return ReportNumber.fixed(value.low, 2) + "–" + ReportNumber.fixed(value.high, 2)
    }

    /// `text` broken between words into lines of at most `width` characters, each ending in
    /// a line break.
    static func wrapped(_ text: String, width: Int, indent: String = "") -> String {
        wrapped(pieces: text.split(separator: " ").map(String.init), width: width, indent: indent)
    }

    /// `pieces` joined by spaces, broken between pieces into lines of at most `width`
    /// characters (a longer piece stands alone), the lines after the first indented.
    static func wrapped(pieces: [String], width: Int, indent: String = "") -> String {
        var lines: [String] = []
        var line = ""
        for word in pieces {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.isEmpty || line == indent ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The Markdown table: one row per layout, the intervals in brackets.
    static func touchMarkdown(_ touch: TouchErrorReport, detail: Bool) -> String {
        let header = [
            "layout", "WPM", "miss/press", "errors/100 chars", "fix keystrokes/100", "fix s/100 chars",
            "WPM with fixes", "Δ vs \(touch.reference ?? "-")",
        ]
        let rows = touch.rows.map { row -> [String] in
            [
                "`\(row.layoutID)`", interval(row.wpm, 2),
                row.missPerPress.map { ReportNumber.percent($0) } ?? "-", interval(row.errorsPer100, 2),
                interval(row.fixKeystrokesPer100, 2), interval(row.fixSecondsPer100, 2),
                interval(row.wpmWithFixes, 2), interval(row.difference, 2),
            ]
        }
        var out = "\n" + touchTitle(touch) + "\n"
        out += "\n| " + header.joined(separator: " | ") + " |\n|---|" + String(repeating: "---:|", count: 7) + "\n"
        out += rows.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
        if detail { out += touchDetail(touch, wrap: false) }
        return out
    }

    /// Each layout's keys by expected errors; wrapped to `textWidth` for the terminal.
    static func touchDetail(_ touch: TouchErrorReport, wrap: Bool) -> String {
        var out = ""
        for row in touch.rows where !row.keys.isEmpty {
            let heading = "Expected touch errors by key on \(row.layoutID) (chance of a miss, share of errors):"
            let items = row.keys.prefix(16).map {
                "\($0.label) \(ReportNumber.percent($0.miss)) (\(ReportNumber.percent($0.share)))"
            }
            guard wrap else {
                out += "\n" + heading + " " + items.joined(separator: ", ") + "\n"
                continue
            }
            let pieces =
                heading.split(separator: " ").map(String.init)
                + items.indices.map { items[$0] + ($0 < items.count - 1 ? "," : "") }
            out += "\n" + wrapped(pieces: pieces, width: textWidth, indent: "  ")
        }
        return out
    }

    static func touchCSV(_ touch: TouchErrorReport) -> String {
        var out = "\r\nlayout,touch_model,alpha_x,sigma_a_x_mm,alpha_y,sigma_a_y_mm,lines,resamples"
        for name in ["wpm", "errors_per_100", "fix_keystrokes_per_100", "fix_seconds_per_100", "wpm_with_fixes"] {
            out += ",\(name),\(name)_low,\(name)_high"
        }
        out += ",miss_per_press,difference,difference_low,difference_high\r\n"
        for row in touch.rows {
            var cells = [
                row.layoutID, touch.model.summary, ReportNumber.plain(touch.model.x.alpha),
                ReportNumber.plain(touch.model.x.sigmaA), ReportNumber.plain(touch.model.y.alpha),
                ReportNumber.plain(touch.model.y.sigmaA),
                String(touch.lines), String(touch.bootstrap.resamples),
            ]
            for value in [row.wpm, row.errorsPer100, row.fixKeystrokesPer100, row.fixSecondsPer100, row.wpmWithFixes] {
                cells += csvInterval(value)
            }
            cells.append(row.missPerPress.map { ReportNumber.fixed($0, 6) } ?? "")
            cells += csvInterval(row.difference)
            out += cells.map(csvField).joined(separator: ",") + "\r\n"
        }
        return out
    }

    static func csvInterval(_ value: Bootstrap.Interval?) -> [String] {
        guard let value else { return ["", "", ""] }
        return [value.estimate, value.low, value.high].map { ReportNumber.fixed($0, 4) }
    }

    static func touchJSON(_ touch: TouchErrorReport) -> String {
        func value(_ interval: Bootstrap.Interval?) -> String {
            guard let interval else { return "null" }
            return "{\"estimate\": \(ReportNumber.fixed(interval.estimate, 4)), "
                + "\"low\": \(ReportNumber.fixed(interval.low, 4)), \"high\": \(ReportNumber.fixed(interval.high, 4))}"
        }
        var out =
            "{\"touchModel\": {\"summary\": \(jsonString(touch.model.summary)), "
            + "\"source\": \(touch.model.source.map(jsonString) ?? "null"), "
            + "\"alphaX\": \(ReportNumber.plain(touch.model.x.alpha)), "
            + "\"sigmaAXMm\": \(ReportNumber.plain(touch.model.x.sigmaA)), "
            + "\"alphaY\": \(ReportNumber.plain(touch.model.y.alpha)), "
            + "\"sigmaAYMm\": \(ReportNumber.plain(touch.model.y.sigmaA))}, \"lines\": \(touch.lines), "
            + "\"resamples\": \(touch.bootstrap.resamples), \"level\": \(ReportNumber.plain(touch.bootstrap.level)), "
            + "\"reference\": \(touch.reference.map(jsonString) ?? "null"), \"layouts\": [\n"
        out += touch.rows.map { row in
            let keys = row.keys.map {
                "{\"key\": \(jsonString($0.label)), \"miss\": \(ReportNumber.fixed($0.miss, 6)), "
                    + "\"share\": \(ReportNumber.fixed($0.share, 6))}"
            }
            return "    {\"id\": \(jsonString(row.layoutID)), \"wpm\": \(value(row.wpm)), "
                + "\"missPerPress\": \(row.missPerPress.map { ReportNumber.fixed($0, 6) } ?? "null"), "
                + "\"errorsPer100\": \(value(row.errorsPer100)), "
                + "\"fixKeystrokesPer100\": \(value(row.fixKeystrokesPer100)), "
                + "\"fixSecondsPer100\": \(value(row.fixSecondsPer100)), "
                + "\"wpmWithFixes\": \(value(row.wpmWithFixes)), \"difference\": \(value(row.difference)), "
                + "\"keys\": [" + keys.joined(separator: ", ") + "]}"
        }.joined(separator: ",\n")
        return out + "\n  ]}"
    }
}
