import LayoutEngine

/// The command line of `kbdbench`: filters, `--json`, `--list`, `--help`.
struct BenchOptions: Equatable {
    static let usage = "usage: swift run -c release kbdbench [FILTER ...] [--json] [--list] [--help]"

    static let help =
        usage + """


            Runs the benchmarks whose names contain any FILTER (all without one), one line each:
            the best and the median time per operation over 5 samples, iterations in all, the
            spread ((slowest - fastest) / fastest) and the best rate. A sample repeats the work,
            doubling the iterations until it takes 0.2 s. Debug builds are refused: their
            figures mean nothing.

              --json   the measurements as JSON on standard output
              --list   the benchmarks' names, without running them
              --help   this text

            Exit status: 0 done; 64 wrong arguments, no benchmark matches, or a debug build.
            """

    static let optionNames = ["--json", "--list", "--help"]

    var filters: [String] = []
    var json = false
    var list = false
    var help = false

    /// A wrong argument: the message to print before the usage line.
    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Parses the arguments after the executable's name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        for argument in arguments {
            switch argument {
            case "--json": options.json = true
            case "--list": options.list = true
            case "--help", "-h": options.help = true
            default:
                guard argument.hasPrefix("-"), argument.count > 1 else {
                    options.filters.append(argument)
                    continue
                }
                let nearest = NameSuggestion.nearest(to: argument, in: optionNames)
                throw UsageError(
                    message: "unknown option \"\(argument)\"" + (nearest.map { "; did you mean \"\($0)\"?" } ?? ""))
            }
        }
        return options
    }

    /// Whether a benchmark is selected: no filter, or its name contains one.
    func selects(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.contains($0) }
    }
}
