/// Turns a parsed layout file into a `LayoutDefinition`, collecting every problem on the
/// way instead of stopping at the first.
package struct LayoutDecoder {
    /// The highest `formatVersion` this engine reads.
    static let formatVersion = 1

    let file: String
    var diagnostics: [LayoutDiagnostic] = []
    /// The object at each path, so that a missing field can point at the object that lacks it.
    private var objects: [String: JSONNode] = [:]

    init(file: String) { self.file = file }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func report(
        _ code: LayoutDiagnostic.Code, _ node: JSONNode?, _ path: String, _ message: String,
        severity: LayoutDiagnostic.Severity = .error
    ) {
        diagnostics.append(
            LayoutDiagnostic(severity, code, file: file, location: node?.location, path: path, message: message))
    }

    /// Reports that the object at `path` lacks the required field `key`, with what to add.
    mutating func reportMissing(_ key: String, _ node: JSONNode?, _ path: String) {
        report(.missingField, node, path, "missing field \"\(key)\"; " + LayoutFields.missingFieldFix(key, at: path))
    }

    // MARK: Typed access with diagnostics

    /// The members of an object, reporting unknown fields and repeated keys.
    mutating func members(_ node: JSONNode, _ path: String, known: [String]) -> [String: JSONNode]? {
        guard case .object(let list) = node.value else {
            report(.wrongType, node, path, "expected an object, found \(node.value.kindName.withArticle)")
            return nil
        }
        objects[path] = node
        var result: [String: JSONNode] = [:]
        for member in list {
            let memberPath = join(path, member.key)
            if result[member.key] != nil {
                report(.duplicateJSONKey, member.value, memberPath, "\"\(member.key)\" appears twice; keep one")
                continue
            }
            guard known.contains(member.key) else {
                report(
                    .unknownField, member.value, memberPath,
                    "unknown field \"\(member.key)\"" + didYouMean(member.key, known))
                continue
            }
            result[member.key] = member.value
        }
        return result
    }

    mutating func string(_ fields: [String: JSONNode], _ key: String, _ path: String, required: Bool) -> String? {
        guard let node = fields[key] else {
            if required { reportMissing(key, objects[path], path) }
            return nil
        }
        guard case .string(let value) = node.value else {
            report(.wrongType, node, join(path, key), "expected a string, found \(node.value.kindName.withArticle)")
            return nil
        }
        return value
    }

    /// The number at `key`, checked against `range`; a value outside it is `KBD-E206` with the
    /// range in the message (`widthMm must be a number from 10 to 2000 mm, found 1e+300`).
    mutating func number(
        _ fields: [String: JSONNode], _ key: String, _ path: String, required: Bool, in range: NumberRange
    ) -> Double? {
        guard let node = fields[key] else {
            if required { reportMissing(key, objects[path], path) }
            return nil
        }
        guard case .number(let value) = node.value else {
            report(.wrongType, node, join(path, key), "expected a number, found \(node.value.kindName.withArticle)")
            return nil
        }
        guard range.contains(value) else {
            report(.outOfRange, node, join(path, key), "\(key) must be \(range), found \(NumberRange.text(value))")
            return nil
        }
        return value
    }

    mutating func array(_ fields: [String: JSONNode], _ key: String, _ path: String, required: Bool) -> [JSONNode]? {
        guard let node = fields[key] else {
            if required { reportMissing(key, objects[path], path) }
            return nil
        }
        guard case .array(let items) = node.value else {
            report(.wrongType, node, join(path, key), "expected an array, found \(node.value.kindName.withArticle)")
            return nil
        }
        return items
    }

    /// A string that must be one of a fixed set of names.
    mutating func name<T: RawRepresentable & CaseIterable>(
        _ fields: [String: JSONNode], _ key: String, _ path: String, as type: T.Type, what: String
    ) -> T? where T.RawValue == String {
        knownName(fields, key, path, among: T.allCases.map { $0.rawValue }, what: what).flatMap(T.init(rawValue:))
    }

    /// The string at `key` when it is one of `names`; otherwise an `unknownName` error that
    /// lists them and suggests the nearest, and `nil`. Not generic, so each enumeration that
    /// `name(_:_:_:as:what:)` reads adds no copy of it.
    mutating func knownName(
        _ fields: [String: JSONNode], _ key: String, _ path: String, among names: [String], what: String
    ) -> String? {
        guard let raw = string(fields, key, path, required: false) else { return nil }
        if names.contains(raw) { return raw }
        report(
            .unknownName, fields[key], join(path, key),
            "unknown \(what) \"\(raw)\"" + didYouMean(raw, names) + " (one of: \(names.joined(separator: ", ")))")
        return nil
    }

    /// A string that must be exactly one grapheme not starting with a combining mark.
    mutating func grapheme(_ text: String, _ node: JSONNode?, _ path: String) -> Bool {
        guard let first = text.unicodeScalars.first else {
            report(.notOneGrapheme, node, path, "the text is empty; write the one character the key types")
            return false
        }
        if ScalarClass.isMark(first) {
            report(
                .notOneGrapheme, node, path, "\"\(text)\" starts with a combining mark; use an accent key for accents")
            return false
        }
        guard text.count == 1 else {
            report(
                .notOneGrapheme, node, path, "\"\(text)\" must be exactly one character (grapheme), found \(text.count)"
            )
            return false
        }
        return true
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}
