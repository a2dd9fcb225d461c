import LayoutEngine
import Testing

/// Types key names on a session, applying the edits to a buffer, as a host would.
///
///     var typist = Typist(Shipped.layout("hu-touch"))
///     typist.type("o ¨ ˝")
///     #expect(typist.text == "ő")
public struct Typist {
    /// The session typed on.
    public var session: TypingSession
    /// The host's text.
    public var buffer: TextBuffer
    /// Every edit the session returned, in order.
    public var edits: [Edit] = []

    /// A typist on a fresh session of `layout`, after `context` (the host's text so far).
    public init(_ layout: Layout, backspace: BackspacePolicy? = nil, context: String = "") {
        session = TypingSession(layout: layout, backspacePolicy: backspace)
        buffer = TextBuffer(context)
        if !context.isEmpty { session.setContext(context) }
    }

    /// Types space-separated key names (see `KeyNames`); fails the test on an unknown name.
    public mutating func type(_ names: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in names.split(separator: " ") {
            do {
                for event in try KeyNames.events(for: String(name), in: session) { handle(event) }
            } catch {
                Issue.record("\(error)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Sends one event and applies its edit.
    public mutating func handle(_ event: KeyEvent) {
        let edit = session.handle(event)
        buffer.apply(edit)
        edits.append(edit)
    }

    /// The host's text.
    public var text: String { buffer.text }
}

/// Types space-separated key names (see `KeyNames`) on a fresh session and returns the
/// host's text; fails the test on an unknown name.
public func type(_ names: String, on layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    var typist = Typist(layout)
    typist.type(names, sourceLocation: sourceLocation)
    return typist.text
}

/// Replays events through a fresh session (in `state`, when given) and a host buffer.
public func replay(_ events: some Sequence<KeyEvent>, on layout: Layout, from state: SessionState? = nil) -> String {
    var typist = Typist(layout)
    if let state { typist.session.setState(state) }
    for event in events { typist.handle(event) }
    return typist.text
}

/// The scalars of a text: `String`'s `==` treats canonically equivalent texts as equal,
/// and the host's text must be NFC exactly.
public func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

/// Plans `text` on `layout` (with `planner`, when given, to reuse its memory) and replays
/// the plan through a fresh session: the plan and the text it typed.
public func roundTrip(_ text: String, on layout: Layout, planner: KeystrokePlanner? = nil) -> (
    plan: KeystrokePlan, typed: String
) {
    let plan = (planner ?? KeystrokePlanner(layout: layout)).plan(text)
    return (plan, replay(plan.events, on: layout))
}
