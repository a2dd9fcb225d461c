import LayoutEngine
import TypingEfficiency

/// The options of `kbdsim compare`: what to measure, on which layouts, and how to report it.
struct CompareOptions {
    /// The most threads `--jobs` may ask for: far beyond any machine's cores, well below what
    /// would exhaust the process's threads and memory.
    static let maximumJobs = 256

    var layouts = ["hu-touch", "hu-ios", "hu-extended"]
    var corpora: [String] = []
    var words: String?
    var model = ComparisonModel.oneFinger
    var format = ReportFormat.table
    var detail = false
    var errors = false
    var svgDirectory: String?
    var constants = ModelConstants()
    var jobs: Int?
    var geometry: DeviceGeometry?
    var touchErrors = false
    var touchModel = TouchErrorModel()
    /// `--touch-sigma` was given (it wins over a model file's spread).
    var touchSigmaGiven = false
    /// `--model-file`, and the `--set` assignments to apply on top of it.
    var modelFile: String?
    var assignments: [String] = []
    var bootstrap = Bootstrap()
    /// `--ci` (true), `--no-ci` (false), or neither: on for markdown and JSON.
    var confidenceChoice: Bool?
    var sweep: ConstantSweep?

    /// Whether the report shows confidence intervals.
    var showsConfidence: Bool {
        guard sweep == nil, bootstrap.resamples > 0, !corpora.isEmpty else { return false }
        return confidenceChoice ?? (format == .markdown || format == .json)
    }
}

extension CompareCommand {
    /// The options of `kbdsim compare`, declared once: parsing, the usage line and `--help`
    /// follow.
    static let declarations = [
        OptionDeclaration(
            "--layouts", aliases: ["--layout"], .value, placeholder: "IDS", defaultValue: "hu-touch,hu-ios,hu-extended",
            help: "layout ids, comma-separated: shipped ids, .json paths, xkb:LAYOUT"),
        OptionDeclaration(
            "--corpus", .values, placeholder: "FILE",
            help: "running text, one sentence a line, UTF-8; - reads standard input;\nseveral files add up"),
        OptionDeclaration(
            "--words", .value, placeholder: "FILE.tsv",
            help: "a word-frequency list, word<TAB>frequency per line\n"
                + "(with neither: the embedded wordfreq list of the layouts' language)"),
        OptionDeclaration(
            "--model", .choice(ComparisonModel.allCases.map(\.rawValue)), placeholder: "M", defaultValue: "one-finger",
            help: "one-finger, two-thumb or keystrokes"),
        OptionDeclaration(
            "--format", .choice(ReportFormat.allCases.map(\.rawValue)), placeholder: "F", defaultValue: "table",
            help: "table, csv, json or markdown"),
        OptionDeclaration("--detail", .flag, help: "also list the characters that cost most on each layout"),
        OptionDeclaration("--errors", .flag, help: "also the cost of fixing one wrong accent on each layout"),
        OptionDeclaration(
            "--svg", .value, placeholder: "DIR", help: "write a key-press heatmap per layout and a bar chart into DIR"),
        ModelConstantOption.declaration,
        ModelFileOption.declaration,
        OptionDeclaration(
            "--jobs", .value, placeholder: "N", defaultValue: "all cores",
            help: "threads, 1 to \(CompareOptions.maximumJobs)"),
        GeometryOption.declaration(
            placeholder: "G",
            help: "measure the touch layouts at another size: portrait (the layout\n"
                + "file's, a 6.1-inch phone), landscape (the same phone turned),\n"
                + "tablet (an 11-inch tablet in portrait), or WIDTHxPITCH in mm"),
        OptionDeclaration(
            "--touch-errors", .flag,
            help: "also the expected touch errors (touches spread normally around\n"
                + "the key's centre), the cost of fixing them and the speed with\n"
                + "the fixes, with bootstrap intervals over the lines; needs --corpus"),
        OptionDeclaration(
            "--touch-sigma", .value, placeholder: "MM",
            defaultValue: "Bi & Zhai's dual Gaussian, σ² = α·W² + σa²",
            help: "a fixed spread of touches for --touch-errors, whatever the key's\n"
                + "size (MM,MM for across and along the keyboard's height)"),
        OptionDeclaration(
            "--ci", .flag,
            help: "95% confidence intervals for each layout's KSPC and WPM and for the\n"
                + "difference of every two layouts (paired), by a bootstrap over the\n"
                + "lines of the running text; on by default with --format markdown and\n"
                + "json, off with table and csv; needs --corpus"),
        OptionDeclaration("--no-ci", .flag, help: "no intervals (markdown, json)"),
        OptionDeclaration(
            "--bootstrap", .value, placeholder: "N", defaultValue: "\(Bootstrap().resamples)",
            help: "resamples for every interval, 1 to 100000; 0: no intervals"),
        OptionDeclaration(
            "--seed", .value, placeholder: "N", defaultValue: "\(Bootstrap().seed)",
            help: "the bootstrap's seed, a whole number: the same seed gives the\nsame intervals"),
        OptionDeclaration(
            "--sweep", .value, placeholder: "NAME=FROM:TO:STEP",
            help: "measure at every value of the --set constant NAME from FROM to TO by\n"
                + "STEP (at most 101 values; the corpus is read once) and print each\n"
                + "layout's WPM (KSPC under keystrokes) and the ranking per value,\n"
                + "marking where the ranking changes, instead of the report"),
    ]

