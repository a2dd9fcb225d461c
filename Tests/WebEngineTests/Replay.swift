import Foundation
import LayoutEngine

/// A script of engine calls for `web/tests/replay.mjs`, made while the same calls run on the
/// native `TypingSession`: each line's native answer is kept, to compare with the `.wasm`'s.
struct Replay {
    /// What the native engine answered to one call.
    enum Expected {
        case edit(Edit)
        case edits([Edit])
        case unknownKey(String)
        case opened(Bool)
        case loaded(ok: Bool, text: String)
        case view(shift: String, visibleLayer: String, names: [[String]])
        case text(String)
        case nothing
    }

    private(set) var script: [String] = []
    /// How many unknown names the native engine answered with the keys that type them.
    private(set) var typingSuggestions = 0
    private(set) var expected: [Expected] = []
    private(set) var session: TypingSession?
    private var names: KeyNameTable?
    private var backspace: BackspacePolicy?
    /// The host's text: the last context, every edit since applied.
    private var buffer = TextBuffer()

    /// How many key events the script holds.
    private(set) var eventCount = 0

    private mutating func add(_ call: [Any], _ answer: Expected) {
        let data = try! JSONSerialization.data(withJSONObject: call, options: [.fragmentsAllowed])
        script.append(String(decoding: data, as: UTF8.self))
        expected.append(answer)
    }

    /// Opens a shipped layout (an unknown id leaves the open one).
    mutating func open(_ id: String) {
        guard let layout = LayoutCatalog.readBuiltIn(id)?.layout else {
            add(["open", id], .opened(false))
            return
        }
        session = TypingSession(layout: layout, backspacePolicy: backspace)
        names = KeyNameTable(layout: layout)
        add(["open", id], .opened(true))
        context("")
    }

    /// Opens a layout file's text, as `kbdsim --layout FILE` would read it.
    mutating func openJSON(_ text: String, fileName: String) {
        let expectedID = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : nil
        let result = LayoutLoader.read(bytes: Array(text.utf8), file: fileName, expectedID: expectedID)
        if let layout = result.layout {
            session = TypingSession(layout: layout, backspacePolicy: backspace)
            names = KeyNameTable(layout: layout)
        }
        add(
            ["openJSON", fileName, text],
            .loaded(ok: result.layout != nil, text: LayoutLoadError(diagnostics: result.diagnostics).description))
    }

    /// Replaces the text before the caret.
    mutating func context(_ text: String) {
        session?.setContext(text)
        buffer = TextBuffer(text)
        add(["context", text], .nothing)
    }

    /// Sets the backspace choice.
    mutating func setBackspace(_ policy: BackspacePolicy) {
        backspace = policy
        session?.backspacePolicy = policy
        add(["backspace", policy.rawValue], .nothing)
    }

    /// One key event, as the bridge's call of its kind.
    mutating func event(_ event: KeyEvent) {
        guard session != nil else { return }
        let key = event.key.rawValue
        let call: [Any] =
            if event.isMultiTap {
                ["multi", key, event.tapCount]
            } else if event.isFlick {
                ["flick", key, event.flickDirections.map { $0.name }.joined(separator: ",")]
            } else if event.isLongPress {
                ["long", key, event.alternate.map { $0 as Any } ?? NSNull()]
            } else {
                ["tap", key]
            }
        eventCount += 1
        let edit = session!.handle(event)
        buffer.apply(edit)
        add(call, .edit(edit))
    }

    /// A trace name, resolved by `KeyNames` and each event applied.
    mutating func press(_ name: String) {
        guard let current = session else { return }
        do {
            let events = try KeyNames.events(for: name, in: current, table: names)
            eventCount += events.count
            let edits = events.map { session!.handle($0) }
            for edit in edits { buffer.apply(edit) }
            add(["press", name], .edits(edits))
        } catch {
            // The .wasm is built without the planner (web/build-wasm.sh): it suggests near
            // names only, never the keys that type the name as text, as the core does.
            if error.suggestingTypedKeys(in: current).suggestsTyping { typingSuggestions += 1 }
            add(["press", name], .unknownKey(error.description))
        }
    }

