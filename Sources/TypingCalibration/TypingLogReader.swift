import Foundation
import LayoutCore

/// Reads a typing-test log and checks it against `docs/typing-log.schema.json` (version 1)
/// by hand, so that every problem names its JSON path and line:column.
///
/// It parses with LayoutCore's `JSONParser` (a tree of values with positions) and walks the
/// tree once; the touches' texts are checked and dropped.
///
/// ```swift
/// let log = try TypingLogReader.read(path: "session.json")
/// ```
/// - Complexity: O(bytes).
public enum TypingLogReader {
    /// The only log version this reader knows.
    public static let version = 1

    /// Reads and checks the log at `path` (named `path` in errors).
    public static func read(path: String) throws(TypingLogError) -> TypingLog {
        try read(document.bytes(atPath: path), file: path)
    }

    /// How a log is read: its fixes.
    static let document = JSONDocument(
        missingFix: "give the path of a log the typing test saved",
        encodingFix: "a log is UTF-8 JSON as the typing test saves it; save it again without converting it",
        syntaxFix: "a log is one JSON object as the typing test saves it")

    /// Checks `bytes` as the log named `file`.
    public static func read(_ bytes: [UInt8], file: String) throws(TypingLogError) -> TypingLog {
        let root = try document.root(bytes, file: file)
        guard case .object = root.value else {
            throw TypingLogError(
                .schema, file: file, location: root.location,
                message: "expected a typing-test log (a JSON object), found \(JSONFields.describe(root.value))")
        }
        try checkFormat(root, file: file)
        let top = try JSONFields(
            root, path: "", file: file, kind: "a log",
            required: [
                "format", "version", "createdAt", "page", "participant", "device", "settings", "layouts", "phrases",
            ])
        return try LogBody(top).read()
    }

    /// `format` and `version` first, so that another file or version says so instead of
    /// listing the fields it lacks.
    static func checkFormat(_ root: JSONNode, file: String) throws(TypingLogError) {
        guard let format = root["format"] else {
            throw TypingLogError(
                .version, file: file, location: root.location,
                message: "no 'format': this is not a typing-test log",
                fix: "give a log the typing test saved (\"format\": \"kbdsim-typing-log\")")
        }
        guard case .string("kbdsim-typing-log") = format.value else {
            throw TypingLogError(
                .version, file: file, path: "format", location: format.location,
                message: "expected \"kbdsim-typing-log\", found \(JSONFields.describe(format.value))",
                fix: "give a log the typing test saved")
        }
        guard let version = root["version"] else {
            throw TypingLogError(
                .version, file: file, location: root.location, message: "no 'version'",
                fix: "add \"version\": 1 if the log is of version 1")
        }
        guard case .number(let number) = version.value, number == Double(Self.version) else {
            throw TypingLogError(
                .version, file: file, path: "version", location: version.location,
                message: "version \(JSONFields.describe(version.value)): this kbdsim reads version 1 logs",
                fix: "use a kbdsim that reads this version, or save the log again from a page of version 1")
        }
    }
}

/// The checks of a log's members below the top.
private struct LogBody {
    let top: JSONFields
    var file: String { top.file }

    init(_ top: JSONFields) { self.top = top }

