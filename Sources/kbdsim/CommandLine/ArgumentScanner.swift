/// Reads a command line by a command's declarations: `--name value`, `--name=value`, aliases,
/// `-h`/`--help`, several values (`--corpus A B C`), fixed choices, and positional arguments.
///
/// Errors, all `UsageError`s: an unknown option (with the nearest declared name, if near),
/// a missing value, a flag given a value, a value not among the choices (with the nearest
/// one), a required option or positional argument missing, a positional argument too many.
///
/// A value follows its option as the next argument unless that starts with `--`
/// (then the value is missing; give it as `--name=--value`). `-` alone and `-1` are values.
struct ArgumentScanner {
    let options: [OptionDeclaration]
    let positionals: [PositionalDeclaration]
    /// The end of the message for an argument that is no option where none is taken, given
    /// the argument: `; give a corpus with --corpus hu.txt`.
    let strayHint: @Sendable (String) -> String

    init(
        options: [OptionDeclaration], positionals: [PositionalDeclaration] = [],
        strayHint: @escaping @Sendable (String) -> String = { _ in "" }
    ) {
        self.options = options + [.help]
        self.positionals = positionals
        self.strayHint = strayHint
    }

    /// The declaration named `name` (its name or an alias).
    func declaration(named name: String) -> OptionDeclaration? {
        options.first { $0.names.contains(name) }
    }

    /// Reads `arguments` (those after the command's name).
    func scan(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard Self.looksLikeOption(argument) else {
                guard parsed.positionals.count < positionals.count || positionals.last?.isRepeated == true else {
                    throw UsageError("unexpected argument '\(argument)'\(strayHint(argument))")
                }
                parsed.positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let declaration = declaration(named: name) else {
                let names = options.flatMap(\.names) + ArgumentScanner.globalNames
                throw UsageError("unknown option '\(name)'\(UsageError.suggestion(name, in: names))")
            }
            if declaration.name == OptionDeclaration.help.name {
                guard inlineValue == nil else { throw UsageError("'\(name)' takes no value") }
                parsed.helpRequested = true
                continue
            }
            let values = try Self.values(for: declaration, as: name, inlineValue, arguments, &index)
            parsed.occurrences.append(ParsedArguments.Occurrence(name: declaration.name, values: values))
        }
        guard !parsed.helpRequested else { return parsed }
        if let missing = options.first(where: { $0.isRequired && !parsed.has($0.name) }) {
            throw UsageError("missing '\(missing.name)'")
        }
        let required = positionals.filter { !$0.isOptional }
        if parsed.positionals.count < required.count {
            throw UsageError("missing argument \(required[parsed.positionals.count].name)")
        }
        return parsed
    }

    /// The names taken out before any command reads its arguments (`--layouts-dir`), for
    /// "did you mean".
    static let globalNames = LayoutsDirectoryOption.declaration.names

    /// Takes every `declaration` option out of `arguments`, wherever it is: its values, and
    /// the arguments left. For options every command takes, read before the command is known.
    static func extract(
        _ declaration: OptionDeclaration, from arguments: [String]
    ) throws(UsageError) -> (values: [String], rest: [String]) {
        var values: [String] = []
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let (name, inlineValue) = split(argument)
            guard looksLikeOption(argument), declaration.names.contains(name) else {
                rest.append(argument)
                continue
            }
            values += try Self.values(for: declaration, as: name, inlineValue, arguments, &index)
        }
        return (values, rest)
    }

    /// Whether `argument` is an option (`-o`, `--name`, `--name=value`), not a value such as
    /// `-` (standard input) or a negative number.
    static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil
    }

    /// `--name=value` as the name and the value; any other argument as itself and no value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The values of one option given as `name`, read from after `index` (moved past them).
    private static func values(
        for declaration: OptionDeclaration, as name: String, _ inlineValue: String?, _ arguments: [String],
        _ index: inout Int
    ) throws(UsageError) -> [String] {
        guard declaration.takesValue else {
            guard inlineValue == nil else { throw UsageError("'\(name)' takes no value") }
            return []
        }
        var values: [String]
        if let inlineValue {
            values = [inlineValue]
        } else if index < arguments.count, !arguments[index].hasPrefix("--") {
            values = [arguments[index]]
            index += 1
            if declaration.kind == .values {
                while index < arguments.count, !looksLikeOption(arguments[index]) {
                    values.append(arguments[index])
                    index += 1
                }
            }
        } else {
            throw UsageError("missing value for '\(name)'")
        }
        if case .choice(let choices) = declaration.kind, let value = values.first, !choices.contains(value) {
            throw UsageError.invalidChoice(value, for: name, choices: choices)
        }
        return values
    }
}
