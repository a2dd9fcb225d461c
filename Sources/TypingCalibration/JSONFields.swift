import LayoutCore

/// The members of one JSON object of a file being checked against a schema by hand: every
/// accessor checks a rule (type, range, enum) and throws a `TypingLogError` naming the
/// member's JSON path and line:column.
struct JSONFields {
    let members: [JSONMember]
    let node: JSONNode
    let path: String
    let file: String
    let kind: String

    /// The object at `node`, checked for required members and members the schema does not know.
    /// `kind` names the object in messages ("a touch").
    /// `open`: any member name is allowed (an object used as a map, like a model file's constants).
    init(
        _ node: JSONNode, path: String, file: String, kind: String, required: [String], optional: [String] = [],
        open: Bool = false
    ) throws(TypingLogError) {
        guard case .object(let members) = node.value else {
            throw TypingLogError(
                .schema, file: file, path: path, location: node.location,
                message: "expected \(kind) (an object), found \(Self.describe(node.value))")
        }
        self.members = members
        self.node = node
        self.path = path
        self.file = file
        self.kind = kind
        for member in members where !open && !required.contains(member.key) && !optional.contains(member.key) {
            throw TypingLogError(
                .schema, file: file, path: join(member.key), location: member.keyLocation,
                message: "unknown field '\(member.key)' in \(kind)",
                fix: "remove it (\(kind) has \((required + optional).joined(separator: ", ")))")
        }
        for name in required where !members.contains(where: { $0.key == name }) {
            throw TypingLogError(
                .schema, file: file, path: path, location: node.location,
                message: "\(kind) has no '\(name)'", fix: "add '\(name)', which version 1 requires")
        }
    }

    /// `path.key`, or `key` at the top.
    func join(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The member `key`, if present.
    func node(_ key: String) -> JSONNode? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The largest magnitude a number of a log or model file may have.
    static let largestNumber = 1e12

    func failure(_ key: String, _ node: JSONNode, expected: String, fix: String = "") -> TypingLogError {
        TypingLogError(
            .schema, file: file, path: join(key), location: node.location,
            message: "expected \(expected), found \(Self.describe(node.value))", fix: fix)
    }

    /// The string member `key` (required unless `node(key)` was checked first).
    func string(_ key: String, minLength: Int = 0, maxLength: Int = .max) throws(TypingLogError) -> String {
        guard let node = node(key), case .string(let text) = node.value else {
            throw failure(key, node(key) ?? self.node, expected: "a string")
        }
        let count = text.unicodeScalars.count
        if count < minLength || count > maxLength {
            let bound = maxLength == .max ? "at least \(minLength)" : "\(minLength) to \(maxLength)"
            throw failure(key, node, expected: "a string of \(bound) characters")
        }
        return text
    }

    /// The number member `key`, above `exclusiveMinimum` or at least `minimum` when given.
    func number(
        _ key: String, minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil
    ) throws(TypingLogError) -> Double {
        guard let node = node(key), case .number(let value) = node.value else {
            throw failure(key, node(key) ?? self.node, expected: "a number")
        }
        // No time, position or size of a typing test comes near this; past it a number is a
        // corrupt file, and the fits' arithmetic (key sizes grouped by 0.1 mm) would overflow.
        guard value.isFinite, abs(value) <= Self.largestNumber else {
            throw failure(
                key, node, expected: "a number of at most \(Int(Self.largestNumber)) in magnitude",
                fix: "times are milliseconds, positions and sizes pixels or millimetres: save the log again")
        }
        if let maximum, value > maximum { throw failure(key, node, expected: "a number of at most \(maximum)") }
        if let minimum, value < minimum { throw failure(key, node, expected: "a number of at least \(minimum)") }
        if let exclusiveMinimum, value <= exclusiveMinimum {
            throw failure(key, node, expected: "a number above \(exclusiveMinimum)")
        }
        return value
    }

    /// The whole-number member `key`, at least `minimum`; `nil` for JSON null when `nullable`.
    func integer(_ key: String, minimum: Int = 0, nullable: Bool = false) throws(TypingLogError) -> Int? {
        guard let node = node(key) else { throw failure(key, self.node, expected: "a whole number") }
        return try Self.integer(node, minimum: minimum, nullable: nullable) { expected in
            failure(key, node, expected: expected)
        }
    }

    static func integer(
        _ node: JSONNode, minimum: Int, nullable: Bool, failure: (String) -> TypingLogError
    ) throws(TypingLogError) -> Int? {
        let expected = "a whole number of at least \(minimum)" + (nullable ? " or null" : "")
        switch node.value {
        case .null where nullable: return nil
        case .number(let value):
            guard value.rounded() == value, value >= Double(minimum), value < 9e15 else { throw failure(expected) }
            return Int(value)
        default: throw failure(expected)
        }
    }

    /// The member `key`, one of `choices` (strings).
    func choice<T: RawRepresentable<String>>(_ key: String, _ type: T.Type, _ choices: [String]) throws(TypingLogError)
        -> T
    {
        let names = choices.map { "\"\($0)\"" }
        let expected = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
        guard let node = node(key), case .string(let text) = node.value, let value = T(rawValue: text) else {
            throw failure(key, node(key) ?? self.node, expected: expected)
        }
        return value
    }

    /// The array member `key`, with at least `minItems` items.
    func array(_ key: String, minItems: Int = 0) throws(TypingLogError) -> [JSONNode] {
        guard let node = node(key), case .array(let items) = node.value else {
            throw failure(key, node(key) ?? self.node, expected: "an array")
        }
        if items.count < minItems {
            throw failure(key, node, expected: "an array of at least \(minItems) item" + (minItems == 1 ? "" : "s"))
        }
        return items
    }

    /// The object member `key`.
    func object(_ key: String, kind: String, required: [String], optional: [String] = [], open: Bool = false)
        throws(TypingLogError) -> JSONFields
    {
        try JSONFields(
            node(key) ?? node, path: join(key), file: file, kind: kind, required: required, optional: optional,
            open: open)
    }

    /// A value in a message: `"tset"`, `42`, `an array`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text):
            let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "\"\(short)\""
        case .number(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
