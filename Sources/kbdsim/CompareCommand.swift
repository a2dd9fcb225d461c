import Foundation
import LayoutEngine
import LayoutSources
import TypingEfficiency

/// `kbdsim compare …`: measures a corpus on several layouts and prints the comparison.
/// Exit status: 0 measured (problems in the corpus are warnings), 1 a layout or corpus
/// cannot be read or the corpus is empty, 64 wrong arguments (`CompareCommand.help`).
enum CompareCommand: ParsableCommand {
    /// Measures and prints the comparison `options` ask for.
    static func run(_ options: CompareOptions) -> ExitStatus {
        var options = options
        if let path = options.modelFile {
            guard let file = ModelFileOption.load(path, command: "kbdsim compare") else { return .failure }
            options.constants = ModelFileOption.constants(file, assignments: options.assignments)
            if !options.touchSigmaGiven, let touch = file.touchModel(named: path) { options.touchModel = touch }
        }
        var layouts: [Layout] = []
        var failed = false
        var unknownID = false
        for id in options.layouts {
            do {
                layouts.append(try LayoutResolver.resolve(id))
            } catch {
                for diagnostic in error.diagnostics { CompareOutput.standardError("kbdsim compare: \(diagnostic)\n") }
                unknownID = unknownID || error.diagnostics.contains { $0.code == .unknownLayout }
                failed = true
            }
        }
        if unknownID { CompareOutput.standardError(usage + "\n") }
        if failed { return unknownID ? .usage : .failure }
        if let geometry = options.geometry {
            layouts = layouts.map { $0.with(geometry) }
            let hardware = layouts.filter { $0.platform == .hardware }.map(\.id)
            if !hardware.isEmpty, geometry.size != nil {
                CompareOutput.warning(
                    "--geometry \(geometry) sizes touch layouts; \(hardware.joined(separator: ", ")) "
                        + (hardware.count == 1
                            ? "is a hardware layout, measured on its own keys"
                            : "are hardware layouts, measured on their own keys"))
            }
        }
        if let problem = timelessTap(options, layouts) { return usageFailure(problem) }
        let input: ComparisonInput
        do {
            input = try makeInput(options, layouts)
        } catch let error as CorpusError {
            CompareOutput.error("\(error)")
            return .failure
        } catch let error as UsageError {
            return usageFailure(error.message)
        } catch {
            CompareOutput.error("\(error)")
            return .failure
        }
        if let note = languageNote(layouts) { CompareOutput.note(note) }
        if let sweep = options.sweep { return CompareSweep.run(sweep, options, layouts, input) }
        let comparison = Comparison(layouts: layouts, model: options.model, constants: options.constants)
        let progress = CompareProgress()
        var report: ComparisonReport
        do {
            report = try comparison.run(
                input, workers: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                progress: progress.update, lineSamples: options.showsConfidence ? LineSamples.defaultLimit : nil)
        } catch {
            progress.finish()
            CompareOutput.error("\(error)")
            return .failure
        }
        progress.finish()
        CompareOutput.corpusWarnings(report.corpus)
        if report.corpus.isEmpty {
            let name = corpusName(options, report.corpus)
            if report.corpus.bytes == 0 {
                CompareOutput.error("the corpus \(name) is empty (0 bytes): nothing to measure")
            } else {
                CompareOutput.error(
                    "the corpus \(name) is empty: its \(report.corpus.bytes) bytes hold no "
                        + "character to measure (only line breaks or invalid UTF-8)")
            }
            return .failure
        }
        for result in report.results where result.totals.typedCharacters == 0 {
            let count = String(format: "%.0f", result.totals.characters)
            CompareOutput.warning(
                "\(result.layout.id) types none of the corpus's characters (all \(count) are untypeable on it): "
                    + "its keystrokes, time and speed are 0; is the corpus in its language?")
        }
        if options.errors { report = comparison.addingErrorCorrection(to: report) }
        if options.showsConfidence { report.confidence = ConfidenceReport(report, bootstrap: options.bootstrap) }
        report.geometry = options.geometry.map(CompareCommand.describe)
        report.modelFile = options.modelFile
        var touch: TouchErrorReport?
        if options.touchErrors {
            do {
                let figures = try comparison.touchErrors(
                    options.corpora.map { .file($0) }, model: options.touchModel,
                    workers: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount)
                touch = TouchErrorReport(
                    layouts: layouts, figures: figures, model: options.touchModel, bootstrap: options.bootstrap)
            } catch {
                CompareOutput.error("\(error)")
                return .failure
            }
        }
        printOutput(
            ReportFormatter.format(
                report, as: options.format, detail: options.detail, errors: options.errors, touch: touch))
        if let directory = options.svgDirectory {
            do {
                for path in try SVGWriter.write(report, to: directory) {
                    CompareOutput.standardError("wrote \(path)\n")
                }
            } catch {
                CompareOutput.error("\(error)")
                return .failure
            }
        }
        return .success
    }