    /// The keys shown now: names (the trace's), shift and the layer shown.
    mutating func view() {
        guard let session, let names else { return }
        let layout = session.layout
        let visible = session.visibleLayer
        let shift =
            switch session.state.shift {
            case .off: "off"
            case .once: "once"
            case .locked: "caps"
            }
        add(
            ["view"],
            .view(
                shift: shift, visibleLayer: layout.layers[visible].id,
                names: layout.layers[visible].rows.map { row in row.map { names.names[$0.rawValue] } }))
    }

    /// The host's text as the page holds it, every edit applied (`applyEdit` in engine.js).
    mutating func text() {
        add(["text"], .text(buffer.text))
    }

    /// The lines where the `.wasm`'s answers differ from the native ones, described.
    func mismatches(_ answers: [String]) -> [String] {
        var problems: [String] = []
        if answers.count != expected.count {
            problems.append("\(answers.count) answers to \(expected.count) calls")
        }
        for (index, (line, answer)) in zip(expected, answers).enumerated() {
            let object = (try? JSONSerialization.jsonObject(with: Data(answer.utf8), options: [.fragmentsAllowed]))
            if let problem = Self.difference(line, object) {
                problems.append("line \(index + 1) \(script[index]): \(problem); wasm said \(answer)")
                if problems.count >= 20 { break }
            }
        }
        return problems
    }

    private static func difference(_ expected: Expected, _ answer: Any?) -> String? {
        let object = answer as? [String: Any]
        switch expected {
        case .edit(let edit):
            return same(edit, object) ? nil : "native \(describe(edit))"
        case .edits(let edits):
            let got = object?["edits"] as? [[String: Any]] ?? []
            return got.count == edits.count && zip(edits, got).allSatisfy { same($0, $1) }
                ? nil : "native \(edits.map(describe))"
        case .unknownKey(let message):
            return exactly(object?["error"], message) ? nil : "native: \(message)"
        case .opened(let ok):
            return object?["ok"] as? Bool == ok ? nil : "native ok \(ok)"
        case .loaded(let ok, let text):
            guard object?["ok"] as? Bool == ok else { return "native ok \(ok)" }
            return ok || exactly(object?["text"], text) ? nil : "native text \(text)"
        case .view(let shift, let visibleLayer, let names):
            let rows = (object?["rows"] as? [[[String: Any]]] ?? []).map { row in
                row.map { $0["name"] as? String ?? "" }
            }
            let sameNames =
                rows.count == names.count
                && zip(rows, names).allSatisfy { row, expected in
                    row.count == expected.count && zip(row, expected).allSatisfy { exactly($0, $1) }
                }
            return object?["shift"] as? String == shift && object?["visibleLayer"] as? String == visibleLayer
                && sameNames ? nil : "native \(shift) \(visibleLayer) \(names)"
        case .text(let text):
            return exactly(object?["text"], text) ? nil : "native text \(text.unicodeScalars.map { $0.value })"
        case .nothing:
            return object?.isEmpty == true ? nil : "native {}"
        }
    }

    private static func same(_ edit: Edit, _ object: [String: Any]?) -> Bool {
        object?["deleteCount"] as? Int == edit.deleteCount && exactly(object?["insert"], edit.insert)
            && object?["effect"] as? String == effectName(edit.effect)
    }

    /// Whether `answer` is a string of exactly the scalars of `expected` (`String`'s `==`
    /// would call NFC and NFD the same).
    private static func exactly(_ answer: Any?, _ expected: String) -> Bool {
        guard let answer = answer as? String else { return false }
        return answer.unicodeScalars.elementsEqual(expected.unicodeScalars)
    }

    private static func describe(_ edit: Edit) -> String {
        "{\(edit.deleteCount), \(edit.insert.unicodeScalars.map { String($0.value, radix: 16) }), \(effectName(edit.effect))}"
    }

    /// The bridge's name of an effect.
    static func effectName(_ effect: EditEffect) -> String {
        switch effect {
        case .none: "none"
        case .typed: "typed"
        case .accentAdded: "accentAdded"
        case .accentReplaced: "accentReplaced"
        case .accentSymbol: "accentSymbol"
        case .accentRemoved: "accentRemoved"
        case .graphemeDeleted: "graphemeDeleted"
        }
    }
}
