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
private struct JSONReader {
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
            throw fail("number out of range", at: start)
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

    // MARK: Strings

    /// Parses the string whose opening quote is at `index`. Strings without escapes are decoded
    /// straight from the validated bytes; escapes switch to collecting bytes in a buffer.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = index
        index += 1
        var runStart = index  // the start of the bytes not yet copied to `buffer`
        var buffer: [UInt8] = []
        var escaped = false
        while index < bytes.count {
            switch bytes[index] {
            case .quote:
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard escaped else { return String(decoding: run, as: UTF8.self) }
                buffer.append(contentsOf: run)
                return String(decoding: buffer, as: UTF8.self)
            case .backslash:
                escaped = true
                buffer.append(contentsOf: bytes[runStart..<index])
                try appendEscape(to: &buffer, inStringAt: quote)
                runStart = index
            default:
                try skipCharacter(inStringAt: quote)
            }
        }
        throw fail("unterminated string", at: quote)
    }

    /// Skips one unescaped character of the string that starts at `quote`, checking that it is
    /// not a control character and is well-formed UTF-8.
    mutating func skipCharacter(inStringAt quote: Int) throws(JSONSyntaxError) {
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x80 {
            index += 1
        } else if byte == .lineFeed || byte == .carriageReturn {
            throw fail("unterminated string (line break before the closing quote)", at: quote)
        } else if byte < 0x20 {
            let message = "control character \(codePoint(UInt32(byte))) in string must be escaped"
            throw fail(message, at: index)
        } else {
            guard let length = utf8SequenceLength(at: index) else {
                throw fail("invalid UTF-8 byte \(hex(byte)) at byte offset \(index)", at: index)
            }
            index += length
        }
    }

    /// Decodes the escape sequence whose backslash is at `index` into `buffer`.
    mutating func appendEscape(
        to buffer: inout [UInt8], inStringAt quote: Int
    ) throws(JSONSyntaxError) {
        let backslash = index
        index += 2
        guard index <= bytes.count else { throw fail("unterminated string", at: quote) }
        let byte = bytes[index - 1]
        switch byte {
        case .quote, .backslash, .slash: buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(.lineFeed)
        case UInt8(ascii: "r"): buffer.append(.carriageReturn)
        case UInt8(ascii: "t"): buffer.append(.tab)
        case UInt8(ascii: "u"):
            UTF8.encode(try parseUnicodeEscape(backslash: backslash)) { buffer.append($0) }
        default:
            let found = byte >= 0x20 && byte < 0x7F ? " '\\\(Character(Unicode.Scalar(byte)))'" : ""
            throw fail("invalid escape\(found) in string", at: backslash)
        }
    }

    /// Decodes `\uXXXX` (after the `u`), combining a surrogate pair into one scalar.
    mutating func parseUnicodeEscape(backslash: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let unit = try readHex4(backslash: backslash)
        var scalar = unit
        if unit & 0xF800 == 0xD800 {
            let next = index
            guard unit < 0xDC00, next + 1 < bytes.count, bytes[next] == .backslash,
                bytes[next + 1] == UInt8(ascii: "u")
            else { throw fail("invalid \\u escape: lone surrogate", at: backslash) }
            index += 2
            let low = try readHex4(backslash: next)
            guard low & 0xFC00 == 0xDC00 else {
                throw fail("invalid \\u escape: lone surrogate", at: backslash)
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        return Unicode.Scalar(scalar) ?? "\u{FFFD}"
    }

    /// Reads the four hex digits of a `\u` escape.
    mutating func readHex4(backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = index < bytes.count ? bytes[index] : 0
            let digit: UInt8
            switch byte {
            case .zero...(.zero + 9): digit = byte - .zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape: expected 4 hex digits", at: backslash)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence whose lead byte (>= 0x80) is at `offset`, or
    /// nil if the bytes there are not well-formed UTF-8.
    func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        var length = 3
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: break
        case 0xED: high = 0x9F
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return nil
        }
        for next in offset + 1..<offset + length {
            guard next < bytes.count, (low...high).contains(bytes[next]) else { return nil }
            (low, high) = (0x80, 0xBF)
        }
        return length
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
private func quoted(_ byte: UInt8) -> String {
    "'\(Character(Unicode.Scalar(byte)))'"
}

/// Formats a code point as `U+XXXX`.
private func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// Formats a byte as `0xXX`.
private func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
}

extension UInt8 {
    // Private to this file so the names cannot clash with other code in the module.
    fileprivate static let tab: UInt8 = 0x09
    fileprivate static let lineFeed: UInt8 = 0x0A
    fileprivate static let carriageReturn: UInt8 = 0x0D
    fileprivate static let space: UInt8 = 0x20
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let slash = UInt8(ascii: "/")
    fileprivate static let zero = UInt8(ascii: "0")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")

    fileprivate var isDigit: Bool { self &- .zero < 10 }
    fileprivate var isLetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
}
