import Foundation
import LayoutEngine

/// Runs keyboard test files against a keyboard and reports in TAP.
public enum KeyboardTestRunner {
    /// The outcome of one test or repertoire.
    public struct Outcome: Sendable {
        /// `suite/test` or `repertoire NAME (type)`.
        public let name: String
        public let passed: Bool
        /// Why it failed: the check's line, expected and actual text.
        public let details: [String]
    }

    /// Where the keyboard of a test file is: next to the test file, then in a sibling
    /// `3.0/` folder.
    public static func locateKeyboard(testPath: String, keyboardFile: String) -> String? {
        let directory = (testPath as NSString).deletingLastPathComponent
        let candidates = [
            (directory as NSString).appendingPathComponent(keyboardFile),
            (((directory as NSString).deletingLastPathComponent as NSString).appendingPathComponent("3.0") as NSString)
                .appendingPathComponent(keyboardFile),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// How many unreachable characters a repertoire's outcome names (then how many more).
    static let listedUnreachable = 100

    /// Runs every repertoire and test of `file` on `keyboard`.
    public static func run(_ file: KeyboardTestFile, keyboard: LDMLKeyboard) -> [Outcome] {
        var outcomes: [Outcome] = []
        let reach = Reachability(keyboard: keyboard)
        for repertoire in file.repertoires {
            let missing = repertoire.characters.filter { !reach.reaches($0, kind: repertoire.type) }
            outcomes.append(
                Outcome(
                    name: "repertoire \(repertoire.name) (\(repertoire.type))", passed: missing.isEmpty,
                    details: missing.isEmpty
                        ? []
                        : [
                            "unreachable: "
                                + missing.prefix(Self.listedUnreachable).map {
                                    "\(String($0)) U+\(String($0.value, radix: 16, uppercase: true))"
                                }
                                .joined(separator: ", ")
                                + (missing.count > Self.listedUnreachable
                                    ? " and \(missing.count - Self.listedUnreachable) more" : "")
                        ]))
        }
        for test in file.tests { outcomes.append(run(test, keyboard: keyboard)) }
        return outcomes
    }

    /// Runs one test: the host text is built from the session's edits and compared with
    /// the session's own text at each check.
    public static func run(_ test: KeyboardTestFile.Test, keyboard: LDMLKeyboard) -> Outcome {
        var session = LDMLSession(keyboard: keyboard)
        var host = TextBuffer()
        var details: [String] = []
        for step in test.steps {
            switch step {
            case .startContext(let text):
                session.setContext(text)
                host = TextBuffer(session.text)
            case .keystroke(let key, let gesture): host.apply(session.press(id: key, gesture: gesture))
            case .emit(let text): host.apply(session.emit(text))
            case .backspace: host.apply(session.backspace())
            case .check(let expected, let line):
                let wanted = keyboard.normalizationDisabled ? expected : expected.precomposedStringWithCanonicalMapping
                let actual = host.text
                if actual.unicodeScalars.elementsEqual(wanted.unicodeScalars), actual == session.text { continue }
                details.append("check at line \(line)")
                details.append("expected: \(quoted(wanted))")
                details.append("actual:   \(quoted(actual))")
                if actual != session.text { details.append("session:  \(quoted(session.text))") }
            }
        }
        return Outcome(name: "\(test.suite)/\(test.name)", passed: details.isEmpty, details: details)
    }

    /// The outcomes as TAP: a plan line, then one `ok`/`not ok` line each, failures with
    /// a YAML block of their details.
    public static func tap(_ outcomes: [Outcome], title: String) -> String {
        var lines = ["TAP version 13", "# \(title)", "1..\(outcomes.count)"]
        for (number, outcome) in outcomes.enumerated() {
            lines.append("\(outcome.passed ? "ok" : "not ok") \(number + 1) - \(outcome.name)")
            if !outcome.passed {
                lines.append("  ---")
                lines += outcome.details.map { "  " + $0 }
                lines.append("  ...")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text with escapes for invisible and combining characters, in quotes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            let visible =
                scalar.value >= 0x20 && scalar.value != 0x7F && scalar.value != 0x22 && scalar.value != 0x5C
                && scalar.properties.canonicalCombiningClass.rawValue == 0 && !scalar.properties.isWhitespace
            result +=
                visible || scalar == " " ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return result + "\""
    }
}

/// Which characters a keyboard can produce by each kind of gesture, for repertoire tests:
/// the outputs of keys on the layers (simple), of long-press, multi-tap and flick targets
/// (gesture), of hardware layers (hardware), plus what transforms output (any kind). A
/// character also counts as reachable when every scalar of its NFD is.
struct Reachability {
    private var kinds: [String: Set<UInt32>] = [:]

    init(keyboard: LDMLKeyboard) {
        func add(_ key: Int, _ kind: String) {
            kinds[kind, default: []].formUnion(keyboard.keys[key].output.filter { !TextElement.isMarker($0) })
        }
        for set in keyboard.layerSets {
            for layer in set.layers {
                for row in layer.rows {
                    for key in row {
                        add(key, "simple")
                        if set.formID != "touch" { add(key, "hardware") }
                        let pressed = keyboard.keys[key]
                        for target in pressed.longPress { add(target, "longPress") }
                        for target in pressed.multiTap { add(target, "multiTap") }
                        if let flick = pressed.flickID {
                            for segment in keyboard.flicks[flick] ?? [] { add(segment.key, "flick") }
                        }
                    }
                }
            }
        }
        var transformed: Set<UInt32> = []
        for group in keyboard.simpleGroups {
            guard case .rules(let group) = group else { continue }
            for rule in group.rules {
                for part in rule.replacement.parts {
                    switch part {
                    case .elements(let elements): transformed.formUnion(elements.filter { !TextElement.isMarker($0) })
                    case .mapped(_, _, let target):
                        transformed.formUnion(target.joined().filter { !TextElement.isMarker($0) })
                    case .capture: break
                    }
                }
            }
        }
        let gestures = kinds["longPress", default: []].union(kinds["multiTap", default: []]).union(
            kinds["flick", default: []])
        kinds["gesture"] = gestures.union(kinds["simple", default: []])
        kinds["default"] = kinds["gesture"]
        for kind in ["simple", "gesture", "default", "hardware", "longPress", "multiTap", "flick"] {
            kinds[kind, default: []].formUnion(transformed)
        }
    }

    /// Whether `character` is reachable by `kind`.
    func reaches(_ character: Unicode.Scalar, kind: String) -> Bool {
        let set = kinds[kind] ?? kinds["default"] ?? []
        if set.contains(character.value) { return true }
        let parts = Normalization.decompose(character.value)
        return parts.count > 1 && parts.allSatisfy { set.contains($0) }
    }
}