    func read() throws(TypingLogError) -> TypingLog {
        let created = try top.string("createdAt")
        if !TextChecks.isDateTime(created) {
            throw top.failure(
                "createdAt", top.node("createdAt")!, expected: "a date-time like 2026-05-01T09:30:00Z (RFC 3339)")
        }
        _ = try top.object("page", kind: "page", required: ["engine"]).string("engine")
        let participant = try top.object("participant", kind: "participant", required: ["id", "posture"])
        let id = try participant.string("id", minLength: 1, maxLength: 64)
        let posture = try participant.choice("posture", Posture.self, Posture.allCases.map(\.rawValue))
        let device = try top.object(
            "device", kind: "device",
            required: [
                "userAgent", "screenPx", "viewportPx", "devicePixelRatio", "pxPerMm", "pxPerMmSource", "orientation",
            ])
        _ = try device.string("userAgent")
        _ = try size(device, "screenPx")
        _ = try size(device, "viewportPx")
        _ = try device.number("devicePixelRatio", exclusiveMinimum: 0)
        // A phone's screen has 5 to 30 CSS px per mm; past these bounds a log is not a screen's.
        let pxPerMm = try device.number("pxPerMm", minimum: 0.01, maximum: 1000)
        let source = try device.choice("pxPerMmSource", PxPerMmSource.self, ["card", "assumed"])
        let startOrientation = try device.choice("orientation", Orientation.self, ["portrait", "landscape"])
        let settings = try top.object(
            "settings", kind: "settings",
            required: ["layoutOrder", "practicePhrases", "testPhrases", "longPressMs", "seed"])
        for (index, item) in try settings.array("layoutOrder", minItems: 1).enumerated() {
            guard case .string = item.value else {
                throw settings.failure("layoutOrder[\(index)]", item, expected: "a layout id (a string)")
            }
        }
        _ = try settings.integer("practicePhrases")
        _ = try settings.integer("testPhrases", minimum: 1)
        let longPressMs = try settings.number("longPressMs", minimum: 0)
        _ = try settings.integer("seed")
        var layouts: [LogLayout] = []
        for (index, node) in try top.array("layouts", minItems: 1).enumerated() {
            layouts.append(try layout(node, path: "layouts[\(index)]"))
        }
        var phrases: [LogPhrase] = []
        let phraseNodes = try top.array("phrases")
        phrases.reserveCapacity(phraseNodes.count)
        for (index, node) in phraseNodes.enumerated() {
            phrases.append(
                try phrase(node, path: "phrases[\(index)]", layouts: layouts, startOrientation: startOrientation))
        }
        let log = TypingLog(
            file: file, participant: id, posture: posture, pxPerMm: pxPerMm, pxPerMmMeasured: source == .card,
            longPressMs: longPressMs, layouts: layouts, phrases: phrases)
        if log.touchCount == 0 {
            throw TypingLogError(
                .empty, file: file, path: "phrases", location: top.node("phrases")?.location,
                message: "the log has no touches (\(phrases.count) phrases)",
                fix: "give a log of a session where phrases were typed")
        }
        if !phrases.contains(where: { $0.isTest && !$0.touches.isEmpty }) {
            throw TypingLogError(
                .empty, file: file, path: "phrases", location: top.node("phrases")?.location,
                message: "the log has no touches in test-block phrases (only practice)",
                fix: "the fits use the test block alone; give a log of a session that went past the practice")
        }
        return log
    }

    func size(_ fields: JSONFields, _ key: String) throws(TypingLogError) -> (Double, Double) {
        let size = try fields.object(key, kind: "a size", required: ["width", "height"])
        return (try size.number("width", minimum: 0), try size.number("height", minimum: 0))
    }

    func rect(_ fields: JSONFields, _ key: String) throws(TypingLogError) -> LogRect {
        let rect = try fields.object(key, kind: "a rectangle", required: ["x", "y", "width", "height"])
        return LogRect(
            x: try rect.number("x"), y: try rect.number("y"), width: try rect.number("width", minimum: 0),
            height: try rect.number("height", minimum: 0))
    }

    func layout(_ node: JSONNode, path: String) throws(TypingLogError) -> LogLayout {
        let fields = try JSONFields(
            node, path: path, file: file, kind: "a layout", required: ["id", "name", "language", "keyboardPx", "keys"])
        let id = try fields.string("id", minLength: 1)
        _ = try fields.string("name")
        _ = try fields.string("language")
        let (width, _) = try size(fields, "keyboardPx")
        var keys: [LogKey] = []
        var keyIndex: [Int: Int] = [:]
        for (index, keyNode) in try fields.array("keys", minItems: 1).enumerated() {
            let key = try JSONFields(
                keyNode, path: "\(path).keys[\(index)]", file: file, kind: "a key",
                required: ["key", "layer", "name", "label", "role", "rectPx", "rectMm"],
                optional: ["longPressCount", "longPressDefault"])
            let number = try key.integer("key")!
            _ = try key.string("layer")
            _ = try key.string("name")
            _ = try key.string("label")
            let role = try key.choice("role", KeyRole.self, KeyRole.allCases.map(\.rawValue))
            if key.node("longPressCount") != nil { _ = try key.integer("longPressCount") }
            let longPressDefault = key.node("longPressDefault") != nil ? try key.integer("longPressDefault") : nil
            if keyIndex[number] != nil {
                throw key.failure(
                    "key", key.node("key")!, expected: "a key index not used before in the layout",
                    fix: "a layout lists each key once")
            }
            keyIndex[number] = keys.count
            keys.append(
                LogKey(
                    key: number, role: role, longPressDefault: longPressDefault, rectPx: try rect(key, "rectPx"),
                    rectMm: try rect(key, "rectMm")))
        }
        return LogLayout(id: id, keyboardWidthPx: width, keys: keys, keyIndex: keyIndex)
    }

