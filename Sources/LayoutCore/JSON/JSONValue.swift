/// A position in a source text: 1-based line and column (column counts Unicode scalars),
/// 0-based byte offset.
///
/// Lines end at LF, CRLF or a lone CR. A UTF-8 byte order mark at the very start of the text
/// is not counted as a column.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int
    /// The 0-based offset in bytes from the start of the text.
    public var offset: Int

    /// Creates a location from its line, column and byte offset.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The location as `line:column`, the form editors and compilers use in diagnostics.
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value together with where it starts in the source.
public struct JSONNode: Sendable {
    /// The value itself.
    public var value: JSONValue
    /// Where the value's first character is in the source.
    public var location: SourcePosition

    /// Creates a node from a value and its location.
    public init(value: JSONValue, location: SourcePosition) {
        self.value = value
        self.location = location
    }
}

/// A JSON value. Nested values are ``JSONNode``s, so every value keeps its source location.
public enum JSONValue: Sendable {
    /// An object; members in source order. Duplicate keys are kept (the parser reports them
    /// separately, the loader decides what to do with them).
    case object([JSONMember])
    /// An array of elements in source order.
    case array([JSONNode])
    /// A string, with escapes decoded.
    case string(String)
    /// A number. JSON does not distinguish integers from floating-point numbers.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The kind of value in words: "object", "array", "string", "number", "boolean" or "null",
    /// for messages like `expected a string, found an array`.
    public var kindName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable {
    /// The member name, with escapes decoded.
    public var key: String
    /// Where the key's opening quote is in the source.
    public var keyLocation: SourcePosition
    /// The member's value.
    public var value: JSONNode

    /// Creates a member from its key, the key's location and its value.
    public init(key: String, keyLocation: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A syntax error in a JSON document: what went wrong and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A short message saying what was expected and what was found.
    public var message: String
    /// The location of the offending character.
    public var location: SourcePosition

    /// Creates an error from a message and a location.
    public init(message: String, location: SourcePosition) {
        self.message = message
        self.location = location
    }

    /// The error as `line:column: message`.
    public var description: String { "\(location): \(message)" }
}

extension JSONNode {
    /// The value of the member named `key` (its first occurrence), or nil if this node is not an
    /// object or has no such member.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}
