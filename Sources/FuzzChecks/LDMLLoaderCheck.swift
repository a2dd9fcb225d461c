import Foundation
import LDMLKeyboards
import LayoutEngine

extension FuzzChecks {
    /// Arbitrary bytes as a keyboard3 file: a rejection carries an error, every diagnostic
    /// names its file, code and fix, and a keyboard that loads can be typed on (every key
    /// with every gesture, then backspace to the start) with the host's text equal to the
    /// session's, and converts to a layout (`convert`).
    public static func ldmlLoader(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let result = LDMLLoader.read(data: Data(bytes), file: "fuzz.xml")
        let errors = result.diagnostics.filter { $0.severity == .error }
        if result.keyboard == nil, errors.isEmpty { problems.append("rejected without an error diagnostic") }
        if result.keyboard != nil, !errors.isEmpty { problems.append("accepted a keyboard with errors: \(errors)") }
        for diagnostic in result.diagnostics
        where diagnostic.file.isEmpty || !diagnostic.code.rawValue.hasPrefix("ldml.") || (diagnostic.fix ?? "").isEmpty
            || diagnostic.message.isEmpty
        {
            problems.append("diagnostic without a place, code or fix: \(diagnostic)")
        }
        if let keyboard = result.keyboard {
            problems += typeEverything(keyboard)
            problems += convert(keyboard)
        }
        return problems
    }

    /// Converts both forms to a `Layout` (it may refuse, with an error): the dead keys that
    /// marker keys become compose one character with one, make one character with another
    /// dead key of the layout (never with themselves: pressed twice they type their symbol),
    /// and are keys of the layout.
    static func convert(_ keyboard: LDMLKeyboard) -> [String] {
        var problems: [String] = []
        // A keyboard with one form converts to the same layout and typing layout for either
        // (`layout(id:hardware:)` takes the form there is): checking it twice found nothing more.
        let forms = keyboard.touch() == nil || keyboard.hardware == nil ? [false] : [false, true]
        for hardware in forms {
            guard let layout = try? keyboard.layout(id: "fuzz", hardware: hardware) else { continue }
            let names = Set(layout.deadKeys.map(\.name))
            for (index, deadKey) in layout.deadKeys.enumerated() {
                if !layout.keys.contains(where: { $0.action == .deadKey(index) }) {
                    problems.append("dead key \(deadKey.name) is on no key")
                }
                for (following, result) in deadKey.compositions where following.count != 1 || result.count != 1 {
                    problems.append(
                        "dead key \(deadKey.name): \(following.debugDescription) → \(result.debugDescription)")
                }
                for (next, result) in deadKey.afterDeadKeys
                where next == deadKey.name || !names.contains(next) || result.count != 1 {
                    problems.append("dead key \(deadKey.name): then \(next) → \(result.debugDescription)")
                }
            }
            problems += planCompositions(keyboard, layout, hardware: hardware)
        }
        return problems
    }

    /// A few of the layout's text compositions, planned from an empty text and typed by the
    /// keyboard: the two texts give the first alone (the second cannot follow it), and what
    /// they make, when it is one grapheme, is typed as it is.
    static func planCompositions(_ keyboard: LDMLKeyboard, _ layout: Layout, hardware: Bool) -> [String] {
        guard !layout.textCompositions.isEmpty else { return [] }
        let typing = keyboard.typingLayout(layout, hardware: hardware)
        var problems: [String] = []
        let pairs = layout.textCompositions.sorted { $0.key < $1.key }.prefix(3).flatMap { before, pairs in
            pairs.sorted { $0.key < $1.key }.prefix(3).map { (before, $0.key, $0.value) }
        }
        let planned = pairs.map { before, typed, result in
            (before, typed, result, [before + typed] + (result.count == 1 ? [result] : []))
        }
        // Tables for the planned texts' graphemes only: the same plans as the whole layout's
        // planner (PlannerForTextsTests), without the tables of graphemes never planned here.
        let planner = KeystrokePlanner(layout: typing, forTexts: planned.flatMap(\.3))
        for (before, typed, result, texts) in planned {
            for text in texts {
                let plan = planner.plan(text)
                var session = TypingSession(layout: typing)
                var host = TextBuffer()
                for event in plan.events { host.apply(session.handle(event)) }
                let expected = UntypeableGrapheme.text(text, without: plan.untypeable) ?? ""
                if host.text != expected {
                    problems.append(
                        "planned \(text.debugDescription) (\(before.debugDescription) then \(typed.debugDescription) "
                            + "make \(result.debugDescription)), typed \(host.text.debugDescription)")
                }
            }
        }
        return problems
    }

