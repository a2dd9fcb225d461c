/// A strict RFC 8259 JSON parser that records the source location of every value.
///
/// It works directly on UTF-8 bytes and stops at the first syntax error, reporting what was
/// expected, what was found and where.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted, so hostile input cannot overflow the
    /// stack.
    public static let maxDepth = 256

    /// Parses a whole document (UTF-8 bytes). A UTF-8 byte order mark at the start is skipped.
    /// Throws JSONSyntaxError for the first syntax error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            var reader = JSONReader(buffer)
            return try reader.parseDocument()
        }
    }
}

/// The parser's state: the input, the read position and enough to compute line and column.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var line = 1
    /// A byte offset on the current line whose column is known (`anchorColumn`); columns of later
    /// offsets are counted from there, so computing locations stays linear overall.
    var anchorOffset = 0
    var anchorColumn = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            anchorOffset = 3
        }
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw expected("end of input after the JSON value", at: index) }
        return node
    }

    // MARK: Values

    /// Parses the value at `index`; `depth` is the number of enclosing arrays and objects.
    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let location = location(at: index)
        guard let byte = peek else { throw expected("a value", at: index) }
        let value: JSONValue
        switch byte {
        case .openBrace: value = try parseObject(depth: depth + 1)
        case .openBracket: value = try parseArray(depth: depth + 1)
        case .quote: value = .string(try parseString())
        case .minus, .zero...(.zero + 9): value = .number(try parseNumber())
        case UInt8(ascii: "t"): value = try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): value = try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): value = try parseLiteral("null", .null)
        default: throw expected("a value", at: index)
        }
        return JSONNode(value: value, location: location)
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        var members: [JSONMember] = []
        while try nextItem(closer: .closeBrace, after: members.isEmpty ? nil : "an object member") {
            guard peek == .quote else {
                let closer = members.isEmpty ? " or '}'" : ""
                throw expected("a member name in double quotes\(closer)", at: index)
            }
            let keyLocation = location(at: index)
            let key = try parseString()
            skipWhitespace()
            guard peek == .colon else { throw expected("':' after the member name", at: index) }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
        }
        return .object(members)
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        var elements: [JSONNode] = []
        while try nextItem(closer: .closeBracket, after: elements.isEmpty ? nil : "an array element") {
            elements.append(try parseValue(depth: depth))
        }
        return .array(elements)
    }

    /// Skips the `{` or `[` at `index` and the whitespace after it, checking the nesting depth.
    mutating func enter(depth: Int) throws(JSONSyntaxError) {
        if depth > JSONParser.maxDepth {
            throw fail("nesting deeper than \(JSONParser.maxDepth) levels", at: index)
        }
        index += 1
        skipWhitespace()
    }

    /// Moves to the next member or element: returns false after skipping `closer`, true after
    /// skipping the `,` and whitespace before the next item (`after` is nil before the first
    /// item, which has no comma). A comma right before `closer` is reported as a trailing comma.
    mutating func nextItem(closer: UInt8, after: String?) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if peek == closer {
            index += 1
            return false
        }
        guard let after else { return true }
        guard peek == .comma else {
            throw expected("',' or \(quoted(closer)) after \(after)", at: index)
        }
        let commaLocation = location(at: index)
        index += 1
        skipWhitespace()
        if peek == closer {
            let message = "trailing comma before \(quoted(closer))"
            throw JSONSyntaxError(message: message, location: commaLocation)
        }
        return true
    }

    /// Parses `literal` at `index`; a longer or different word is reported whole.
    mutating func parseLiteral(
        _ literal: String, _ value: JSONValue
    ) throws(JSONSyntaxError) -> JSONValue {
        let count = literal.utf8.count
        guard wordLength(at: index) == count, bytes[index..<index + count].elementsEqual(literal.utf8)
        else { throw expected("a value", at: index) }
        index += count
        return value
    }

    /// Parses a number per the RFC 8259 grammar, then converts the validated text.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek == .minus { index += 1 }
        guard let first = peek, first.isDigit else { throw expected("a digit after '-'", at: index) }
        index += 1
        if first == .zero, let next = peek, next.isDigit {
            throw fail("leading zeros are not allowed in numbers", at: index - 1)
        }
        skipDigits()
        if peek == .dot {
            index += 1
            guard peek?.isDigit == true else { throw expected("a digit after '.'", at: index) }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == .plus || peek == .minus { index += 1 }
            guard peek?.isDigit == true else { throw expected("a digit in the exponent", at: index) }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            let shown = text.count > 24 ? String(text.prefix(20)) + "… (\(text.count) characters)" : text
            throw fail(
                "the number \(shown) is beyond what a layout can hold (about ±1.8e308); write a smaller one", at: start)
        }
        return number
    }

    mutating func skipDigits() {
        while index < bytes.count, bytes[index].isDigit { index += 1 }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case .space, .tab:
                index += 1
            case .lineFeed, .carriageReturn:
                if bytes[index] == .carriageReturn, index + 1 < bytes.count, bytes[index + 1] == .lineFeed {
                    index += 1
                }
                index += 1
                line += 1
                anchorOffset = index
                anchorColumn = 1
            default:
                return
            }
        }
    }

    // MARK: Locations and errors

    /// The location of `offset`, which must be on the current line.
    mutating func location(at offset: Int) -> SourcePosition {
        var column = anchorColumn
        if offset >= anchorOffset {
            for i in anchorOffset..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
        } else {
            for i in offset..<anchorOffset where bytes[i] & 0xC0 != 0x80 { column -= 1 }
        }
        anchorOffset = offset
        anchorColumn = column
        return SourcePosition(line: line, column: column, offset: offset)
    }

    mutating func fail(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location(at: offset))
    }

    /// An "expected …, found …" error at `offset`, or "unexpected end of input" at the end.
    mutating func expected(_ what: String, at offset: Int) -> JSONSyntaxError {
        if offset >= bytes.count {
            return fail("unexpected end of input, expected \(what)", at: offset)
        }
        return fail("expected \(what), found \(describe(at: offset))", at: offset)
    }

    /// Describes the input at `offset` for a message: a quoted word or character, a code point
    /// for control characters, or the byte for invalid UTF-8.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        let word = min(wordLength(at: offset), 20)
        var length = max(word, 1)
        if word == 0 && byte >= 0x80 {
            guard let sequence = utf8SequenceLength(at: offset) else { return "byte \(hex(byte))" }
            length = sequence
        } else if byte < 0x20 || byte == 0x7F {
            return codePoint(UInt32(byte))
        }
        let text = UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
        return "'\(String(decoding: text, as: UTF8.self))'"
    }

    /// The number of ASCII letters and digits starting at `offset`, if it starts with a letter.
    func wordLength(at offset: Int) -> Int {
        guard offset < bytes.count, bytes[offset].isLetter else { return 0 }
        var end = offset
        while end < bytes.count, bytes[end].isLetter || bytes[end].isDigit { end += 1 }
        return end - offset
    }
}

/// Formats an ASCII character in quotes, as in `'}'`.
func quoted(_ byte: UInt8) -> String {
    "'\(Character(Unicode.Scalar(byte)))'"
}

/// Formats a code point as `U+XXXX`.
func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// Formats a byte as `0xXX`.
func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
}

extension UInt8 {
    // Private to this file so the names cannot clash with other code in the module.
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote = UInt8(ascii: "\"")
    static let plus = UInt8(ascii: "+")
    static let comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let zero = UInt8(ascii: "0")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    fileprivate var isDigit: Bool { self &- .zero < 10 }
    fileprivate var isLetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
}