    private func phrase(
        _ node: JSONNode, path: String, layouts: [LogLayout], startOrientation: Orientation
    ) throws(TypingLogError) -> LogPhrase {
        let fields = try JSONFields(
            node, path: path, file: file, kind: "a phrase",
            required: ["layout", "block", "index", "target", "result", "orientation", "touches", "measures"],
            optional: ["plan"])
        let id = try fields.string("layout")
        guard let layoutIndex = layouts.firstIndex(where: { $0.id == id }) else {
            throw TypingLogError(
                .reference, file: file, path: fields.join("layout"), location: fields.node("layout")!.location,
                message: "layout '\(id)' is not among the log's layouts (\(layouts.map(\.id).joined(separator: ", ")))",
                fix: "every phrase's layout must be listed in 'layouts'")
        }
        let block = try fields.choice("block", Block.self, ["practice", "test"])
        _ = try fields.integer("index")
        _ = try fields.string("target", minLength: 1)
        _ = try fields.string("result")
        let orientation = try fields.choice("orientation", Orientation.self, ["portrait", "landscape"])
        if fields.node("plan") != nil {
            for (index, item) in try fields.array("plan").enumerated() {
                guard case .string = item.value else {
                    throw fields.failure("plan[\(index)]", item, expected: "a key's trace name (a string)")
                }
            }
        }
        try MeasuresCheck.check(try fields.object("measures", kind: "measures", required: MeasuresCheck.required))
        let touchNodes = try fields.array("touches")
        var touches: [LogTouch] = []
        touches.reserveCapacity(touchNodes.count)
        for (index, touchNode) in touchNodes.enumerated() {
            touches.append(try touch(touchNode, path: "\(path).touches[\(index)]", layout: layouts[layoutIndex]))
        }
        return LogPhrase(
            layout: layoutIndex, isTest: block == .test, touches: touches, turned: orientation != startOrientation)
    }

    func touch(_ node: JSONNode, path: String, layout: LogLayout) throws(TypingLogError) -> LogTouch {
        let fields = try JSONFields(
            node, path: path, file: file, kind: "a touch",
            required: ["down", "up", "key", "intended", "gesture", "textBefore", "textAfter"], optional: ["longPress"])
        let down = try fields.object("down", kind: "a point", required: ["t", "x", "y"])
        let up = try fields.object("up", kind: "a point", required: ["t", "x", "y"])
        let key = try fields.integer("key", nullable: true)
        let intended = try fields.integer("intended", nullable: true)
        for (name, value) in [("key", key), ("intended", intended)] {
            guard let value, layout.keyIndex[value] == nil else { continue }
            throw TypingLogError(
                .reference, file: file, path: fields.join(name), location: fields.node(name)!.location,
                message: "key \(value) is not among the keys of layout '\(layout.id)'",
                fix: "a touch's key and intended key are indices of keys listed in the phrase's layout, or null")
        }
        let gesture = try fields.choice("gesture", Gesture.self, Gesture.allCases.map(\.rawValue))
        var choice: Int?
        if fields.node("longPress") != nil {
            let longPress = try fields.object("longPress", kind: "a long-press", required: ["openedAt", "choice"])
            _ = try longPress.number("openedAt")
            choice = try longPress.integer("choice", nullable: true)
        }
        _ = try fields.string("textBefore")
        _ = try fields.string("textAfter")
        _ = try up.number("x")
        _ = try up.number("y")
        return LogTouch(
            downT: try down.number("t"), downX: try down.number("x"), downY: try down.number("y"),
            upT: try up.number("t"), key: key, intended: intended, gesture: gesture, choice: choice)
    }
}

private enum PxPerMmSource: String { case card, assumed }
private enum Orientation: String { case portrait, landscape }
private enum Block: String { case practice, test }

/// The checks of a phrase's `measures`.
private enum MeasuresCheck {
    static let nullableNumbers = [
        "wpm", "kspc", "msdErrorRate", "correctedErrorRate", "uncorrectedErrorRate", "totalErrorRate",
    ]
    static let counts = ["keystrokes", "correct", "incorrectNotFixed", "incorrectFixed", "fixes"]
    static let required = nullableNumbers + ["seconds"] + counts

    static func check(_ fields: JSONFields) throws(TypingLogError) {
        for name in nullableNumbers {
            let node = fields.node(name)!
            switch node.value {
            case .null, .number: continue
            default: throw fields.failure(name, node, expected: "a number or null")
            }
        }
        _ = try fields.number("seconds", minimum: 0)
        for name in counts { _ = try fields.integer(name) }
    }
}
