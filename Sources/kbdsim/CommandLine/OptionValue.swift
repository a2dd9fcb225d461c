/// Checks of option values the declarations cannot express (numbers in a range), with one
/// wording for every command: `invalid value 'x' for '--name': expected …`.
enum OptionValue {
    /// `invalid value 'VALUE' for 'NAME': EXPECTATION`.
    static func invalid(_ value: String, for name: String, _ expectation: String) -> UsageError {
        UsageError("invalid value '\(value)' for '\(name)': \(expectation)")
    }

    /// `text` as a number within `range`; `what` names the kind in the message ("a whole number").
    static func number<T: LosslessStringConvertible & Comparable>(
        _ text: String, for name: String, in range: ClosedRange<T>, what: String = "a number"
    ) throws(UsageError) -> T {
        guard let value = T(text), range.contains(value) else {
            throw invalid(text, for: name, "expected \(what) from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
