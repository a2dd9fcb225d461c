import LayoutOptimizer
import TypingEfficiency

/// The options of `kbdsim optimize`, parsed by hand.
struct OptimizeOptions {
    static let usage = """
        usage: kbdsim optimize --layout ID [--corpus FILE ...] [--words FILE.tsv]
                               [--vary accents|long-press|letters|all] [--model one-finger|two-thumb]
                               [--keep "KEYS"] [--seed N] [--iterations N] [--time SECONDS] [--rounds N]
                               [--random-start] [--set NAME=VALUE] [--jobs N] [-o FILE.json]
        """

    static let help =
        usage + """


            Searches where a layout's keys should go for the fastest typing of a corpus under
            the model, and writes the best layout found as a layout file.

              --layout ID       the layout: a shipped id or a .json path (not xkb:)
              --corpus FILE...  running text, one sentence a line, UTF-8 (several add up)
              --words FILE.tsv  a word-frequency list (with neither: the layout language's list)
              --vary WHAT       accents (default): every placement of the accent keys, a letter
                                  they displace taking the freed place;
                                long-press: the order of each long-press list;
                                letters: the letters' places, by simulated annealing;
                                all: letters and accent keys (annealing), then long-press orders
              --model M         one-finger (default) or two-thumb
              --keep "KEYS"     labels of keys that stay, space-separated ("q w e r t z")
              --seed N          the annealing's seed (default 1): the same seed, the same result
              --iterations N    annealing steps per round (default 200000)
              --time SECONDS    the whole run at most this long: the annealing's rounds share
                                  what planning and the final check leave
              --rounds N        plan the corpus again on the best layout so far, up to N times
                                (default 3); the search times the plans of its round's layout
              --random-start    start from the movable keys shuffled (by the seed)
              --set NAME=VALUE  override a model constant, as in compare
              --jobs N          threads (default: all cores)
              -o FILE.json      write the best layout there (its id: the file name)

            Every figure of the report is checked with the planner and timer compare uses;
            the search's own estimate is shown beside it.

            Exit status: 0 done; 1 a layout or corpus cannot be read or the search cannot run;
            64 wrong arguments.
            """

    var layout: String?
    var corpora: [String] = []
    var words: String?
    var model = ComparisonModel.oneFinger
    var optimizer = OptimizerOptions()
    var constants = ModelConstants()
    var output: String?
    var helpRequested = false

    struct UsageError: Error {
        let message: String
    }

    /// Parses the arguments after `optimize`.
    static func parse(_ arguments: [String]) throws(UsageError) -> OptimizeOptions {
        var options = OptimizeOptions()
        var index = 0
        func next(_ name: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(message: "\(name) needs a value")
            }
            return arguments[index]
        }
        func number<T: LosslessStringConvertible & Comparable>(
            _ name: String, _ range: ClosedRange<T>
        ) throws(UsageError) -> T {
            let text = try next(name)
            guard let value = T(text), range.contains(value) else {
                throw UsageError(message: "\(name) must be a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--layout": options.layout = try next(argument)
            case "--corpus":
                options.corpora.append(try next(argument))
                while index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                    index += 1
                    options.corpora.append(arguments[index])
                }
            case "--words": options.words = try next(argument)
            case "--vary":
                let name = try next(argument)
                guard let variation = Variation(rawValue: name) else {
                    throw UsageError(message: "unknown --vary \"\(name)\" (accents, long-press, letters, all)")
                }
                options.optimizer.variation = variation
            case "--model":
                let name = try next(argument)
                guard let model = ComparisonModel(rawValue: name), model != .keystrokes else {
                    throw UsageError(message: "unknown model \"\(name)\" for optimize (one-finger, two-thumb)")
                }
                options.model = model
            case "--keep":
                options.optimizer.keep += try next(argument).split(separator: " ").map(String.init)
            case "--seed": options.optimizer.seed = try number(argument, 0...UInt64.max)
            case "--iterations": options.optimizer.iterations = try number(argument, 1...1_000_000_000)
            case "--time": options.optimizer.timeLimit = try number(argument, 0.001...86_400.0)
            case "--rounds": options.optimizer.rounds = try number(argument, 1...20)
            case "--random-start": options.optimizer.randomStart = true
            case "--jobs": options.optimizer.workers = try number(argument, 1...256)
            case "--set":
                let assignment = try next(argument)
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let value = Double(parts[1]), value.isFinite, (0...60).contains(value),
                    options.constants.set(parts[0], to: value)
                else {
                    let names = options.constants.named.map(\.name).joined(separator: ", ")
                    throw UsageError(message: "--set wants NAME=SECONDS (0 to 60), NAME one of \(names)")
                }
            case "-o", "--output": options.output = try next(argument)
            case "--help", "-h": options.helpRequested = true
            default: throw UsageError(message: "unknown option \"\(argument)\"")
            }
            index += 1
        }
        if !options.helpRequested && options.layout == nil { throw UsageError(message: "give --layout ID") }
        if let output = options.output, !output.hasSuffix(".json") {
            throw UsageError(message: "-o \"\(output)\": the layout file's name must end in .json")
        }
        if options.corpora.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "--corpus - is given twice; standard input can be read once")
        }
        return options
    }
}
