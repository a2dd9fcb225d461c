import LayoutEngine

/// The checks the fuzz targets run on one input, shared by the libFuzzer targets in `Fuzz/`
/// and by the regression tests that replay the inputs fuzzing once found. Each returns the
/// problems found; empty means the input was handled as it should be.
public enum FuzzChecks {
    /// Arbitrary bytes as a layout file: a rejection carries at least one error, every
    /// diagnostic names its place, and a layout that loads can be typed on.
    public static func layoutLoader(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let result = LayoutLoader.read(bytes: bytes, file: "fuzz.json", expectedID: nil)
        let errors = result.diagnostics.filter { $0.severity == .error }
        if result.layout == nil, errors.isEmpty { problems.append("rejected without an error diagnostic") }
        if result.layout != nil, !errors.isEmpty { problems.append("accepted a layout with errors: \(errors)") }
        for diagnostic in result.diagnostics where diagnostic.location == nil || diagnostic.message.isEmpty {
            problems.append("diagnostic without a place or message: \(diagnostic)")
        }
        if let layout = result.layout {
            var session = TypingSession(layout: layout)
            var host = TextBuffer()
            for index in layout.keys.indices { host.apply(session.handle(.tap(KeyID(index)))) }
            problems += session.invariantViolations()
            if host.scalars != Array(session.text.unicodeScalars) {
                problems.append("host text differs from the session's")
            }
        }
        return problems
    }
}
