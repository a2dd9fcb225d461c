import LayoutOptimizer
import TypingEfficiency

/// The options of `kbdsim optimize`: the layout, the corpus, and how to search.
struct OptimizeOptions {
    var layout = ""
    var corpora: [String] = []
    var words: String?
    var model = ComparisonModel.oneFinger
    var optimizer = OptimizerOptions()
    var constants = ModelConstants()
    var output: String?
    /// `--model-file`, and the `--set` assignments to apply on top of it.
    var modelFile: String?
    var assignments: [String] = []
}

extension OptimizeCommand {
    /// The options of `kbdsim optimize`, declared once: parsing, the usage line and `--help`
    /// follow.
    static let declarations = [
        OptionDeclaration(
            "--layout", .value, placeholder: "ID", required: true,
            help: "the layout: a shipped id or a .json path (not xkb:)"),
        OptionDeclaration(
            "--corpus", .values, placeholder: "FILE",
            help: "running text, one sentence a line, UTF-8 (several add up)"),
        OptionDeclaration(
            "--words", .value, placeholder: "FILE.tsv",
            help: "a word-frequency list (with neither: the layout language's list)"),
        OptionDeclaration(
            "--vary", .choice(Variation.allCases.map(\.rawValue)), placeholder: "WHAT", defaultValue: "accents",
            help: "accents: every placement of the accent keys, a letter\n"
                + "  they displace taking the freed place;\n"
                + "long-press: the order of each long-press list;\n"
                + "letters: the letters' places, by simulated annealing;\n"
                + "all: letters and accent keys (annealing), then long-press orders"),
        OptionDeclaration(
            "--model", .choice([ComparisonModel.oneFinger, .twoThumb, .oneThumb].map(\.rawValue)), placeholder: "M",
            defaultValue: "one-finger", help: "one-finger, two-thumb or one-thumb"),
        OptionDeclaration(
            "--keep", .value, placeholder: "\"KEYS\"",
            help: "labels of keys that stay, space-separated (\"q w e r t z\")"),
        OptionDeclaration(
            "--seed", .value, placeholder: "N", defaultValue: "1",
            help: "the annealing's seed: the same seed, the same result"),
        OptionDeclaration(
            "--iterations", .value, placeholder: "N", defaultValue: "200000", help: "annealing steps per round"),
        OptionDeclaration(
            "--time", .value, placeholder: "SECONDS",
            help: "the whole run at most this long: the annealing's rounds share\n"
                + "  what planning and the final check leave"),
        OptionDeclaration(
            "--rounds", .value, placeholder: "N", defaultValue: "3",
            help: "plan the corpus again on the best layout so far, up to N times;\n"
                + "the search times the plans of its round's layout"),
        OptionDeclaration("--random-start", .flag, help: "start from the movable keys shuffled (by the seed)"),
        ModelConstantOption.declaration,
        ModelFileOption.declaration,
        OptionDeclaration("--jobs", .value, placeholder: "N", defaultValue: "all cores", help: "threads"),
        OptionDeclaration(
            "--output", aliases: ["-o"], .value, placeholder: "FILE.json",
            help: "write the best layout there (its id: the file name)"),
    ]

    static let configuration = CommandConfiguration(
        commandName: "optimize",
        overview: """
            Searches where a layout's keys should go for the fastest typing of a corpus under
            the model, and writes the best layout found as a layout file.
            """,
        discussion: """
            Every figure of the report is checked with the planner and timer compare uses;
            the search's own estimate is shown beside it.

            Exit status: 0 done; 1 a layout, corpus or model file cannot be read or the search cannot run;
            64 wrong arguments.
            """,
        options: declarations, strayHint: { "; give a corpus with --corpus \($0)" })

    /// The options of `kbdsim optimize` from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> OptimizeOptions {
        var options = OptimizeOptions()
        options.layout = parsed.value("--layout") ?? ""
        options.corpora = parsed.values("--corpus")
        options.words = parsed.value("--words")
        options.optimizer.variation = parsed.value("--vary").flatMap(Variation.init(rawValue:)) ?? .accents
        options.model = parsed.value("--model").flatMap(ComparisonModel.init(rawValue:)) ?? options.model
        options.optimizer.keep = parsed.values("--keep").flatMap { $0.split(separator: " ").map(String.init) }
        if let seed = parsed.value("--seed") {
            options.optimizer.seed = try OptionValue.number(seed, for: "--seed", in: 0...UInt64.max)
        }
        if let iterations = parsed.value("--iterations") {
            options.optimizer.iterations = try OptionValue.number(
                iterations, for: "--iterations", in: 1...1_000_000_000)
        }
        if let time = parsed.value("--time") {
            options.optimizer.timeLimit = try OptionValue.number(time, for: "--time", in: 0.001...86_400.0)
        }
        if let rounds = parsed.value("--rounds") {
            options.optimizer.rounds = try OptionValue.number(rounds, for: "--rounds", in: 1...20)
        }
        options.optimizer.randomStart = parsed.has("--random-start")
        if let jobs = parsed.value("--jobs") {
            options.optimizer.workers = try OptionValue.number(
                jobs, for: "--jobs", in: 1...CompareOptions.maximumJobs, what: "a whole number")
        }
        for assignment in parsed.values("--set") { try ModelConstantOption.apply(assignment, to: &options.constants) }
        options.assignments = parsed.values("--set")
        if parsed.count("--model-file") > 1 { throw UsageError("--model-file is given twice; give one model file") }
        options.modelFile = parsed.value("--model-file")
        options.output = parsed.value("--output")
        if let output = options.output, !output.hasSuffix(".json") {
            throw OptionValue.invalid(output, for: "--output", "the layout file's name must end in .json")
        }
        if options.corpora.filter({ $0 == "-" }).count > 1 {
            throw UsageError("--corpus - is given twice; standard input can be read once")
        }
        return options
    }
}
