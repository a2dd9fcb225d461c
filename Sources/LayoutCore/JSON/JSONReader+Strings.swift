/// Strings: escapes, `\\u` escapes with surrogate pairs, and UTF-8 validation.
extension JSONReader {
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
}
