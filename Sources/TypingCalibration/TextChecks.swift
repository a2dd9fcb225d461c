/// The checks of a log's bytes and strings that JSON alone does not make: UTF-8 and the
/// schema's `format: date-time`.
enum TextChecks {
    /// The offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF), or `nil`.
    /// - Complexity: O(bytes); ASCII runs take one comparison a byte.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            let count = buffer.count
            while index < count {
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: (length, low) = (3, 0xA0)
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: (length, high) = (3, 0x9F)
                case 0xF0: (length, low) = (4, 0x90)
                case 0xF1...0xF3: length = 4
                case 0xF4: (length, high) = (4, 0x8F)
                default: return index
                }
                guard index + length <= count else { return index }
                let second = buffer[index + 1]
                guard second >= low, second <= high else { return index }
                for offset in 2..<max(2, length) where buffer[index + offset] & 0xC0 != 0x80 {
                    return index
                }
                index += length
            }
            return nil
        }
    }

    /// Whether `text` is an RFC 3339 date-time: `2026-05-01T09:30:00Z`, with optional
    /// fractions of a second and a `±HH:MM` offset instead of `Z`.
    static func isDateTime(_ text: String) -> Bool {
        let chars = Array(text.utf8)
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= chars.count else { return nil }
            var value = 0
            for index in start..<(start + count) {
                guard chars[index] >= 0x30, chars[index] <= 0x39 else { return nil }
                value = value * 10 + Int(chars[index] - 0x30)
            }
            return value
        }
        func char(_ index: Int, _ options: String) -> Bool {
            index < chars.count && options.utf8.contains(chars[index])
        }
        guard digits(0, 4) != nil, char(4, "-"), let month = digits(5, 2), (1...12).contains(month), char(7, "-"),
            let day = digits(8, 2), (1...31).contains(day), char(10, "Tt "), let hour = digits(11, 2), hour < 24,
            char(13, ":"), let minute = digits(14, 2), minute < 60, char(16, ":"), let second = digits(17, 2),
            second <= 60
        else { return false }
        var index = 19
        if char(index, ".") {
            index += 1
            let start = index
            while digits(index, 1) != nil { index += 1 }
            if index == start { return false }
        }
        if char(index, "Zz") { return index + 1 == chars.count }
        guard char(index, "+-"), let offsetHour = digits(index + 1, 2), offsetHour < 24, char(index + 3, ":"),
            let offsetMinute = digits(index + 4, 2), offsetMinute < 60
        else { return false }
        return index + 6 == chars.count
    }
}
