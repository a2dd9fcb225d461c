import Foundation
import LayoutEngine
import TypingEfficiency

extension ModelFile {
    /// Reads and checks the model file at `path` (named `path` in errors): format, version,
    /// every constant a known `--set` name with seconds from 0 to 60, the touch axes.
    public static func read(path: String) throws(TypingLogError) -> ModelFile {
        try read(document.bytes(atPath: path), file: path)
    }

    /// How a model file is read: its fixes.
    static let document = JSONDocument(
        missingFix: "give a model file kbdsim calibrate -o wrote",
        encodingFix: "a model file is UTF-8 JSON; write it again with kbdsim calibrate -o",
        syntaxFix: "a model file is one JSON object as kbdsim calibrate -o writes it")

    /// Checks `bytes` as the model file named `file`.
    public static func read(_ bytes: [UInt8], file: String) throws(TypingLogError) -> ModelFile {
        let root = try document.root(bytes, file: file)
        guard case .string(format) = root["format"]?.value else {
            throw TypingLogError(
                .version, file: file, path: root["format"] == nil ? "" : "format",
                location: (root["format"] ?? root).location,
                message: "this is not a model file (expected \"format\": \"\(format)\")",
                fix: "give a file kbdsim calibrate -o wrote")
        }
        guard case .number(let number) = root["version"]?.value, number == Double(version) else {
            throw TypingLogError(
                .version, file: file, path: "version", location: (root["version"] ?? root).location,
                message: "version \(root["version"].map { JSONFields.describe($0.value) } ?? "missing"): "
                    + "this kbdsim reads version 1 model files",
                fix: "use a kbdsim that reads this version, or calibrate again")
        }
        let top = try JSONFields(
            root, path: "", file: file, kind: "a model file",
            required: ["format", "version", "logs", "participants", "constants", "fits"], optional: ["touch"])
        let logs = try strings(top, "logs")
        let participants = try strings(top, "participants")
        let constants = try self.constants(
            try top.object("constants", kind: "constants", required: [], open: true), file: file)
        var axes: [String: TouchErrorModel.Axis] = [:]
        if top.node("touch") != nil {
            let touch = try top.object("touch", kind: "the touch spread", required: [], optional: ["x", "y"])
            for name in ["x", "y"] where touch.node(name) != nil {
                let axis = try touch.object(name, kind: "a touch axis", required: ["alpha", "sigmaA"])
                axes[name] = TouchErrorModel.Axis(
                    alpha: try axis.number("alpha", minimum: 0), sigmaA: try axis.number("sigmaA", minimum: 0))
            }
        }
        guard case .object = top.node("fits")!.value else {
            throw top.failure("fits", top.node("fits")!, expected: "an object (the fits' details)")
        }
        return ModelFile(
            logs: logs, participants: participants, constants: constants, touchX: axes["x"], touchY: axes["y"],
            fits: "{}")
    }

    static func strings(_ fields: JSONFields, _ key: String) throws(TypingLogError) -> [String] {
        var out: [String] = []
        for (index, item) in try fields.array(key).enumerated() {
            guard case .string(let text) = item.value else {
                throw fields.failure("\(key)[\(index)]", item, expected: "a string")
            }
            out.append(text)
        }
        return out
    }

    static func constants(_ fields: JSONFields, file: String) throws(TypingLogError) -> [(name: String, value: Double)]
    {
        let known = ModelConstants().named.map(\.name)
        var out: [(name: String, value: Double)] = []
        for member in fields.members {
            guard known.contains(member.key) else {
                throw TypingLogError(
                    .schema, file: file, path: fields.join(member.key), location: member.keyLocation,
                    message: "unknown constant '\(member.key)'"
                        + (NameSuggestion.nearest(to: member.key, in: known).map { "; did you mean '\($0)'?" } ?? ""),
                    fix: "the constants are \(known.joined(separator: ", "))")
            }
            guard case .number(let value) = member.value.value, (0...60).contains(value) else {
                throw fields.failure(member.key, member.value, expected: "a number of seconds from 0 to 60")
            }
            out.append((member.key, value))
        }
        return out
    }
}
