import LayoutEngine

/// A command line `kbdsim` cannot run: the message, printed with the usage line, exit 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The simulator's options, parsed the way swift-argument-parser would: `--name value` or
/// `--name=value`, unknown options answered with the nearest known one.
struct SimulatorOptions: Equatable {
    var layout = "hu-touch"
    var listLayouts = false
    var help = false
    var backspace: BackspacePolicy?
    var noColor = false
    var keys: String?
    var text: String?
    var trace = false
    var geometry = DeviceGeometry.portrait
    /// The XKB layout of the keyboard typed on (`xkb:hu`), when not a US one.
    var physical: String?

    static let usage =
        "usage: kbdsim [--layout <id-or-file>] [--geometry portrait|landscape|tablet|WxP]\n"
        + "              [--backspace accent|grapheme] [--physical <xkb-layout>] [--no-color]\n"
        + "              [--keys <names> | --text <text>] [--trace] [--list-layouts] [--help]\n"
        + "       kbdsim compare …\n"
        + "       kbdsim ibus install|uninstall|--engine   (the IBus input method; kbdsim ibus --help)\n"
        + "       kbdsim test-keyboard TEST.xml [--keyboard KEYBOARD.xml]\n"
        + "       kbdsim export --format keyman|ldml|xkb LAYOUT [DIR] [-o FILE]\n"
        + "       kbdsim optimize --layout ID [--corpus FILE] [--vary accents|long-press|letters|all] …"

    /// Options that take a value, and flags.
    static let valued = ["--layout", "--backspace", "--keys", "--text", "--geometry", "--physical"]
    static let flags = ["--list-layouts", "--help", "--no-color", "--trace"]

    /// Parses the arguments after the executable's name.
    static func parse(_ arguments: [String]) throws(UsageError) -> SimulatorOptions {
        var options = SimulatorOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            if valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(message: "missing value for '\(name)'")
                }
                try options.set(name, value)
            } else if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "'\(name)' takes no value") }
                switch name {
                case "--list-layouts": options.listLayouts = true
                case "--help": options.help = true
                case "--no-color": options.noColor = true
                default: options.trace = true
                }
            } else if argument.hasPrefix("-") && argument.count > 1 {
                let suggestion = nearest(to: name, in: valued + flags).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(suggestion)")
            } else {
                let hint = argument == "compare" ? "" : "; give a layout with --layout \(argument)"
                throw UsageError(message: "unexpected argument '\(argument)'\(hint)")
            }
        }
        if options.keys != nil && options.text != nil {
            throw UsageError(message: "'--keys' and '--text' cannot be used together")
        }
        return options
    }

    private mutating func set(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "--layout":
            guard !value.isEmpty else { throw UsageError(message: "'--layout' needs a layout id or a file path") }
            layout = value
        case "--backspace":
            guard let policy = BackspacePolicy(rawValue: value) else {
                let values = BackspacePolicy.allCases.map(\.rawValue)
                let suggestion = Self.nearest(to: value, in: values).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(
                    message: "invalid value '\(value)' for '--backspace'\(suggestion) (expected accent or grapheme)")
            }
            backspace = policy
        case "--keys": keys = value
        case "--physical":
            guard !value.isEmpty else { throw UsageError(message: "'--physical' needs an XKB layout (hu, xkb:de)") }
            physical = value.hasPrefix("xkb:") ? value : "xkb:" + value
        case "--geometry":
            guard let geometry = DeviceGeometry(value) else {
                if let problem = DeviceGeometry.sizeProblem(value) {
                    throw UsageError(message: "invalid value '\(value)' for '--geometry': \(problem)")
                }
                let suggestion =
                    Self.nearest(to: value, in: DeviceGeometry.names).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(
                    message: "invalid value '\(value)' for '--geometry'\(suggestion) "
                        + "(expected portrait, landscape, tablet or WIDTHxPITCH in mm)")
            }
            self.geometry = geometry
        default: text = value
        }
    }

    /// The nearest candidate by edit distance, when near enough to suggest.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        return candidates.map { ($0, NameSuggestion.editDistance(word, $0)) }.filter { $0.1 <= limit }.min {
            $0.1 < $1.1
        }?.0
    }

}
