import LayoutEngine

extension ReportFormatter {
    /// CSV (RFC 4180): one row per layout; with `detail`, a second table of rows per
    /// character after a blank line; with `errors`, error-correction columns.
    public static func csv(_ report: ComparisonReport, detail: Bool = false, errors: Bool = false) -> String {
        var header = ["corpus", "corpus_kind", "corpus_bytes", "model"]
        if report.modelFile != nil { header.append("model_file") }
        header += ["layout", "platform"] + columns.map(\.key)
        header += ["seconds"]
        if errors { header += ["fix_keystrokes", "fix_seconds", "retype_keystrokes", "retype_seconds"] }
        var out = header.joined(separator: ",") + "\r\n"
        for result in report.results {
            let totals = result.totals
            var cells = [
                report.corpus.description, report.corpus.kind.rawValue, String(report.corpus.bytes),
                report.model.rawValue,
            ]
            if let file = report.modelFile { cells.append(file) }
            cells += [result.layout.id, result.layout.platform.rawValue]
            cells += columns.map { number($0.value(totals), $0.digits < 0 ? -1 : 6, grouped: false) }
            cells.append(ReportNumber.fixed(totals.seconds, 3))
            if errors {
                if let cost = result.errorCorrection {
                    cells += [
                        ReportNumber.fixed(cost.best.keystrokes, 4), ReportNumber.fixed(cost.best.seconds, 4),
                        ReportNumber.fixed(cost.retype.keystrokes, 4), ReportNumber.fixed(cost.retype.seconds, 4),
                    ]
                } else {
                    cells += ["", "", "", ""]
                }
            }
            out += cells.map(csvField).joined(separator: ",") + "\r\n"
        }
        if detail {
            out += "\r\nlayout,character,count,keystrokes_each,seconds_each,share\r\n"
            for result in report.results {
                for row in costliest(result, report) {
                    out +=
                        [
                            result.layout.id, row.character, ReportNumber.whole(row.count),
                            ReportNumber.fixed(row.keystrokes, 4), ReportNumber.fixed(row.seconds, 4),
                            ReportNumber.fixed(row.share, 6),
                        ].map(csvField).joined(separator: ",") + "\r\n"
                }
            }
        }
        return out
    }

    static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// JSON with a fixed key order and fixed number formatting.
    public static func json(_ report: ComparisonReport, detail: Bool = false, errors: Bool = false) -> String {
        let corpus = report.corpus
        var out = "{\n"
        out +=
            "  \"corpus\": {\"description\": \(jsonString(corpus.description)), "
            + "\"kind\": \(jsonString(corpus.kind.rawValue)), \"bytes\": \(corpus.bytes), "
            + "\"\(corpus.kind == .runningText ? "sentences" : "words")\": \(corpus.units), "
            + "\"characters\": \(ReportNumber.whole(corpus.characters)), \"invalidUTF8\": \(corpus.invalidCount)},\n"
        out += "  \"model\": \(jsonString(report.model.rawValue)),\n"
        if let file = report.modelFile { out += "  \"modelFile\": \(jsonString(file)),\n" }
        if let geometry = report.geometry { out += "  \"geometry\": \(jsonString(geometry)),\n" }
        out +=
            "  \"constants\": {"
            + report.constants.named.map { "\(jsonString($0.name)): \(ReportNumber.plain($0.value))" }
            .joined(separator: ", ") + "},\n"
        out += "  \"layouts\": [\n"
        out += report.results.map { result in
            let totals = result.totals
            var fields = [
                "\"id\": \(jsonString(result.layout.id))",
                "\"platform\": \(jsonString(result.layout.platform.rawValue))",
                "\"timeModel\": \(jsonString(result.timeModel.summary(under: report.model)))",
            ]
            fields += columns.map {
                "\"\(camel($0.key))\": \(number($0.value(totals), $0.digits < 0 ? -1 : 6, grouped: false))"
            }
            fields.append("\"seconds\": \(ReportNumber.fixed(totals.seconds, 3))")
            if !result.tally.untypeable.isEmpty {
                fields.append(
                    "\"untypeableCharacters\": {"
                        + untypeableList(result).map { "\(jsonString($0.0)): \(ReportNumber.whole($0.1))" }
                        .joined(separator: ", ") + "}")
            }
            if errors, let cost = result.errorCorrection {
                fields.append(
                    "\"errorCorrection\": {\"fixKeystrokes\": \(ReportNumber.fixed(cost.best.keystrokes, 4)), "
                        + "\"fixSeconds\": \(ReportNumber.fixed(cost.best.seconds, 4)), "
                        + "\"retypeKeystrokes\": \(ReportNumber.fixed(cost.retype.keystrokes, 4)), "
                        + "\"retypeSeconds\": \(ReportNumber.fixed(cost.retype.seconds, 4)), "
                        + "\"example\": \(jsonString(cost.example))}")
            }
            if detail {
                let rows = costliest(result, report).map { row in
                    "{\"character\": \(jsonString(row.character)), \"count\": \(ReportNumber.whole(row.count)), "
                        + "\"keystrokesEach\": \(ReportNumber.fixed(row.keystrokes, 4)), "
                        + "\"secondsEach\": \(ReportNumber.fixed(row.seconds, 4)), "
                        + "\"share\": \(ReportNumber.fixed(row.share, 6))}"
                }
                fields.append("\"costliest\": [\n        " + rows.joined(separator: ",\n        ") + "\n      ]")
            }
            return "    {\n      " + fields.joined(separator: ",\n      ") + "\n    }"
        }.joined(separator: ",\n")
        out += "\n  ]\n}\n"
        return out
    }

    /// `long_presses` → `longPresses`.
    static func camel(_ key: String) -> String {
        let parts = key.split(separator: "_")
        return parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// A JSON string literal.
    static func jsonString(_ text: String) -> String { Escaping.jsonString(text) }
}
