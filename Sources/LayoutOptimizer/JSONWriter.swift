import LayoutEngine

/// Writes a parsed JSON value back as text that people can read: members in their source
/// order, short objects and arrays on one line, longer ones one element a line.
enum JSONWriter {
    /// The widest a value may be to stay on one line.
    static let lineWidth = 110

    /// The text of `value`, ending with a line break.
    static func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        let compact = self.compact(value)
        if compact.count + indent.count <= lineWidth || !isContainer(value) {
            out += compact
            return
        }
        let inner = indent + "  "
        switch value {
        case .object(let members):
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + quoted(member.key) + ": "
                write(member.value.value, indent: inner, into: &out)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        case .array(let elements):
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += inner
                write(element.value, indent: inner, into: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += indent + "]"
        default:
            out += compact
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }

    /// The value on one line.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            return "{" + members.map { quoted($0.key) + ": " + compact($0.value.value) }.joined(separator: ", ") + "}"
        case .array(let elements):
            return "[" + elements.map { compact($0.value) }.joined(separator: ", ") + "]"
        case .string(let text): return quoted(text)
        case .number(let number): return format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A number as JSON: whole numbers without a fraction, others in their shortest form.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(number)"
    }

    /// A string as a JSON string literal.
    static func quoted(_ text: String) -> String { Escaping.jsonString(text) }
}
