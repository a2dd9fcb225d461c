import Foundation
import LayoutEngine

/// A CLDR keyboard test file (`keyboardTest3`, the CLDR keyboards' test format).
public struct KeyboardTestFile: Sendable {
    /// One step of a test.
    public enum Step: Sendable, Hashable {
        case startContext(String)
        case keystroke(key: String, gesture: LDMLGesture)
        case emit(String)
        case backspace
        /// An expected text, with the line of the `<check>` element.
        case check(String, line: Int)
    }

    /// One `<test>`: steps in order.
    public struct Test: Sendable {
        public let suite: String
        public let name: String
        public let steps: [Step]
    }

    /// One `<repertoire>`.
    public struct Repertoire: Sendable {
        public let name: String
        /// default, simple, gesture, flick, longPress, multiTap or hardware.
        public let type: String
        public let characters: [Unicode.Scalar]
    }

    /// The keyboard's file name from `<info keyboard=…>`.
    public let keyboardFile: String
    /// The test file's name from `<info name=…>`.
    public let name: String
    public let repertoires: [Repertoire]
    public let tests: [Test]

    /// The most characters one repertoire may name (`[\u{1}-\u{10FFFD}]` is 1.1 million, each
    /// checked and listed when unreachable).
    static let maximumRepertoire = 65_536

    /// Unescapes test-file text: `\u{…}` (several code points) and `\uXXXX` (UTF-16).
    public static func unescape(_ text: String) -> String { EscapedText.unescapeTestText(text) }

    /// Reads a test file; problems are diagnostics with file, line and fix.
    public static func read(path: String) throws(LDMLLoadError) -> KeyboardTestFile {
        switch FileReading.contents(of: path) {
        case .success(let bytes): return try read(data: Data(bytes), file: path)
        case .failure(let failure):
            throw LDMLLoadError(diagnostics: [
                LDMLDiagnostic(
                    file: path, line: 0, column: 0, path: "", code: "ldml.file-not-found",
                    message: failure.reason.replacingOccurrences(of: "the file", with: "the test file"),
                    fix: failure.fix)
            ])
        }
    }

