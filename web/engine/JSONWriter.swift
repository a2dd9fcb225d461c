/// A small JSON writer for the web bridge's answers: values appended as UTF-8 text, commas
/// put in by the writer. Its methods stay out of line: the answers are small, and the
/// `.wasm` is smaller for it.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.field("deleteCount", 1)
/// json.field("insert", "á")
/// json.endObject()
/// json.text  // {"deleteCount":1,"insert":"á"}
/// ```
struct JSONWriter {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []
    /// Whether the next value needs a comma before it.
    private var needsComma = false

    /// The text so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Starts an object (`{`).
    @inline(never)
    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the innermost object (`}`).
    @inline(never)
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Starts an array (`[`).
    @inline(never)
    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the innermost array (`]`).
    @inline(never)
    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// The key of the next member of an object.
    @inline(never)
    mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string value, escaped as JSON needs (quotes, backslashes, control characters).
    @inline(never)
    mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// An integer value.
    @inline(never)
    mutating func number(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// A number: whole numbers without a fraction (`11`), others as Swift prints them
    /// (`6.46`), `null` for a value that is not finite.
    @inline(never)
    mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            bytes.append(contentsOf: "null".utf8)
        } else if let whole = Int64(exactly: value), whole > -1_000_000_000_000_000, whole < 1_000_000_000_000_000 {
            bytes.append(contentsOf: String(whole).utf8)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
        needsComma = true
    }

    /// `true` or `false`.
    @inline(never)
    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// `null`.
    @inline(never)
    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// A member with a string value.
    @inline(never)
    mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// A member with an integer value.
    @inline(never)
    mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    /// A member with a number value.
    @inline(never)
    mutating func field(_ name: String, _ value: Double) {
        key(name)
        number(value)
    }

    /// A member with a Boolean value.
    @inline(never)
    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// A member whose value is an array of strings.
    @inline(never)
    mutating func field(_ name: String, _ values: [String]) {
        key(name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    @inline(never)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    @inline(never)
    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
            case 0x0A: bytes.append(contentsOf: "\\n".utf8)
            case 0x0D: bytes.append(contentsOf: "\\r".utf8)
            case 0x09: bytes.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let digits: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
