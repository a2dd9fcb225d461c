import TypingEfficiency

/// The options of `kbdsim compare`, parsed by hand (no outside packages).
struct CompareOptions {
    static let usage = """
        usage: kbdsim compare [--layouts ID,ID,...] [--corpus FILE ...] [--words FILE.tsv]
                              [--model one-finger|two-thumb|keystrokes] [--format table|csv|json|markdown]
                              [--detail] [--errors] [--svg DIR] [--set NAME=VALUE] [--jobs N]
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

            Bad input gets a warning on standard error and the rest is measured: invalid UTF-8
            (file: byte N, the first 10 listed, then a count), NUL bytes, a line longer than
            1 MB without a line break (measured in pieces cut between characters), binary data.

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
    var helpRequested = false

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
                    throw UsageError(message: "unknown model \"\(name)\" (one-finger, two-thumb, keystrokes)")
                }
                options.model = model
            case "--format":
                let name = try next()
                guard let format = ReportFormat(rawValue: name) else {
                    throw UsageError(message: "unknown format \"\(name)\" (table, csv, json, markdown)")
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
                    let names = options.constants.named.map(\.name).joined(separator: ", ")
                    throw UsageError(message: "unknown constant \"\(parts[0])\" (\(names))")
                }
            case "--jobs":
                let text = try next()
                guard let jobs = Int(text), (1...Self.maximumJobs).contains(jobs) else {
                    throw UsageError(
                        message: "--jobs must be a whole number from 1 to \(Self.maximumJobs), not \"\(text)\"")
                }
                options.jobs = jobs
            case "--help", "-h":
                options.helpRequested = true
            default:
                throw UsageError(message: "unknown option \"\(argument)\"")
            }
            index += 1
        }
        if options.words != nil, !options.corpora.isEmpty {
            throw UsageError(message: "give --corpus or --words, not both")
        }
        return options
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
