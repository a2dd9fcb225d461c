import LayoutEngine
import TypingEfficiency

/// The options of `kbdsim compare`, parsed by hand (no outside packages).
struct CompareOptions {
    static let usage = """
        usage: kbdsim compare [--layouts ID,ID,...] [--corpus FILE ...] [--words FILE.tsv]
                              [--model one-finger|two-thumb|keystrokes] [--format table|csv|json|markdown]
                              [--detail] [--errors] [--svg DIR] [--set NAME=VALUE] [--jobs N]
                              [--geometry portrait|landscape|tablet|WxP] [--touch-errors]
                              [--touch-sigma MM[,MM]] [--ci | --no-ci] [--bootstrap N] [--seed N]
                              [--sweep NAME=FROM:TO:STEP]
        """

    static let help =
        usage + """


            Measures what typing a corpus costs on each layout: keystrokes per character, taps,
            long-presses, accent-key, shift and layer presses, untypeable characters, and predicted
            seconds per character and words per minute under the model.

              --layouts IDS     layout ids, comma-separated: shipped ids, .json paths, xkb:LAYOUT
                                (default hu-touch,hu-ios,hu-extended)
              --layouts-dir D   read layout .json files from D before the built-in ones
              --corpus FILE...  running text, one sentence a line, UTF-8; - reads standard input;
                                several files add up
              --words FILE.tsv  a word-frequency list, word<TAB>frequency per line
                                (with neither: the embedded wordfreq list of the layouts' language)
              --model M         one-finger (default), two-thumb or keystrokes
              --format F        table (default), csv, json or markdown
              --detail          also list the characters that cost most on each layout
              --errors          also the cost of fixing one wrong accent on each layout
              --svg DIR         write a key-press heatmap per layout and a bar chart into DIR
              --set NAME=VALUE  override a model constant (one-finger.a, one-finger.b, thumb.a,
                                thumb.b, two-thumb.floor, hold.ios, hold.android, per-keystroke),
                                in seconds from 0 to 60
              --jobs N          threads, 1 to 256 (default: all cores)
              --geometry G      measure the touch layouts at another size: portrait (the layout
                                file's, a 6.1-inch phone), landscape (the same phone turned),
                                tablet (an 11-inch tablet in portrait), or WIDTHxPITCH in mm
              --touch-errors    also the expected touch errors (touches spread normally around
                                the key's centre), the cost of fixing them and the speed with
                                the fixes, with bootstrap intervals over the lines; needs --corpus
              --touch-sigma MM  the spread of touches for --touch-errors (default 1.5; MM,MM for
                                across and along the keyboard's height)
              --ci              95% confidence intervals for each layout's KSPC and WPM and for the
                                difference of every two layouts (paired), by a bootstrap over the
                                lines of the running text; on by default with --format markdown and
                                json, off with table and csv; needs --corpus
              --no-ci           no intervals (markdown, json)
              --bootstrap N     resamples for every interval, 1 to 100000 (default 1000); 0: no
                                intervals
              --seed N          the bootstrap's seed, a whole number (default 1592598566): the same
                                seed gives the same intervals
              --sweep NAME=FROM:TO:STEP
                                measure at every value of the --set constant NAME from FROM to TO by
                                STEP (at most 101 values; the corpus is read once) and print each
                                layout's WPM (KSPC under keystrokes) and the ranking per value,
                                marking where the ranking changes, instead of the report

            Bad input gets a warning on standard error and the rest is measured: invalid UTF-8
            (file: byte N, the first 10 listed, then a count), NUL bytes, a line longer than
            1 MB without a line break (measured in pieces cut between characters), binary data.
            A run longer than a second shows a progress line, when standard error is a terminal.

            Exit status: 0 measured (warnings or not); 1 a layout or corpus cannot be read, or the
            corpus is empty (no character to measure); 64 wrong arguments or an unknown layout id.
            """

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
    var bootstrap = Bootstrap()
    /// `--ci` (true), `--no-ci` (false), or neither: on for markdown and JSON.
    var confidenceChoice: Bool?
    var sweep: ConstantSweep?
    var helpRequested = false

    /// Whether the report shows confidence intervals.
    var showsConfidence: Bool {
        guard sweep == nil, bootstrap.resamples > 0, !corpora.isEmpty else { return false }
        return confidenceChoice ?? (format == .markdown || format == .json)
    }

    /// The options `parse` knows, for "did you mean" (`--layouts-dir` is taken out before).
    static let optionNames = [
        "--layouts", "--layout", "--layouts-dir", "--corpus", "--words", "--model", "--format", "--detail", "--errors",
        "--svg", "--set", "--jobs", "--geometry", "--touch-errors", "--touch-sigma", "--ci", "--no-ci", "--bootstrap",
        "--seed", "--sweep", "--help",
    ]

    /// `; did you mean "x"?` when `word` is near one of `candidates`, else nothing.
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        NameSuggestion.nearest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// `unknown model "x"; did you mean "y"? (a, b, c)`.
    static func unknown(_ what: String, _ name: String, _ names: [String]) -> UsageError {
        UsageError(message: "unknown \(what) \"\(name)\"\(suggestion(name, names)) (\(names.joined(separator: ", ")))")
    }

    /// A wrong argument: the message to print before the usage line.
    struct UsageError: Error {
        let message: String
    }

