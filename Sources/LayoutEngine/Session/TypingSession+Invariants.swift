import Foundation

extension TypingSession {
    /// What is wrong with the session's state, if anything; empty when it is consistent.
    /// Tests and fuzzers call this after every event.
    ///
    /// Checks that the context is NFD (against Foundation's normalization, so keep test
    /// contexts short), and that the chosen layer exists.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        if state.layer < 0 || state.layer >= layout.layers.count {
            problems.append("chosen layer \(state.layer) does not exist")
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: context)
        let expected = Array(String(view).decomposedStringWithCanonicalMapping.unicodeScalars)
        if expected != context {
            problems.append(
                "context is not NFD: \(context.map(\.codePointName)) should be \(expected.map(\.codePointName))")
        }
        return problems
    }
}
