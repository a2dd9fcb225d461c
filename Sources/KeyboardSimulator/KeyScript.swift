import LayoutEngine

/// The non-interactive simulator: key names (`a ´ l m a`) or a text typed through the
/// planner, with a trace line per event. `kbdsim --keys`, `--text` and standard input use it.
///
/// ```swift
/// var script = KeyScript(layout: huTouch)
/// let lines = try script.press("a")  + script.press("´")   // ["a  → insert \"a\"", "´  → replace 1 with \"á\""]
/// script.text                                               // "á"
/// ```
public struct KeyScript: Sendable {
    /// The session typed on.
    public private(set) var session: TypingSession
    /// The host's text.
    public private(set) var buffer = TextBuffer()
    /// Keystrokes so far (`KeyEvent.keystrokes`: a long-press counts two).
    public private(set) var keystrokes = 0
    /// Every key's name, for resolving names and for the trace.
    private let table: KeyNameTable

    /// A script on `layout`, with the layout's backspace policy unless one is given.
    public init(layout: Layout, backspacePolicy: BackspacePolicy? = nil) {
        session = TypingSession(layout: layout, backspacePolicy: backspacePolicy)
        table = KeyNameTable(layout: layout)
    }

    /// The text typed so far (NFC).
    public var text: String { buffer.text }

    /// Presses the key named `name` (see `KeyNames`; a capital letter is shift + letter, so it
    /// may be two events); returns one trace line per event.
    public mutating func press(_ name: String) throws(KeyNames.UnknownKeyName) -> [String] {
        let events: [KeyEvent]
        do {
            events = try KeyNames.events(for: name, in: session, table: table)
        } catch {
            throw error.suggestingTypedKeys(in: session)
        }
        return events.map { apply($0) }
    }

    /// Presses each name in `names`, separated by ASCII spaces, tabs or line breaks
    /// (`KeyNames.split(_:)`); stops at the first unknown one.
    public mutating func press(names: String) throws(KeyNames.UnknownKeyName) -> [String] {
        var lines: [String] = []
        for name in KeyNames.split(names) {
            lines += try press(name)
        }
        return lines
    }

    /// Types `text` through the planner, key by key; returns the trace lines and the
    /// graphemes the layout cannot type (left out).
    public mutating func type(
        text: String, planner: KeystrokePlanner? = nil
    ) -> (trace: [String], untypeable: [UntypeableGrapheme]) {
        let planner = planner ?? KeystrokePlanner(layout: session.layout)
        let plan = planner.plan(text, from: session.state, after: self.text)
        return (plan.events.map { apply($0) }, plan.untypeable)
    }

    /// Applies one event; returns its trace line.
    @discardableResult
    public mutating func apply(_ event: KeyEvent) -> String {
        let edit = session.handle(event)
        buffer.apply(edit)
        keystrokes += event.keystrokes
        return EditDescription.trace(event, edit: edit, state: session.state, in: session.layout, names: table.names)
    }
}
