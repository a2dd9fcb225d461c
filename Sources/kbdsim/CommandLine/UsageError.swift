import LayoutEngine

/// A command line a `kbdsim` command cannot run: the message, printed after
/// `kbdsim COMMAND: error: ` and followed by the usage line; the exit status is
/// `ExitStatus.usage` (64).
///
/// Names and values the user typed are quoted with single quotes, as in
/// `unknown option '--lyout'; did you mean '--layout'?`.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }

    /// `; did you mean 'x'?` when `word` is near one of `candidates`, else nothing.
    static func suggestion(_ word: String, in candidates: [String]) -> String {
        NameSuggestion.nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// `a`, `a or b`, `a, b or c`: the names a value may take, for a message.
    static func alternatives(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `invalid value 'x' for '--name'; did you mean 'y'? (expected a, b or c)`.
    static func invalidChoice(_ value: String, for name: String, choices: [String]) -> UsageError {
        UsageError(
            "invalid value '\(value)' for '\(name)'\(suggestion(value, in: choices)) "
                + "(expected \(alternatives(choices)))")
    }
}
