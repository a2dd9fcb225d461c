import LayoutEngine
/// A small JSON value that prints deterministically (keys in the order given), for the
/// files exports write.
indirect enum JSONText {
    case string(String)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    /// The value as indented JSON text.
    func render(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let end = String(repeating: "  ", count: indent)
        switch self {
        case .string(let text): return Self.quote(text)
        case .bool(let value): return value ? "true" : "false"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { pad + $0.render(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n"
                + members.map { pad + Self.quote($0.0) + ": " + $0.1.render(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(end)}"
        }
    }

    static func quote(_ text: String) -> String { Escaping.jsonString(text) }
}
