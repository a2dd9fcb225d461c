/// One option of a command, declared once as data: the scanner reads arguments by it and the
/// usage line and the option list of `--help` are written from it.
///
/// ```swift
/// OptionDeclaration("--output", aliases: ["-o"], .value, placeholder: "FILE.json",
///                   help: "write the best layout there")
/// ```
struct OptionDeclaration: Sendable {
    /// What an option takes after its name.
    enum Kind: Equatable, Sendable {
        /// Nothing: `--detail`. A value (`--detail=x`) is an error.
        case flag
        /// One value: `--words FILE` or `--words=FILE`.
        case value
        /// One value or more, up to the next option: `--corpus A B C` (`--corpus=A` takes one).
        case values
        /// One of fixed names: `--model two-thumb`; another value is an error that suggests
        /// the nearest name.
        case choice([String])
    }

    /// The long name, with its dashes: `--output`.
    let name: String
    /// Other names for the same option: `-o`, or `--layout` for compare's `--layouts`.
    let aliases: [String]
    let kind: Kind
    /// What the value is, in the usage line and the option list: `FILE.json`, `<id-or-file>`.
    let placeholder: String
    /// The value taken when the option is not given, shown at the end of the help text.
    let defaultValue: String?
    /// Whether the command cannot run without it (shown without brackets in the usage line).
    let isRequired: Bool
    /// The explanation in `--help`; `\n` starts a line under the first one.
    let help: String

    init(
        _ name: String, aliases: [String] = [], _ kind: Kind, placeholder: String = "", defaultValue: String? = nil,
        required: Bool = false, help: String
    ) {
        self.name = name
        self.aliases = aliases
        self.kind = kind
        self.placeholder = placeholder
        self.defaultValue = defaultValue
        self.isRequired = required
        self.help = help
    }

    /// The name and its aliases: everything that names this option on the command line.
    var names: [String] { [name] + aliases }

    /// Whether the option takes a value.
    var takesValue: Bool { kind != .flag }

    /// `-h, --help`: the built-in option every command has.
    static let help = OptionDeclaration("--help", aliases: ["-h"], .flag, help: "Show this help.")
}

/// A word a command takes that is no option: `LAYOUT` and `DIR` of `kbdsim export`.
struct PositionalDeclaration: Sendable {
    /// Its name in the usage line: `LAYOUT`, `TEST.xml`.
    let name: String
    /// Whether it may be left out (`[DIR]`).
    let isOptional: Bool
    /// Whether it takes every further argument that is no option (`LOG.json …` of
    /// `kbdsim calibrate`); only the last positional may.
    let isRepeated: Bool

    init(_ name: String, optional: Bool = false, repeated: Bool = false) {
        self.name = name
        self.isOptional = optional
        self.isRepeated = repeated
    }
}
