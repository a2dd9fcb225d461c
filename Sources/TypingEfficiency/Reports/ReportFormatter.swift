/// Output formats of a comparison (`--format`).
public enum ReportFormat: String, CaseIterable, Sendable {
    case table, csv, json, markdown
}

/// Turns a `ComparisonReport` into text: an aligned table, CSV, JSON or Markdown.
///
/// Every format states the corpus, its size and the model, one row per layout, and, with
/// `detail`, the characters that cost most on each layout.
public enum ReportFormatter {
    /// How many characters the detail lists per layout.
    public static let detailLimit = 12

    /// The report in `format`.
    /// With the report's `confidence`, the intervals follow the table (in JSON, as the
    /// `confidence` key); with `touch`, the touch-error section follows (the `touchErrors` key).
    public static func format(
        _ report: ComparisonReport, as format: ReportFormat, detail: Bool = false, errors: Bool = false,
        touch: TouchErrorReport? = nil
    ) -> String {
        var main =
            switch format {
            case .table: table(report, detail: detail, errors: errors)
            case .csv: csv(report, detail: detail, errors: errors)
            case .json: json(report, detail: detail, errors: errors)
            case .markdown: markdown(report, detail: detail, errors: errors)
            }
        if let confidence = report.confidence {
            main = appending(main, confidence: confidence, format)
        }
        guard let touch else { return main }
        guard format == .json, main.hasSuffix("\n}\n") else {
            return main + ReportFormatter.touch(touch, as: format, detail: detail)
        }
        return String(main.dropLast(3)) + ",\n  \"touchErrors\": " + touchJSON(touch) + "\n}\n"
    }

    /// `main` with the confidence section after it (in JSON, as its last key).
    static func appending(_ main: String, confidence: ConfidenceReport, _ format: ReportFormat) -> String {
        let section = ReportFormatter.confidence(confidence, as: format)
        guard format == .json, main.hasSuffix("\n}\n") else { return main + section }
        return String(main.dropLast(3)) + ",\n  \"confidence\": " + section + "\n}\n"
    }

    /// One column of the main table.
    struct Column: Sendable {
        let title: String
        let key: String
        let value: @Sendable (LayoutTotals) -> Double
        /// Decimals; -1 for a whole number.
        let digits: Int
    }

    static let columns: [Column] = [
        Column(title: "characters", key: "characters", value: { $0.characters }, digits: -1),
        Column(title: "keystrokes", key: "keystrokes", value: { $0.keystrokes }, digits: -1),
        Column(title: "KSPC", key: "kspc", value: { $0.kspc }, digits: 4),
        Column(title: "taps", key: "taps", value: { $0.taps }, digits: -1),
        Column(title: "long-presses", key: "long_presses", value: { $0.longPresses }, digits: -1),
        Column(title: "accent keys", key: "accent_presses", value: { $0.accentPresses }, digits: -1),
        Column(title: "shift", key: "shift_presses", value: { $0.shiftPresses }, digits: -1),
        Column(title: "layer", key: "layer_switches", value: { $0.layerSwitches }, digits: -1),
        Column(title: "untypeable", key: "untypeable", value: { $0.untypeable }, digits: -1),
        Column(title: "s/char", key: "seconds_per_character", value: { $0.secondsPerCharacter }, digits: 4),
        Column(title: "WPM", key: "wpm", value: { $0.wordsPerMinute }, digits: 1),
    ]

    /// The sentence that says what was measured and how.
    static func heading(_ report: ComparisonReport) -> [String] {
        let corpus = report.corpus
        var unitName = corpus.kind == .runningText ? "sentences" : "words"
        if corpus.units == 1 { unitName.removeLast() }
        var lines = [
            "Corpus: \(corpus.description) (\(corpus.kind.rawValue); \(ReportNumber.bytes(corpus.bytes)), "
                + "\(ReportNumber.grouped(Double(corpus.units))) \(unitName), "
                + "\(ReportNumber.grouped(corpus.characters)) characters"
                + (corpus.kind == .wordList
                    ? ", weighted to \(ReportNumber.grouped(WordFrequencyList.tokens)) running words)" : ")")
        ]
        lines.append("Model: \(report.model.rawValue)" + modelNote(report))
        if let file = report.modelFile { lines.append("Model file: \(file) (its constants, then --set)") }
        if let geometry = report.geometry { lines.append("Geometry: \(geometry)") }
        if corpus.invalidCount > 0 {
            lines.append("Invalid UTF-8: \(corpus.invalidCount) sequence\(corpus.invalidCount == 1 ? "" : "s") skipped")
        }
        return lines
    }

    /// The time models used, once each: "(Fitts …)", or when they differ each model after the
    /// layouts it times ("; hu-touch, hu-ios: Fitts …; xkb:hu: 0.231 s per keystroke").
    static func modelNote(_ report: ComparisonReport) -> String {
        var distinct: [(summary: String, ids: [String])] = []
        for result in report.results {
            let summary = result.timeModel.summary(under: report.model)
            if let index = distinct.firstIndex(where: { $0.summary == summary }) {
                distinct[index].ids.append(result.layout.id)
            } else {
                distinct.append((summary, [result.layout.id]))
            }
        }
        if distinct.count <= 1 { return distinct.first.map { " (\($0.summary))" } ?? "" }
        return "; " + distinct.map { "\($0.ids.joined(separator: ", ")): \($0.summary)" }.joined(separator: "; ")
    }

    static func number(_ value: Double, _ digits: Int, grouped: Bool) -> String {
        if digits < 0 { return grouped ? ReportNumber.grouped(value) : ReportNumber.whole(value) }
        return ReportNumber.fixed(value, digits)
    }

    /// The characters that cost most on a layout: by time, or by keystrokes under the
    /// keystrokes model; ties by character.
    static func costliest(_ result: LayoutResult, _ report: ComparisonReport) -> [DetailRow] {
        let tally = result.tally
        let byTime = report.model != .keystrokes
        let total = byTime ? tally.totals.seconds : tally.totals.keystrokes
        var rows: [DetailRow] = []
        for id in tally.graphemeCount.indices where tally.graphemeCount[id] > 0 {
            let count = tally.graphemeCount[id]
            let cost = byTime ? tally.graphemeSeconds[id] : tally.graphemeKeystrokes[id]
            rows.append(
                DetailRow(
                    character: result.graphemes[id], count: count, keystrokes: tally.graphemeKeystrokes[id] / count,
                    seconds: tally.graphemeSeconds[id] / count, share: total > 0 ? cost / total : 0))
        }
        rows.sort { ($0.share, $1.character) > ($1.share, $0.character) }
        return Array(rows.prefix(detailLimit))
    }

    /// One line of the per-character breakdown.
    struct DetailRow {
        let character: String
        let count: Double
        let keystrokes: Double
        let seconds: Double
        let share: Double

        /// The character as printed: space, line break and tab are named.
        var shown: String {
            switch character {
            case " ": "space"
            case "\n": "return"
            case "\t": "tab"
            default: character
            }
        }
    }

    /// The untypeable characters of a layout, most frequent first.
    static func untypeableList(_ result: LayoutResult, limit: Int = 10) -> [(String, Double)] {
        result.tally.untypeable.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(limit).map {
            ($0.key, $0.value)
        }
    }
}
