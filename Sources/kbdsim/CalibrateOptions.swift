import TypingCalibration

/// The options of `kbdsim calibrate`: the logs, where to write the model file, the report's
/// format and the bootstrap.
struct CalibrateOptions {
    /// How the report is printed.
    enum Format: String, CaseIterable {
        case table, json
    }

    var logs: [String] = []
    var output: String?
    var format = Format.table
    var calibration = Calibration()
}

extension CalibrateCommand {
    static let declarations = [
        OptionDeclaration(
            "--output", aliases: ["-o"], .value, placeholder: "MODEL.json",
            help: "write the fitted constants there, for compare and optimize\n--model-file"),
        OptionDeclaration(
            "--format", .choice(CalibrateOptions.Format.allCases.map(\.rawValue)), placeholder: "F",
            defaultValue: "table", help: "table or json"),
        OptionDeclaration(
            "--bootstrap", .value, placeholder: "N", defaultValue: "\(Calibration().resamples)",
            help: "resamples of the phrases for every interval, 0 to 100000"),
        OptionDeclaration(
            "--seed", .value, placeholder: "N", defaultValue: "\(Calibration().seed)",
            help: "the bootstrap's seed: the same seed gives the same intervals"),
    ]

    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        overview: """
            Fits the models to the logs of the web page's typing test (docs/typing-log.schema.json,
            version 1), per posture, over the test-block phrases: Fitts' a and b from the intervals
            between correct taps (and the two-thumb floor), the spread of touches as a dual
            Gaussian, the long-press hold, the accent key's extra time, and the misses per key
            width, each with a 95% bootstrap interval over phrases. docs/calibration.md explains
            each fit, its exclusions and minimums.
            """,
        discussion: """
            A fit without enough data says so (not enough data: N intervals, at least M needed) and
            is left out of the model file. Warnings (not fatal): one participant only, millimetres
            assumed rather than measured, logs of several postures.

            Exit status: 0 fitted (whatever could be); 1 a log cannot be read, breaks the schema, is
            of another version, has no touches or no test-block phrases, or the model file cannot
            be written (nothing is written then); 64 wrong arguments.
            """,
        options: declarations, positionals: [PositionalDeclaration("LOG.json", repeated: true)])

    /// The options of `kbdsim calibrate` from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> CalibrateOptions {
        var options = CalibrateOptions()
        options.logs = parsed.positionals
        if parsed.count("--output") > 1 { throw UsageError("--output is given twice") }
        options.output = parsed.value("--output")
        options.format = parsed.value("--format").flatMap(CalibrateOptions.Format.init(rawValue:)) ?? .table
        if let resamples = parsed.value("--bootstrap") {
            options.calibration.resamples = try OptionValue.number(
                resamples, for: "--bootstrap", in: 0...100_000, what: "a number of resamples")
        }
        if let seed = parsed.value("--seed") {
            options.calibration.seed = try OptionValue.number(
                seed, for: "--seed", in: 0...UInt64.max, what: "a whole number")
        }
        if let output = options.output, options.logs.contains(output) {
            throw UsageError("-o \(output) is one of the logs; write the model file elsewhere")
        }
        return options
    }
}
