import LayoutEngine

/// A problem found in a keyboard3 file: the one diagnostic of both loaders
/// (`LayoutDiagnostic`), with an `ldml.…` code, the element path and a fix.
///
/// ```
/// k.xml:12:5: error: keyboard3/keys/key[3]: unknown key "a-grav" in longPressKeyIds [ldml.unknown-key]; fix: define <key id="a-grav"> or correct the id
/// ```
public typealias LDMLDiagnostic = LayoutDiagnostic

extension LayoutDiagnostic {
    /// A keyboard3 diagnostic: `line` and `column` 1-based, 0 when unknown (a file that
    /// cannot be read); `code` as printed (`ldml.unknown-key`).
    public init(
        file: String, line: Int, column: Int, path: String, code: String, message: String, fix: String,
        severity: Severity = .error
    ) {
        self.init(
            severity, Code(rawValue: code), file: file,
            location: line > 0 ? SourcePosition(line: line, column: column, offset: 0) : nil, path: path,
            message: message, fix: fix)
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
        assert(
            LayoutDiagnostic.Code.ldmlCodes.contains(LayoutDiagnostic.Code(rawValue: "ldml." + code)),
            "ldml.\(code) is not in the registry")
        diagnostics.append(
            LDMLDiagnostic(
                file: place.file, line: place.line, column: place.column, path: place.path, code: "ldml." + code,
                message: message, fix: fix))
    }

    mutating func warning(_ place: SourcePlace, _ code: String, _ message: String, fix: String) {
        assert(
            LayoutDiagnostic.Code.ldmlCodes.contains(LayoutDiagnostic.Code(rawValue: "ldml." + code)),
            "ldml.\(code) is not in the registry")
        diagnostics.append(
            LDMLDiagnostic(
                file: place.file, line: place.line, column: place.column, path: place.path, code: "ldml." + code,
                message: message, fix: fix, severity: .warning))
    }
}
