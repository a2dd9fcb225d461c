/// One problem found in a layout: a JSON layout file or a CLDR keyboard3 file (the one
/// diagnostic of both loaders): severity, a stable code, where (file, line and column, the
/// JSON or element path), what is wrong and how to fix it.
///
/// Prints in the compiler's format, place first and severity next, so editors link it:
/// `Layouts/x.json:12:31: error: layers[0].rows[1].keys[9].accent: unknown accent "acutee"; did you mean "acute"? [KBD-E205]`
/// or, with a separate fix,
/// `k.xml:12:5: error: keyboard3/keys/key[3]: unknown key "a-grav" in longPressKeyIds [ldml.unknown-key]; fix: define <key id="a-grav"> or correct the id`.
/// Every code is listed in `docs/diagnostics.md`.
public struct LayoutDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The layout cannot be used.
        case error
        /// The layout works, but something looks unintended.
        case warning
    }

    /// A stable code: `KBD-E…`/`KBD-W…` for JSON layouts and layout ids, `ldml.…` for
    /// keyboard3 files (`LDMLKeyboards`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The code as printed (`KBD-E205`, `ldml.unknown-key`).
        public let rawValue: String

        /// A code from its printed form.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A code written as a literal (`"ldml.unknown-key"`).
        public init(stringLiteral rawValue: String) { self.rawValue = rawValue }

        init(_ rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        public static let unreadableFile = Code("KBD-E100")
        public static let invalidUTF8 = Code("KBD-E101")
        public static let invalidJSON = Code("KBD-E102")
        public static let duplicateJSONKey = Code("KBD-E103")
        /// A layout id that names no shipped layout, file or known source.
        public static let unknownLayout = Code("KBD-E104")
        public static let missingField = Code("KBD-E200")
        public static let wrongType = Code("KBD-E201")
        public static let unknownField = Code("KBD-E202")
        public static let newerFormatVersion = Code("KBD-E203")
        public static let idMismatch = Code("KBD-E204")
        public static let unknownName = Code("KBD-E205")
        public static let outOfRange = Code("KBD-E206")
        public static let duplicate = Code("KBD-E207")
        public static let missingBaseLayer = Code("KBD-E208")
        public static let longPressDefaultNotListed = Code("KBD-E209")
        public static let notOneGrapheme = Code("KBD-E210")
        public static let rowTooWide = Code("KBD-E211")
        public static let shiftLayerMismatch = Code("KBD-E212")
        public static let accentMismatch = Code("KBD-E213")
        public static let conflictingFields = Code("KBD-E214")
        /// An `xkb:` layout that libxkbcommon could not make (unknown layout or variant,
        /// missing xkeyboard-config or Compose file).
        public static let xkbLayout = Code("KBD-E300")
        /// A `kmx:` or `m17n:` peer layout that its engine could not load.
        public static let peerLayout = Code("KBD-E301")
        /// A CLDR keyboard3 file (`.xml`, `cldr:ID`) that did not load; the message carries
        /// the keyboard's own diagnostic code (`ldml.unknown-key`, …) and fix.
        public static let ldmlKeyboard = Code("KBD-E302")
        public static let unreachableLayer = Code("KBD-W300")

        /// The codes of JSON layouts and layout ids, in the order of `docs/diagnostics.md`.
        public static let layoutCodes: [Code] = [
            unreadableFile, invalidUTF8, invalidJSON, duplicateJSONKey, unknownLayout, missingField, wrongType,
            unknownField, newerFormatVersion, idMismatch, unknownName, outOfRange, duplicate, missingBaseLayer,
            longPressDefaultNotListed, notOneGrapheme, rowTooWide, shiftLayerMismatch, accentMismatch,
            conflictingFields, xkbLayout, peerLayout, ldmlKeyboard, unreachableLayer,
        ]
    }

    /// Error or warning.
    public let severity: Severity
    /// The stable code.
    public let code: Code
    /// The file, as the caller named it.
    public let file: String
    /// Line and column of the offending value, when the file could be parsed that far.
    public let location: SourcePosition?
    /// The path of the offending value: JSON (`layers[0].rows[1].keys[9].accent`) or XML
    /// (`keyboard3/keys/key[3]`); empty for the whole file.
    public let path: String
    /// What is wrong (a JSON layout's message says the fix too: "did you mean …").
    public let message: String
    /// How to fix it, when said apart from the message (keyboard3 files).
    public let fix: String?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ code: Code, file: String, location: SourcePosition?, path: String,
        message: String, fix: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.file = file
        self.location = location
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// The 1-based line of the offending value, 0 when unknown.
    public var line: Int { location?.line ?? 0 }
    /// The 1-based column of the offending value, 0 when unknown.
    public var column: Int { location?.column ?? 0 }

    /// `file:line:column: severity: path: message [code]; fix: …`, without the line and
    /// column when unknown, without the path when there is none, without the fix when the
    /// message says it.
    public var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        let prefix = place.isEmpty ? "" : place + ": "
        let pathPart = path.isEmpty ? "" : path + ": "
        let fixPart = fix.map { "; fix: " + $0 } ?? ""
        return "\(prefix)\(severity.rawValue): \(pathPart)\(message) [\(code.rawValue)]\(fixPart)"
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
