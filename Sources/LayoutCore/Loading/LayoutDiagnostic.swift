/// One problem found in a layout file: where, what, and how to fix it.
///
/// Prints in the compiler's format, with a stable code:
/// `Layouts/x.json:12:31: layers[0].rows[1].keys[9].accent: error: unknown accent "acutee"; did you mean "acute"? [KBD-E205]`
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The layout cannot be used.
        case error
        /// The layout works, but something looks unintended.
        case warning
    }

    /// Stable codes, documented in `Layouts/README.md`.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        case unreadableFile = "KBD-E100"
        case invalidUTF8 = "KBD-E101"
        case invalidJSON = "KBD-E102"
        case duplicateJSONKey = "KBD-E103"
        /// A layout id that names no shipped layout, file or known source.
        case unknownLayout = "KBD-E104"
        case missingField = "KBD-E200"
        case wrongType = "KBD-E201"
        case unknownField = "KBD-E202"
        case newerFormatVersion = "KBD-E203"
        case idMismatch = "KBD-E204"
        case unknownName = "KBD-E205"
        case outOfRange = "KBD-E206"
        case duplicate = "KBD-E207"
        case missingBaseLayer = "KBD-E208"
        case longPressDefaultNotListed = "KBD-E209"
        case notOneGrapheme = "KBD-E210"
        case rowTooWide = "KBD-E211"
        case shiftLayerMismatch = "KBD-E212"
        case accentMismatch = "KBD-E213"
        case conflictingFields = "KBD-E214"
        /// An `xkb:` layout that libxkbcommon could not make (unknown layout or variant,
        /// missing xkeyboard-config or Compose file).
        case xkbLayout = "KBD-E300"
        /// A `kmx:` or `m17n:` peer layout that its engine could not load.
        case peerLayout = "KBD-E301"
        /// A CLDR keyboard3 file (`.xml`, `cldr:ID`) that did not load; the message carries
        /// the keyboard's own diagnostic code (`ldml.unknown-key`, …) and fix.
        case ldmlKeyboard = "KBD-E302"
        case unreachableLayer = "KBD-W300"
    }

    /// Error or warning.
    public let severity: Severity
    /// The stable code.
    public let code: Code
    /// The file, as the caller named it.
    public let file: String
    /// Line and column of the offending value, when the file could be parsed that far.
    public let location: SourcePosition?
    /// The JSON path of the offending value (`layers[0].rows[1].keys[9].accent`); empty for the whole file.
    public let path: String
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ code: Code, file: String, location: SourcePosition?, path: String,
        message: String
    ) {
        self.severity = severity
        self.code = code
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    public var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        let pathPart = path.isEmpty ? "" : " \(path):"
        let prefix = place.isEmpty && path.isEmpty ? "" : "\(place):\(pathPart) "
        return "\(prefix)\(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}

/// A layout file that could not be loaded, with every problem found in it.
public struct LayoutLoadError: Error, Sendable, CustomStringConvertible {
    /// All problems, errors and warnings, in file order.
    public let diagnostics: [LayoutDiagnostic]

    /// Creates the error.
    public init(diagnostics: [LayoutDiagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map { $0.description }.joined(separator: "\n") }
}

/// The nearest of `candidates` to `word` by edit distance, when near enough to suggest.
func nearest(to word: String, in candidates: [String]) -> String? {
    NameSuggestion.nearest(to: word, in: candidates)
}

/// " did you mean "x"?" or nothing.
func didYouMean(_ word: String, _ candidates: [String]) -> String {
    nearest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
}

extension String {
    /// "a number", "an array", "null": a JSON kind name for messages.
    var withArticle: String {
        if self == "null" { return self }
        return (first.map { "aeiou".contains($0) } == true ? "an " : "a ") + self
    }
}
