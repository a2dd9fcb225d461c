import LayoutCore

/// Why a typing-test log (or a model file) cannot be used: the file, where in it (a JSON path
/// like `phrases[3].touches[5].down.t` and a line:column), what was expected and how to fix it.
///
/// It prints as compilers do: `a.json:12:7: phrases[0].block: expected "practice" or "test",
/// found "tset"; fix: …`.
public struct TypingLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem, for programs and tests.
    public enum Kind: String, Sendable, Equatable {
        /// The file cannot be read.
        case unreadable
        /// The bytes are not UTF-8.
        case invalidUTF8
        /// Not JSON.
        case syntax
        /// JSON that breaks a rule of the schema.
        case schema
        /// Another format or version.
        case version
        /// A reference to something the log does not have (a layout id, a key).
        case reference
        /// A valid log with nothing to fit: no touches, or no test-block phrases.
        case empty
    }

    public var kind: Kind
    /// The file as given.
    public var file: String
    /// The JSON path of the value at fault; empty for the whole file.
    public var path: String
    /// Where the value is, when known.
    public var location: SourcePosition?
    /// What was expected and what was found.
    public var message: String
    /// What to do about it.
    public var fix: String

    public init(
        _ kind: Kind, file: String, path: String = "", location: SourcePosition? = nil, message: String,
        fix: String = ""
    ) {
        self.kind = kind
        self.file = file
        self.path = path
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// `FILE:LINE:COLUMN: PATH: MESSAGE; FIX`.
    public var description: String {
        var text = file
        if let location { text += ":\(location)" }
        text += ": "
        if !path.isEmpty { text += "\(path): " }
        text += message
        if !fix.isEmpty { text += "; \(fix)" }
        return text
    }
}
