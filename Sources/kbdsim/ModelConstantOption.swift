import LayoutEngine
import TypingEfficiency

/// `--set NAME=VALUE`, as compare and optimize read it: one model constant, in seconds.
enum ModelConstantOption {
    static let declaration = OptionDeclaration(
        "--set", .value, placeholder: "NAME=VALUE",
        help: "override a model constant (one-finger.a, one-finger.b, thumb.a,\n"
            + "thumb.b, two-thumb.floor, hold.ios, hold.android, per-keystroke,\n"
            + "one-thumb.a, one-thumb.b, accent.extra), in seconds from 0 to 60;\n"
            + "repeat it for more")

    /// Sets the constant `assignment` (`thumb.a=0.2`) names in `constants`.
    /// - Throws: `UsageError` for a value that is no number of seconds from 0 to 60, or an
    ///   unknown name (with the nearest known one).
    static func apply(_ assignment: String, to constants: inout ModelConstants) throws(UsageError) {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let number = Double(parts[1]), number.isFinite, (0...60).contains(number) else {
            throw OptionValue.invalid(
                assignment, for: "--set", "expected NAME=VALUE with a number of seconds from 0 to 60")
        }
        guard constants.set(parts[0], to: number) else {
            let names = constants.named.map(\.name)
            throw UsageError(
                "unknown constant '\(parts[0])' in '--set'\(UsageError.suggestion(parts[0], in: names)) "
                    + "(\(names.joined(separator: ", ")))")
        }
    }
}