    /// Types every key with every gesture on the touch and hardware layers, then deletes.
    static func typeEverything(_ keyboard: LDMLKeyboard) -> [String] {
        var problems: [String] = []
        // A keyboard with one form has the same session for either (it takes the form there
        // is): typed once, as `convert` converts it once.
        let forms = keyboard.touch() == nil || keyboard.hardware == nil ? [false] : [false, true]
        for hardware in forms {
            var session = LDMLSession(keyboard: keyboard, hardware: hardware)
            var host = TextBuffer()
            let gestures: [LDMLGesture] = [
                .tap, .longPress(nil), .longPress(2), .multiTap(3), .flick([.n]), .flick([.nw, .se]),
            ]
            for key in keyboard.keys.indices.prefix(256) {
                for gesture in gestures { host.apply(session.press(key, gesture: gesture)) }
            }
            for code: UInt8 in [0x02, 0x10, 0x1E, 0x29, 0x2C, 0x39, 0x56] {
                host.apply(session.pressHardware(scanCode: code, modifiers: []))
                host.apply(session.pressHardware(scanCode: code, modifiers: [.shift, .altR]))
            }
            if !holds(host, session) {
                problems.append(
                    "host text \(host.text.debugDescription) differs from the session's \(session.text.debugDescription)"
                )
            }
            for _ in 0..<(host.scalars.count + 8) { host.apply(session.backspace()) }
            if !holds(host, session) {
                problems.append("after backspaces the host's text differs from the session's")
            }
        }
        return problems
    }

    /// Whether the host holds the session's text, scalar for scalar (not as a String, whose
    /// == is canonical equivalence): all of it, or, once the session has dropped old context
    /// (it keeps about `contextLimit` elements), ending with all the session still has.
    static func holds(_ host: TextBuffer, _ session: LDMLSession) -> Bool {
        let text = Array(session.text.unicodeScalars)
        if host.scalars.count == text.count { return host.scalars == text }
        return host.scalars.count > text.count && session.contextCount >= min(session.contextLimit, 64)
            && host.scalars.suffix(text.count).elementsEqual(text)
    }

    /// The keyboard a transform is typed on, parsed once a process: its transform's `from`
    /// and `to` are set for each input in the parsed tree (`LDMLLoader.read(root:file:)`),
    /// which then loads as the whole file would, without parsing XML again.
    static let transformTemplate: XMLNode? = {
        let xml = """
            <keyboard3 locale="und" conformsTo="45"><info name="fuzz"/>
            <keys><key id="m" output="\\m{m}"/></keys>
            <layers formId="touch"><layer id="base"><row keys="a m"/></layer></layers>
            <variables><set id="s" value="a b cc"/><set id="t" value="x y z"/><uset id="u" value="[a-f]"/><string id="v" value="\\m{m}q"/></variables>
            <transforms type="simple"><transformGroup><transform from="FROM" to="TO"/></transformGroup>
            <transformGroup><reorder from="[\\u{300}-\\u{36F}]" order="10"/><reorder before="b" from="c" order="-1"/></transformGroup></transforms>
            <transforms type="backspace"><transformGroup><transform from="FROM"/></transformGroup></transforms>
            </keyboard3>
            """
        return try? XMLTreeReader.parse(Data(xml.utf8), file: "fuzz.xml").get()
    }()

    /// The template with `from` and `to` in its transforms (the backspace transform gets `from`).
    static func transformKeyboard(from: String, to: String) -> XMLNode? {
        guard var root = transformTemplate else { return nil }
        for (index, node) in root.children.enumerated() where node.name == "transforms" {
            var rule = node.children[0].children[0]
            rule.attributes["from"] = from
            if rule.attributes["to"] != nil { rule.attributes["to"] = to }
            root.children[index].children[0].children[0] = rule
        }
        return root
    }

    /// Bytes as a transform: up to the first NUL the `from=` pattern, up to the second the
    /// `to=`, the rest text emitted one character at a time (with backspaces for 0x08). A
    /// pattern that loads never traps, never loops, and keeps the host equal to the session.
    /// Text XML cannot hold in an attribute (control characters but tab, LF and CR; U+FFFE,
    /// U+FFFF) is rejected, as it was when the input was written into a file.
    public static func ldmlTransforms(_ bytes: [UInt8]) -> [String] {
        let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard parts.count == 3 else { return [] }
        let unwritable = parts[0...1].contains { part in
            part.unicodeScalars.contains {
                ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) || $0.value >= 0xFFFE && $0.value <= 0xFFFF
            }
        }
        guard !unwritable, let root = transformKeyboard(from: parts[0], to: parts[1]) else { return [] }
        let result = LDMLLoader.read(root: root, file: "fuzz.xml")
        guard let keyboard = result.keyboard else {
            return result.diagnostics.contains { $0.severity == .error } ? [] : ["rejected without an error"]
        }
        var session = LDMLSession(keyboard: keyboard)
        var host = TextBuffer()
        for character in parts[2].prefix(200) {
            if character == "\u{8}" {
                host.apply(session.backspace())
            } else if character == "\u{7}" {
                host.apply(session.press(id: "m"))
            } else {
                host.apply(session.emit(String(character)))
            }
        }
        return holds(host, session)
            ? [] : ["host text differs from the session's for \(parts[0].debugDescription)"]
    }
}
