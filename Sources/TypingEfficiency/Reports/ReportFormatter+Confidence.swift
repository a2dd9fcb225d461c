extension ReportFormatter {
    /// The confidence section in `format`: for table and Markdown a sentence and two tables
    /// (layouts, then pairs), for CSV a second table after a blank line, for JSON the value
    /// of the report's `confidence` key.
    public static func confidence(_ confidence: ConfidenceReport, as format: ReportFormat) -> String {
        switch format {
        case .table, .markdown: confidenceTables(confidence, markdown: format == .markdown)
        case .csv: confidenceCSV(confidence)
        case .json: confidenceJSON(confidence)
        }
    }

    /// What was resampled, in one sentence.
    static func confidenceTitle(_ confidence: ConfidenceReport) -> String {
        let level = ReportNumber.plain(confidence.bootstrap.level * 100)
        var what = "\(ReportNumber.grouped(Double(confidence.lines))) line\(confidence.lines == 1 ? "" : "s")"
        if confidence.linesPerUnit > 1 {
            what +=
                " in \(ReportNumber.grouped(Double(confidence.units))) blocks of "
                + "\(ReportNumber.grouped(Double(confidence.linesPerUnit))) consecutive lines"
        }
        return "\(level)% intervals from \(confidence.bootstrap.resamples) bootstrap resamples of \(what) "
            + "(seed \(confidence.bootstrap.seed); differences paired: the same lines for every layout):"
    }

    static func confidenceTables(_ confidence: ConfidenceReport, markdown: Bool) -> String {
        func name(_ id: String) -> String { markdown ? "`\(id)`" : id }
        let rows = confidence.rows.map { [name($0.layoutID), signed($0.kspc, 4), signed($0.wpm, 2)] }
        let pairs = confidence.differences.map {
            ["\(name($0.to)) − \(name($0.from))", signed($0.kspc, 4), signed($0.wpm, 2)]
        }
        var out = "\n" + confidenceTitle(confidence) + "\n"
        if markdown {
            out += "\n| layout | KSPC | WPM |\n|---|---:|---:|\n"
            out += rows.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
            if !pairs.isEmpty {
                out += "\n| difference | Δ KSPC | Δ WPM |\n|---|---:|---:|\n"
                out += pairs.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
            }
        } else {
            out += aligned([["layout", "KSPC", "WPM"]] + rows, leftColumns: 1)
            if !pairs.isEmpty { out += "\n" + aligned([["difference", "Δ KSPC", "Δ WPM"]] + pairs, leftColumns: 1) }
        }
        return out
    }

    static func confidenceCSV(_ confidence: ConfidenceReport) -> String {
        var out = "\r\nlayout,minus,lines,units,lines_per_unit,resamples,seed,level"
        out += ",kspc,kspc_low,kspc_high,wpm,wpm_low,wpm_high\r\n"
        let common = [
            String(confidence.lines), String(confidence.units), String(confidence.linesPerUnit),
            String(confidence.bootstrap.resamples), String(confidence.bootstrap.seed),
            ReportNumber.plain(confidence.bootstrap.level),
        ]
        func numbers(_ interval: Bootstrap.Interval) -> [String] {
            [interval.estimate, interval.low, interval.high].map { fixedNoNegativeZero($0, 6) }
        }
        for row in confidence.rows {
            out +=
                ([row.layoutID, ""] + common + numbers(row.kspc) + numbers(row.wpm)).map(csvField)
                .joined(separator: ",") + "\r\n"
        }
        for pair in confidence.differences {
            out +=
                ([pair.to, pair.from] + common + numbers(pair.kspc) + numbers(pair.wpm)).map(csvField)
                .joined(separator: ",") + "\r\n"
        }
        return out
    }

    static func confidenceJSON(_ confidence: ConfidenceReport) -> String {
        func value(_ interval: Bootstrap.Interval) -> String {
            "{\"estimate\": \(fixedNoNegativeZero(interval.estimate, 6)), "
                + "\"low\": \(fixedNoNegativeZero(interval.low, 6)), "
                + "\"high\": \(fixedNoNegativeZero(interval.high, 6))}"
        }
        var out =
            "{\"level\": \(ReportNumber.plain(confidence.bootstrap.level)), "
            + "\"resamples\": \(confidence.bootstrap.resamples), \"seed\": \(confidence.bootstrap.seed), "
            + "\"lines\": \(confidence.lines), \"units\": \(confidence.units), "
            + "\"linesPerUnit\": \(confidence.linesPerUnit),\n    \"layouts\": [\n"
        out += confidence.rows.map {
            "      {\"id\": \(jsonString($0.layoutID)), \"kspc\": \(value($0.kspc)), \"wpm\": \(value($0.wpm))}"
        }.joined(separator: ",\n")
        out += "\n    ],\n    \"differences\": ["
        if !confidence.differences.isEmpty {
            out += "\n"
            out += confidence.differences.map {
                "      {\"layout\": \(jsonString($0.to)), \"minus\": \(jsonString($0.from)), "
                    + "\"kspc\": \(value($0.kspc)), \"wpm\": \(value($0.wpm))}"
            }.joined(separator: ",\n")
            out += "\n    "
        }
        return out + "]}"
    }
}

extension ReportFormatter {
    /// `estimate [low, high]` (the estimate alone when the ends meet), never `-0.00`.
    static func signed(_ value: Bootstrap.Interval, _ digits: Int) -> String {
        let estimate = fixedNoNegativeZero(value.estimate, digits)
        let (low, high) = (fixedNoNegativeZero(value.low, digits), fixedNoNegativeZero(value.high, digits))
        return low == high && low == estimate ? estimate : "\(estimate) [\(low), \(high)]"
    }

    /// Fixed decimals, with a value that rounds to zero shown as `0.00`, not `-0.00`
    /// (a difference of two equal figures can come out a few ulps below zero).
    static func fixedNoNegativeZero(_ value: Double, _ digits: Int) -> String {
        let text = ReportNumber.fixed(value, digits)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." })
            ? String(text.dropFirst()) : text
    }
}
