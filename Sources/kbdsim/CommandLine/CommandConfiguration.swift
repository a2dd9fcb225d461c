/// What a command is, for parsing and for `--help`: its name, its options and positional
/// arguments as declarations, and the prose around the generated usage line and option list.
/// Shaped like swift-argument-parser's `CommandConfiguration`.
struct CommandConfiguration: Sendable {
    /// The word after `kbdsim` (`compare`), or `nil` for the simulator, `kbdsim` itself.
    let commandName: String?
    /// One line saying what the command does, first in `--help`.
    let abstract: String
    /// The prose between the usage line and the option list.
    let overview: String
    /// The prose after the option list (details, examples, exit statuses).
    let discussion: String
    let options: [OptionDeclaration]
    let positionals: [PositionalDeclaration]
    /// Further lines after the usage line, aligned under its `kbdsim` (the simulator's list of
    /// the other commands).
    let additionalUsage: [String]
    /// The end of the message for an argument where the command takes none (`; give a corpus
    /// with --corpus hu.txt`), given the argument.
    let strayHint: @Sendable (String) -> String

    init(
        commandName: String?, abstract: String = "", overview: String = "", discussion: String = "",
        options: [OptionDeclaration], positionals: [PositionalDeclaration] = [], additionalUsage: [String] = [],
        strayHint: @escaping @Sendable (String) -> String = { _ in "" }
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.overview = overview
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.additionalUsage = additionalUsage
        self.strayHint = strayHint
    }

    /// `kbdsim compare`: how messages name the command.
    var displayName: String { ["kbdsim", commandName].compactMap { $0 }.joined(separator: " ") }

    /// The scanner for this command's arguments.
    var scanner: ArgumentScanner {
        ArgumentScanner(options: options, positionals: positionals, strayHint: strayHint)
    }
}