    /// `landscape (124.2 × 6.7 mm keyboard)`: the geometry and its size.
    static func describe(_ geometry: DeviceGeometry) -> String {
        guard let size = geometry.size else { return "\(geometry) (each layout's own size)" }
        return "\(geometry) (keyboard " + String(format: "%.1f", size.widthMm) + " mm wide, rows "
            + String(format: "%.2f", size.rowPitchMm) + " mm apart; hardware layouts keep their own)"
    }

    /// Why the model's constants (at every value of a sweep) cannot time `layouts`: a tap
    /// that takes no time, where no speed can be measured; `nil` when they can.
    static func timelessTap(_ options: CompareOptions, _ layouts: [Layout]) -> String? {
        let settings: [(constants: ModelConstants, at: String)] =
            options.sweep.map { sweep in
                zip(sweep.constants(from: options.constants), sweep.values).map {
                    ($0, " at \(sweep.name)=\(String(format: "%g", $1)) of the sweep")
                }
            } ?? [(options.constants, "")]
        for (constants, at) in settings {
            for layout in layouts {
                let timeModel = TimeModel.select(options.model, platform: layout.platform, constants: constants)
                guard let problem = timeModel.timelessTap(under: options.model) else { continue }
                return "a tap on \(layout.id) takes no time\(at), so no speed can be measured: \(problem) "
                    + "(--set NAME=SECONDS)"
            }
        }
        return nil
    }

    /// The corpus as the user gave it, for messages: the paths as typed (a report shows only
    /// the files' names, which say nothing for `/dev/null`), `standard input` for `-`.
    static func corpusName(_ options: CompareOptions, _ corpus: CorpusSummary) -> String {
        let paths = options.words.map { [$0] } ?? options.corpora
        guard !paths.isEmpty else { return corpus.description }
        return paths.map { $0 == "-" ? "standard input" : $0 }.joined(separator: " + ")
    }

    /// A layout's language: the first part of its locale (`hu` of `hu-HU`).
    static func language(of layout: Layout) -> String {
        layout.locale.split(separator: "-").first.map(String.init) ?? layout.locale
    }

    /// What to tell a user who compares layouts of different languages over one corpus
    /// (legitimate: a Hungarian layout against Czech hardware over Hungarian text), or `nil`
    /// when the layouts share a language. Without a corpus such layouts are refused before.
    static func languageNote(_ layouts: [Layout]) -> String? {
        var byLanguage: [(language: String, ids: [String])] = []
        for layout in layouts {
            let language = language(of: layout)
            if let index = byLanguage.firstIndex(where: { $0.language == language }) {
                byLanguage[index].ids.append(layout.id)
            } else {
                byLanguage.append((language, [layout.id]))
            }
        }
        guard byLanguage.count > 1 else { return nil }
        let groups = byLanguage.map {
            "\($0.language.isEmpty ? "no language" : $0.language): \($0.ids.joined(separator: ", "))"
        }
        return "the layouts are for different languages (\(groups.joined(separator: "; "))); all type the same "
            + "corpus, so a layout of another language than the corpus's is measured on foreign text "
            + "(its untypeable column says what it cannot type)"
    }

    /// The corpus: files, a word list, or the embedded list of the layouts' language.
    static func makeInput(_ options: CompareOptions, _ layouts: [Layout]) throws -> ComparisonInput {
        if let words = options.words {
            let list = try WordFrequencyList(contentsOf: words)
            return .wordList(list, description: words == "-" ? "standard input" : (words as NSString).lastPathComponent)
        }
        if !options.corpora.isEmpty {
            return .runningText(options.corpora.map { $0 == "-" ? .standardInput : .file($0) })
        }
        let languages = Set(layouts.map(language(of:)))
        guard languages.count == 1, let locale = languages.first else {
            throw UsageError(
                "the layouts are for different languages (\(languages.sorted().joined(separator: ", "))): "
                    + "give --corpus or --words")
        }
        guard let list = EmbeddedWordLists.list(for: locale) else {
            throw UsageError(
                "no embedded word list for \"\(locale)\" (\(EmbeddedWordLists.locales.joined(separator: ", "))): "
                    + "give --corpus or --words")
        }
        return .wordList(list, description: EmbeddedWordLists.description(for: locale, words: list.entries.count))
    }
}