    static let configuration = CommandConfiguration(
        commandName: "compare",
        overview: """
            Measures what typing a corpus costs on each layout: keystrokes per character, taps,
            long-presses, accent-key, shift and layer presses, untypeable characters, and predicted
            seconds per character and words per minute under the model.
            """,
        discussion: """
            Bad input gets a warning on standard error and the rest is measured: invalid UTF-8
            (file: byte N, the first 10 listed, then a count), NUL bytes, a line longer than
            1 MB without a line break (measured in pieces cut between characters), binary data.
            A run longer than a second shows a progress line, when standard error is a terminal.

            Exit status: 0 measured (warnings or not); 1 a layout or corpus cannot be read, or the
            corpus is empty (no character to measure); 64 wrong arguments or an unknown layout id.
            """,
        options: declarations, strayHint: { "; give a corpus with --corpus \($0)" })

    /// The options of `kbdsim compare` from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> CompareOptions {
        var options = CompareOptions()
        if let layouts = parsed.value("--layouts") {
            options.layouts = layouts.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            if options.layouts.isEmpty { throw UsageError("--layouts needs at least one layout") }
        }
        options.corpora = parsed.values("--corpus")
        if parsed.count("--words") > 1 { throw UsageError("--words is given twice") }
        options.words = parsed.value("--words")
        options.model = parsed.value("--model").flatMap(ComparisonModel.init(rawValue:)) ?? options.model
        options.format = parsed.value("--format").flatMap(ReportFormat.init(rawValue:)) ?? options.format
        options.detail = parsed.has("--detail")
        options.errors = parsed.has("--errors")
        options.svgDirectory = parsed.value("--svg")
        for assignment in parsed.values("--set") { try ModelConstantOption.apply(assignment, to: &options.constants) }
        options.assignments = parsed.values("--set")
        if parsed.count("--model-file") > 1 { throw UsageError("--model-file is given twice; give one model file") }
        options.modelFile = parsed.value("--model-file")
        if let jobs = parsed.value("--jobs") {
            options.jobs = try OptionValue.number(
                jobs, for: "--jobs", in: 1...CompareOptions.maximumJobs, what: "a whole number")
        }
        if let geometry = parsed.value("--geometry") { options.geometry = try GeometryOption.parse(geometry) }
        options.touchErrors = parsed.has("--touch-errors")
        if let sigma = parsed.value("--touch-sigma") {
            options.touchModel = try touchModel(sigma)
            options.touchSigmaGiven = true
        }
        if let resamples = parsed.value("--bootstrap") {
            options.bootstrap.resamples = try OptionValue.number(
                resamples, for: "--bootstrap", in: 0...100_000, what: "a number of resamples")
        }
        if parsed.has("--ci") && parsed.has("--no-ci") { throw UsageError("give --ci or --no-ci, not both") }
        if parsed.has("--ci") || parsed.has("--no-ci") { options.confidenceChoice = parsed.has("--ci") }
        if let seed = parsed.value("--seed") {
            options.bootstrap.seed = try OptionValue.number(
                seed, for: "--seed", in: 0...UInt64.max, what: "a whole number")
        }
        if parsed.count("--sweep") > 1 { throw UsageError("--sweep is given twice; sweep one constant") }
        if let sweep = parsed.value("--sweep") {
            do {
                options.sweep = try ConstantSweep(parsing: sweep)
            } catch {
                throw UsageError(error.message)
            }
        }
        try options.check()
        return options
    }

    /// `--touch-sigma MM` or `MM,MM`: the spread of touches across and along the keyboard.
    private static func touchModel(_ text: String) throws(UsageError) -> TouchErrorModel {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 100 }) else {
            throw OptionValue.invalid(text, for: "--touch-sigma", "expected MM or MM,MM, each above 0 up to 100 mm")
        }
        return TouchErrorModel(sigmaX: parts[0]!, sigmaY: parts.last!!)
    }
}

extension CompareOptions {
    /// The combinations of options compare cannot take.
    fileprivate func check() throws(UsageError) {
        if words != nil, !corpora.isEmpty { throw UsageError("give --corpus or --words, not both") }
        if corpora.filter({ $0 == "-" }).count > 1 {
            throw UsageError("--corpus - is given twice; standard input can be read once")
        }
        try checkConfidenceAndSweep()
        if touchErrors, corpora.isEmpty || corpora.contains("-") {
            throw UsageError(
                "--touch-errors measures running text line by line and reads it a second time: "
                    + "give --corpus with files (not - or --words)")
        }
    }
}

extension CompareOptions {
    /// The combinations `--ci` and `--sweep` cannot take.
    fileprivate func checkConfidenceAndSweep() throws(UsageError) {
        if confidenceChoice == true {
            if corpora.isEmpty {
                throw UsageError(
                    "--ci resamples the lines of running text: give --corpus (a word list has no lines)")
            }
            if bootstrap.resamples == 0 { throw UsageError("--ci needs --bootstrap above 0") }
        }
        guard sweep != nil else { return }
        let others = [
            ("--ci", confidenceChoice == true), ("--detail", detail), ("--errors", errors),
            ("--svg", svgDirectory != nil), ("--touch-errors", touchErrors),
        ]
        if let (name, _) = others.first(where: { $0.1 }) {
            throw UsageError("--sweep prints the sweep alone: drop \(name), or measure without --sweep")
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
