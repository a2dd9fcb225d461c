import Foundation

extension TypingSession {
    /// What is wrong with the session's state, if anything; empty when it is consistent.
    /// Tests and fuzzers call this after every event.
    ///
    /// Checks that the context is NFD (against Foundation's normalization, so keep test
    /// contexts short), that the chosen layer exists, and that the record of the host's own
    /// scalars stands for a part of the context that exists and has the same NFD.
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
        if hostText.contextCount > context.count {
            problems.append(
                "the host's text stands for \(hostText.contextCount) scalars of a \(context.count)-scalar context")
        } else if hostText.contextCount > 0 {
            let hostNFD = String(String.UnicodeScalarView(hostText.scalars)).decomposedStringWithCanonicalMapping
            if Array(hostNFD.unicodeScalars) != Array(context[..<hostText.contextCount]) {
                problems.append("the host's text \(hostText.scalars.map(\.codePointName)) is not the context's start")
            }
        }
        return problems
    }
}