    /// Reads a test file from `data`.
    public static func read(data: Data, file: String) throws(LDMLLoadError) -> KeyboardTestFile {
        var sink = DiagnosticSink()
        let root: XMLNode
        switch XMLTreeReader.parse(data, file: file) {
        case .failure(let error):
            throw LDMLLoadError(diagnostics: [
                LDMLDiagnostic(
                    file: file, line: error.line, column: error.column, path: "", code: "ldml.xml-syntax",
                    message: error.message, fix: error.fix)
            ])
        case .success(let node): root = node
        }
        let place = SourcePlace(file: file, node: root, path: root.name)
        guard root.name == "keyboardTest3" else {
            sink.error(
                place, "not-keyboardTest3", "the root element is <\(root.name)>", fix: "give a keyboardTest3 file")
            throw LDMLLoadError(diagnostics: sink.diagnostics)
        }
        let info = root.children(named: "info").first
        let keyboard = info?["keyboard"] ?? ""
        if keyboard.isEmpty {
            sink.error(
                place, "missing-attribute", "<info keyboard=…> is missing",
                fix: "add <info keyboard=\"name.xml\" name=\"…\"/>")
        }
        var repertoires: [Repertoire] = []
        for (number, node) in root.children(named: "repertoire").enumerated() {
            let repertoirePlace = place.child(node, index: number)
            let chars = node["chars"] ?? ""
            do {
                let set = try UnicodeSetParser.parse(chars)
                guard set.count <= Self.maximumRepertoire else {
                    sink.error(
                        repertoirePlace, "too-long",
                        "chars holds \(set.count) characters; a repertoire has at most \(Self.maximumRepertoire)",
                        fix: "test a script or block at a time, e.g. [\\u{0980}-\\u{09FF}]")
                    continue
                }
                let scalars = set.ranges.flatMap { range in range.compactMap(Unicode.Scalar.init) }
                repertoires.append(
                    Repertoire(
                        name: node["name"] ?? "repertoire \(number + 1)", type: node["type"] ?? "default",
                        characters: scalars))
            } catch {
                sink.error(repertoirePlace, error.code, "chars: \(error.message)", fix: error.fix)
            }
        }
        var tests: [Test] = []
        for (suiteNumber, suite) in root.children(named: "tests").enumerated() {
            let suiteName = suite["name"] ?? "tests \(suiteNumber + 1)"
            for (testNumber, test) in suite.children(named: "test").enumerated() {
                let testPlace = place.child(suite, index: suiteNumber).child(test, index: testNumber)
                var steps: [Step] = []
                for child in test.children {
                    switch child.name {
                    case "startContext": steps.append(.startContext(EscapedText.unescapeTestText(child["to"] ?? "")))
                    case "emit": steps.append(.emit(EscapedText.unescapeTestText(child["to"] ?? "")))
                    case "backspace": steps.append(.backspace)
                    case "check":
                        steps.append(.check(EscapedText.unescapeTestText(child["result"] ?? ""), line: child.line))
                    case "keystroke":
                        guard let key = child["key"] else {
                            sink.error(
                                testPlace.child(child), "missing-attribute", "<keystroke> needs key",
                                fix: "add key=\"id\"")
                            continue
                        }
                        steps.append(
                            .keystroke(key: key, gesture: gesture(child, place: testPlace.child(child), sink: &sink)))
                    default: break
                    }
                }
                tests.append(Test(suite: suiteName, name: test["name"] ?? "test \(testNumber + 1)", steps: steps))
            }
        }
        if sink.hasErrors { throw LDMLLoadError(diagnostics: sink.diagnostics) }
        return KeyboardTestFile(
            keyboardFile: keyboard, name: info?["name"] ?? "", repertoires: repertoires, tests: tests)
    }

    private static func gesture(_ node: XMLNode, place: SourcePlace, sink: inout DiagnosticSink) -> LDMLGesture {
        let given = ["flick", "longPress", "tapCount"].filter { node[$0] != nil }
        if given.count > 1 {
            sink.error(
                place, "several-gestures", "a keystroke with \(given.joined(separator: " and "))",
                fix: "give one gesture per keystroke")
        }
        if let flick = node["flick"] {
            let directions = LDMLFlickDirection.list(flick) { word in
                sink.error(
                    place, "bad-direction", "flick=\"\(flick)\": \"\(word)\" is not a flick direction",
                    fix: "use n ne e se s sw w nw, separated by spaces")
            }
            if directions.isEmpty, !flick.contains(where: { !$0.isListSeparator }) {
                sink.error(
                    place, "bad-direction", "a keystroke with flick=\"\(flick)\" and no direction",
                    fix: "write e.g. flick=\"ne\"")
            }
            return .flick(directions)
        }
        /// The whole number `attribute` gives, when it is one in `range`; else an error naming the range.
        func number(_ attribute: String, _ range: ClosedRange<Int>, _ meaning: String) -> Int? {
            guard let value = node[attribute] else { return nil }
            guard let number = Int(value), range.contains(number) else {
                sink.error(
                    place, "bad-value",
                    "\(attribute)=\"\(value)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                    fix: meaning)
                return nil
            }
            return number
        }
        if node["longPress"] != nil {
            // 0 picks the key's default long-press key, as no longPress does.
            return .longPress(
                number("longPress", 0...LayoutLimits.alternates, "give the long-press key's place, from 1"))
        }
        if let count = number("tapCount", 1...KeyEvent.multiTapLimit, "give the number of taps, 2 for a double tap") {
            // Below 2 is not a multi-tap: it is typed as a plain tap.
            return .multiTap(count)
        }
        return .tap
    }
}
