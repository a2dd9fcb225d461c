/// A command line as the scanner read it: each option given, by its declared name, with its
/// values, in order; the positional arguments; and whether help was asked for. A command's
/// options value is made from it.
struct ParsedArguments: Equatable, Sendable {
    /// One option as given: its declared name (never an alias) and its values (none for a flag).
    struct Occurrence: Equatable, Sendable {
        let name: String
        let values: [String]
    }

    var occurrences: [Occurrence] = []
    var positionals: [String] = []
    /// `-h` or `--help` was given.
    var helpRequested = false

    /// Whether the option named `name` was given.
    func has(_ name: String) -> Bool { occurrences.contains { $0.name == name } }

    /// How many times the option named `name` was given.
    func count(_ name: String) -> Int { occurrences.count { $0.name == name } }

    /// The option's value; the last one when it was given more than once.
    func value(_ name: String) -> String? { occurrences.last { $0.name == name }?.values.last }

    /// Every value of the option, in the order given (`--corpus a b --corpus c`: a, b, c).
    func values(_ name: String) -> [String] { occurrences.filter { $0.name == name }.flatMap(\.values) }
}
