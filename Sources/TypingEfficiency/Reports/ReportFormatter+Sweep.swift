extension ReportFormatter {
    /// A sweep in `format`: per value of the constant, each layout's figure and the ranking,
    /// with `← ranking changes` (JSON: `"changed": true`) where it differs from the value before.
    public static func sweep(_ sweep: SweepReport, as format: ReportFormat) -> String {
        switch format {
        case .table, .markdown: sweepTable(sweep, markdown: format == .markdown)
        case .csv: sweepCSV(sweep)
        case .json: sweepJSON(sweep)
        }
    }

    /// What was swept, and a note when the constant changes no layout's figures.
    static func sweepHeading(_ sweep: SweepReport) -> [String] {
        let range = sweep.sweep
        var lines = [
            "Sweep: \(range.name) from \(ReportNumber.plain(range.from)) to \(ReportNumber.plain(range.to)) s "
                + "by \(ReportNumber.plain(range.step)) s; \(sweep.figureName) "
                + (sweep.isSpeed ? "(higher is better)" : "(lower is better)")
        ]
        let corpus = sweep.corpus
        lines.append(
            "Corpus: \(corpus.description) (\(corpus.kind.rawValue); \(ReportNumber.bytes(corpus.bytes)), "
                + "\(ReportNumber.grouped(corpus.characters)) characters); model: \(sweep.model.rawValue)")
        if let file = sweep.modelFile { lines.append("Model file: \(file) (its constants, then --set)") }
        if sweep.affected.isEmpty {
            lines.append("Note: \(range.name) does not enter the \(sweep.model.rawValue) model of these layouts")
        }
        for (id, count) in zip(sweep.layoutIDs, sweep.untypeable) where count > 0 {
            let share = corpus.characters > 0 ? 100 * count / corpus.characters : 0
            lines.append(
                "Note: \(id) cannot type \(ReportNumber.grouped(count)) of the characters "
                    + "(\(ReportNumber.fixed(share, 1))%); its figures leave them out")
        }
        return lines
    }

    static func sweepTable(_ sweep: SweepReport, markdown: Bool) -> String {
        let header = [sweep.sweep.name] + sweep.layoutIDs.map { markdown ? "`\($0)`" : $0 } + ["ranking", ""]
        let rows = sweep.points.map { point in
            [ReportNumber.plain(point.value)] + point.figures.map { ReportNumber.fixed($0, sweep.digits) }
                + [sweep.rankingText(point, quote: markdown ? "`" : ""), point.changed ? "← ranking changes" : ""]
        }
        if markdown {
            var out = sweepHeading(sweep).map { $0 + "  " }.joined(separator: "\n") + "\n\n"
            out += "| " + header.joined(separator: " | ") + " |\n"
            out += "|---:|" + String(repeating: "---:|", count: sweep.layoutIDs.count) + "---|---|\n"
            for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
            return out
        }
        let right = Set(0...sweep.layoutIDs.count)
        return sweepHeading(sweep).joined(separator: "\n") + "\n\n"
            + aligned([header] + rows, leftColumns: 0, rightAligned: right)
    }

    static func sweepCSV(_ sweep: SweepReport) -> String {
        var out = "constant,value,layout,\(sweep.figureName.lowercased()),rank,ranking_changed"
        out += (sweep.modelFile == nil ? "" : ",model_file") + "\r\n"
        for point in sweep.points {
            for (layout, id) in sweep.layoutIDs.enumerated() {
                let rank = (point.ranking.firstIndex(of: layout) ?? 0) + 1
                let cells = [
                    sweep.sweep.name, ReportNumber.plain(point.value), id,
                    ReportNumber.fixed(point.figures[layout], 6), String(rank), point.changed ? "yes" : "no",
                ]
                out += (cells + (sweep.modelFile.map { [$0] } ?? [])).map(csvField).joined(separator: ",") + "\r\n"
            }
        }
        return out
    }

    static func sweepJSON(_ sweep: SweepReport) -> String {
        let range = sweep.sweep
        let corpus = sweep.corpus
        var out = "{\n"
        out +=
            "  \"sweep\": {\"constant\": \(jsonString(range.name)), \"from\": \(ReportNumber.plain(range.from)), "
            + "\"to\": \(ReportNumber.plain(range.to)), \"step\": \(ReportNumber.plain(range.step))},\n"
        out +=
            "  \"corpus\": {\"description\": \(jsonString(corpus.description)), "
            + "\"kind\": \(jsonString(corpus.kind.rawValue)), \"bytes\": \(corpus.bytes), "
            + "\"characters\": \(ReportNumber.whole(corpus.characters))},\n"
        out += "  \"model\": \(jsonString(sweep.model.rawValue)),\n"
        if let file = sweep.modelFile { out += "  \"modelFile\": \(jsonString(file)),\n" }
        out += "  \"figure\": \(jsonString(sweep.figureName.lowercased())),\n"
        out += "  \"affected\": [" + sweep.affected.map(jsonString).joined(separator: ", ") + "],\n"
        if sweep.untypeable.contains(where: { $0 > 0 }) {
            let counts = zip(sweep.layoutIDs, sweep.untypeable).map { "\(jsonString($0)): \(ReportNumber.whole($1))" }
            out += "  \"untypeable\": {" + counts.joined(separator: ", ") + "},\n"
        }
        out += "  \"points\": [\n"
        out += sweep.points.map { point in
            let figures = sweep.layoutIDs.enumerated().map {
                "\(jsonString($1)): \(ReportNumber.fixed(point.figures[$0], 6))"
            }
            return "    {\"value\": \(ReportNumber.plain(point.value)), \"figures\": {"
                + figures.joined(separator: ", ") + "}, \"ranking\": ["
                + point.ranking.map { jsonString(sweep.layoutIDs[$0]) }.joined(separator: ", ")
                + "], \"changed\": \(point.changed)}"
        }.joined(separator: ",\n")
        return out + "\n  ]\n}\n"
    }
}