    /// Parses the arguments after `compare`.
    static func parse(_ arguments: [String]) throws(UsageError) -> CompareOptions {
        var options = CompareOptions()
        var index = 0
        func value(_ name: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(message: "\(name) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func next() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                return try value(argument)
            }
            switch argument {
            case "--layouts", "--layout":
                options.layouts = try next().split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                if options.layouts.isEmpty { throw UsageError(message: "--layouts needs at least one layout") }
            case "--corpus":
                options.corpora.append(try next())
                while inlineValue == nil, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
                    index += 1
                    options.corpora.append(arguments[index])
                }
            case "--words":
                if options.words != nil { throw UsageError(message: "--words is given twice") }
                options.words = try next()
            case "--model":
                let name = try next()
                guard let model = ComparisonModel(rawValue: name) else {
                    throw unknown("model", name, ComparisonModel.allCases.map(\.rawValue))
                }
                options.model = model
            case "--format":
                let name = try next()
                guard let format = ReportFormat(rawValue: name) else {
                    throw unknown("format", name, ReportFormat.allCases.map(\.rawValue))
                }
                options.format = format
            case "--detail": options.detail = true
            case "--errors": options.errors = true
            case "--svg": options.svgDirectory = try next()
            case "--set":
                let assignment = try next()
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let number = Double(parts[1]), number.isFinite, (0...60).contains(number)
                else {
                    throw UsageError(
                        message: "--set wants NAME=VALUE with a number of seconds from 0 to 60, not \"\(assignment)\"")
                }
                guard options.constants.set(parts[0], to: number) else {
                    throw unknown("constant", parts[0], options.constants.named.map(\.name))
                }
            case "--jobs":
                let text = try next()
                guard let jobs = Int(text), (1...Self.maximumJobs).contains(jobs) else {
                    throw UsageError(
                        message: "--jobs must be a whole number from 1 to \(Self.maximumJobs), not \"\(text)\"")
                }
                options.jobs = jobs
            case "--geometry":
                let name = try next()
                guard let geometry = DeviceGeometry(name) else {
                    if let problem = DeviceGeometry.sizeProblem(name) {
                        throw UsageError(message: "--geometry \(name): \(problem)")
                    }
                    throw UsageError(
                        message: "unknown geometry \"\(name)\" (portrait, landscape, tablet, or WIDTHxPITCH in mm)")
                }
                options.geometry = geometry
            case "--touch-errors": options.touchErrors = true
            case "--touch-sigma":
                let text = try next()
                let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! > 0 && $0! <= 100 }) else {
                    throw UsageError(
                        message: "--touch-sigma wants MM or MM,MM, each above 0 up to 100 mm, not \"\(text)\"")
                }
                options.touchModel = TouchErrorModel(sigmaX: parts[0]!, sigmaY: parts.last!!)
            case "--bootstrap":
                let text = try next()
                guard let resamples = Int(text), (0...100_000).contains(resamples) else {
                    throw UsageError(
                        message: "--bootstrap wants a number of resamples from 0 to 100000, not \"\(text)\"")
                }
                options.bootstrap.resamples = resamples
            case "--ci", "--no-ci":
                let wanted = argument == "--ci"
                if inlineValue != nil { throw UsageError(message: "\(argument) takes no value") }
                if let earlier = options.confidenceChoice, earlier != wanted {
                    throw UsageError(message: "give --ci or --no-ci, not both")
                }
                options.confidenceChoice = wanted
            case "--seed":
                let text = try next()
                guard let seed = UInt64(text) else {
                    throw UsageError(
                        message: "--seed wants a whole number from 0 to \(UInt64.max), not \"\(text)\"")
                }
                options.bootstrap.seed = seed
            case "--sweep":
                if options.sweep != nil { throw UsageError(message: "--sweep is given twice; sweep one constant") }
                let text = try next()
                do {
                    options.sweep = try ConstantSweep(parsing: text)
                } catch {
                    throw UsageError(message: error.message)
                }
            case "--help", "-h":
                options.helpRequested = true
            default:
                guard argument.hasPrefix("-"), argument.count > 1 else {
                    throw UsageError(
                        message: "unexpected argument \"\(argument)\"; give a corpus with --corpus \(argument)")
                }
                throw UsageError(message: "unknown option \"\(argument)\"\(suggestion(argument, optionNames))")
            }
            index += 1
        }
        if options.words != nil, !options.corpora.isEmpty {
            throw UsageError(message: "give --corpus or --words, not both")
        }
        if options.corpora.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "--corpus - is given twice; standard input can be read once")
        }
        try options.checkConfidenceAndSweep()
        if options.touchErrors, options.corpora.isEmpty || options.corpora.contains("-") {
            throw UsageError(
                message: "--touch-errors measures running text line by line and reads it a second time: "
                    + "give --corpus with files (not - or --words)")
        }
        return options
    }
}

extension CompareOptions {
    /// The combinations `--ci` and `--sweep` cannot take.
    fileprivate func checkConfidenceAndSweep() throws(UsageError) {
        if confidenceChoice == true {
            if corpora.isEmpty {
                throw UsageError(
                    message: "--ci resamples the lines of running text: give --corpus (a word list has no lines)")
            }
            if bootstrap.resamples == 0 { throw UsageError(message: "--ci needs --bootstrap above 0") }
        }
        guard sweep != nil else { return }
        let others = [
            ("--ci", confidenceChoice == true), ("--detail", detail), ("--errors", errors),
            ("--svg", svgDirectory != nil), ("--touch-errors", touchErrors),
        ]
        if let (name, _) = others.first(where: { $0.1 }) {
            throw UsageError(message: "--sweep prints the sweep alone: drop \(name), or measure without --sweep")
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
