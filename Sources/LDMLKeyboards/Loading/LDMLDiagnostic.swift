/// A problem found in a keyboard3 file: where (file, line, column, element path), a stable
/// code, what is wrong and how to fix it.
///
/// ```
/// k.xml:12:5: error: keyboard3/keys/key[3]: unknown key "a-grav" in longPressKeyIds [ldml.unknown-key]; fix: define <key id="a-grav"> or correct the id
/// ```
public struct LDMLDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable {
        /// The keyboard cannot be used.
        case error
        /// The keyboard works, but probably not as meant.
        case warning
    }

    /// The file (as given to the loader).
    public let file: String
    /// The 1-based line and column of the element (0 when unknown).
    public let line: Int
    public let column: Int
    /// The element's path, e.g. `keyboard3/keys/key[3]`.
    public let path: String
    /// A stable identifier of the kind of problem, e.g. `ldml.unknown-key`.
    public let code: String
    /// What is wrong.
    public let message: String
    /// How to fix it.
    public let fix: String
    /// Error or warning.
    public let severity: Severity

    /// Creates a diagnostic.
    public init(
        file: String, line: Int, column: Int, path: String, code: String, message: String, fix: String,
        severity: Severity = .error
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.code = code
        self.message = message
        self.fix = fix
        self.severity = severity
    }

    /// `file:line:column: severity: path: message [code]; fix: …`, without the line and
    /// column when they are unknown (0) and without the path when there is none (a file
    /// that cannot be read, XML that does not parse).
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        let element = path.isEmpty ? "" : "\(path): "
        return "\(place): \(severity.rawValue): \(element)\(message) [\(code)]; fix: \(fix)"
    }
}

/// Why a keyboard3 file did not load: every error found, each with its place.
public struct LDMLLoadError: Error, Sendable, CustomStringConvertible {
    /// The problems (at least one error).
    public let diagnostics: [LDMLDiagnostic]

    /// Creates the error.
    public init(diagnostics: [LDMLDiagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Where an element sits, for diagnostics: file, line, column and path.
struct SourcePlace: Sendable {
    var file: String
    var line: Int
    var column: Int
    var path: String

    init(file: String, node: XMLNode, path: String) {
        self.file = file
        self.line = node.line
        self.column = node.column
        self.path = path
    }

    init(file: String, line: Int, column: Int, path: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    func child(_ node: XMLNode, index: Int? = nil) -> SourcePlace {
        SourcePlace(
            file: file, node: node, path: path + "/" + node.name + (index.map { "[\($0 + 1)]" } ?? ""))
    }
}

/// Collects diagnostics while a keyboard loads.
struct DiagnosticSink: Sendable {
    var diagnostics: [LDMLDiagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ place: SourcePlace, _ code: String, _ message: String, fix: String) {
        diagnostics.append(
            LDMLDiagnostic(
                file: place.file, line: place.line, column: place.column, path: place.path, code: "ldml." + code,
                message: message, fix: fix))
    }

    mutating func warning(_ place: SourcePlace, _ code: String, _ message: String, fix: String) {
        diagnostics.append(
            LDMLDiagnostic(
                file: place.file, line: place.line, column: place.column, path: place.path, code: "ldml." + code,
                message: message, fix: fix, severity: .warning))
    }
}
