import Foundation

/// Writes a command's usage line and `--help` from its `CommandConfiguration`: the usage line
/// from the declarations (required options, positional arguments, then the others in
/// brackets), the option list from their placeholders, defaults and help texts.
enum HelpFormatter {
    /// The widest a usage line gets before it goes on under the first option.
    static let usageWidth = 100
    /// The widest the name column of the option list gets; a longer name puts its
    /// explanation on the next line.
    static let maximumNameColumn = 26
    /// The widest an explanation line gets with the default added to it.
    static let explanationWidth = 72

    /// `usage: kbdsim export --format keyman|ldml|xkb LAYOUT [DIR] [-o FILE]`.
    static func usage(_ configuration: CommandConfiguration) -> String {
        let required = configuration.options.filter(\.isRequired).map(usageWord)
        let positionals = configuration.positionals.map { positional in
            let name = positional.name + (positional.isRepeated ? " …" : "")
            return positional.isOptional ? "[\(name)]" : name
        }
        let optional = configuration.options.filter { !$0.isRequired }.map { "[\(usageWord($0))]" }
        let start = "usage: \(configuration.displayName)"
        let indent = String(repeating: " ", count: start.count + 1)
        var lines = [start]
        for word in required + positionals + optional {
            if lines[lines.count - 1].count + 1 + word.count > usageWidth, lines[lines.count - 1] != start {
                lines.append(indent + word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        let under = String(repeating: " ", count: "usage: ".count)
        return (lines + configuration.additionalUsage.map { under + $0 }).joined(separator: "\n")
    }

    /// The whole `--help` text.
    static func help(_ configuration: CommandConfiguration) -> String {
        var parts: [String] = []
        if !configuration.abstract.isEmpty { parts.append(configuration.abstract) }
        parts.append(usage(configuration))
        if !configuration.overview.isEmpty { parts.append(configuration.overview) }
        parts.append("Options:\n" + optionList(configuration.options + [LayoutsDirectoryOption.declaration, .help]))
        if !configuration.discussion.isEmpty { parts.append(configuration.discussion) }
        return parts.joined(separator: "\n\n")
    }

    /// One entry per option: its names and placeholder, then its explanation in a column.
    static func optionList(_ options: [OptionDeclaration]) -> String {
        let labels = options.map(label)
        let column = min(maximumNameColumn, (labels.map(\.count).max() ?? 0) + 2 + 2)
        var lines: [String] = []
        for (option, label) in zip(options, labels) {
            var explanation = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let value = option.defaultValue {
                let note = "(default: \(value))"
                if let last = explanation.last, last.count + 1 + note.count <= explanationWidth {
                    explanation[explanation.count - 1] += " " + note
                } else {
                    explanation.append(note)
                }
            }
            let padded = "  " + label
            if padded.count + 1 > column {
                lines.append(padded)
            } else {
                lines.append(padded.padding(toLength: column, withPad: " ", startingAt: 0) + explanation.removeFirst())
            }
            let indent = String(repeating: " ", count: column)
            lines += explanation.map { indent + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// `-o, --output FILE.json`, `--corpus FILE...`, `--detail`.
    static func label(_ option: OptionDeclaration) -> String {
        let names =
            (option.aliases.filter { !$0.hasPrefix("--") } + [option.name]
            + option.aliases.filter { $0.hasPrefix("--") }).joined(separator: ", ")
        switch option.kind {
        case .flag: return names
        case .values: return "\(names) \(option.placeholder)..."
        case .value, .choice: return "\(names) \(option.placeholder)"
        }
    }

    /// The option in the usage line: `-o FILE`, `--model one-finger|two-thumb`, `--corpus FILE ...`.
    static func usageWord(_ option: OptionDeclaration) -> String {
        let name = option.aliases.first { !$0.hasPrefix("--") } ?? option.name
        switch option.kind {
        case .flag: return name
        case .value: return "\(name) \(option.placeholder)"
        case .values: return "\(name) \(option.placeholder) ..."
        case .choice(let choices): return "\(name) \(choices.joined(separator: "|"))"
        }
    }
}
