import KeyboardHost
import LayoutEngine

/// The state behind one `pk_session` handle: a typing session, the host's text before the
/// caret as the session's edits leave it, and the last edit in the units a C host counts.
///
/// A press may be several key events (a name with a shift before it, a keysym the planner
/// types with `123` first); their edits are combined into the one edit the host applies.
struct SessionCore: Sendable {
    /// The layout and its host keys.
    let layout: LayoutHandle
    /// The session that types.
    private(set) var session: TypingSession
    /// The host's text before the caret, in the host's own scalars: the context given, with
    /// every edit since applied. The delete counts in UTF-8 and UTF-16 are read from it.
    private(set) var hostText: [Unicode.Scalar] = []
    /// The last press's edit, combined.
    private(set) var lastEdit = Edit.none
    /// What the last edit deletes, in UTF-8 bytes and UTF-16 code units.
    private(set) var deletedUTF8 = 0
    private(set) var deletedUTF16 = 0
    /// Plans characters the shown layer has no key for; made when first needed.
    private var planner: KeystrokePlanner?

    /// A session on `layout` with an empty context.
    init(layout: LayoutHandle) {
        self.layout = layout
        session = TypingSession(layout: layout.layout)
    }

    /// The text before the caret, as the host holds it.
    var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: hostText)
        return String(view)
    }

    /// Sets the text before the caret, in the host's form; the last edit becomes empty.
    mutating func setContext(_ text: String) {
        session.setContext(text)
        hostText = Array(text.unicodeScalars)
        record(.none, utf8: 0, utf16: 0)
    }

    /// Chooses what backspace deletes.
    mutating func setBackspacePolicy(_ policy: BackspacePolicy) {
        session.backspacePolicy = policy
    }

    /// Applies `events` in order and keeps their combined edit as the last edit.
    mutating func press(_ events: [KeyEvent]) {
        if events.count == 1 {
            press(events[0])
            return
        }
        var low = hostText.count
        var utf8 = 0
        var utf16 = 0
        var deleted = 0  // the host's scalars below where this press began
        var effect = EditEffect.none
        for event in events {
            let edit = session.handle(event)
            for _ in 0..<min(edit.deleteCount, hostText.count) {
                let scalar = hostText.removeLast()
                if hostText.count < low {
                    deleted += 1
                    utf8 += UTF8.width(scalar)
                    utf16 += UTF16.width(scalar)
                    low = hostText.count
                }
            }
            hostText.append(contentsOf: edit.insert.unicodeScalars)
            if edit.effect != .none { effect = edit.effect }
        }
        var inserted = String.UnicodeScalarView()
        inserted.append(contentsOf: hostText[low...])
        record(Edit(deleteCount: deleted, insert: String(inserted), effect: effect), utf8: utf8, utf16: utf16)
    }

    /// Applies one event: its edit is the host's, but for deletions past the host's text
    /// (which the host cannot make), counted in the host's units as they are removed.
    mutating func press(_ event: KeyEvent) {
        let edit = session.handle(event)
        let deleted = min(edit.deleteCount, hostText.count)
        var utf8 = 0
        var utf16 = 0
        for _ in 0..<deleted {
            let scalar = hostText.removeLast()
            utf8 += UTF8.width(scalar)
            utf16 += UTF16.width(scalar)
        }
        hostText.append(contentsOf: edit.insert.unicodeScalars)
        let kept =
            deleted == edit.deleteCount ? edit : Edit(deleteCount: deleted, insert: edit.insert, effect: edit.effect)
        record(kept, utf8: utf8, utf16: utf16)
    }

    /// The events of the key named `name` in the current state (`KeyNames`, as `kbdsim --keys`),
    /// looked up in the layout's name table.
    func events(named name: String) -> [KeyEvent]? {
        KeyNames.knownEvents(for: name, in: session, table: layout.names)
    }

    /// The events that typing `keysym` on a US keyboard presses, as the IBus engine maps it:
    /// BackSpace and Return their keys, a character the key that types it or its physical key
    /// reaches (`HostKeys`), an accent's symbol the accent key, else the keys the planner finds.
    /// `nil` when none does.
    mutating func events(forKeysym keysym: UInt32) -> [KeyEvent]? {
        let visible = session.visibleLayer
        let map = layout.hostKeys.maps[visible]
        switch keysym {
        case Keysym.backSpace: return map.backspace.map { [.tap($0)] }
        case Keysym.returnKey, Keysym.keypadEnter: return map.returnKey.map { [.tap($0)] }
        default: break
        }
        guard let character = Keysym.character(keysym) else { return nil }
        if let key = layout.hostKeys.directKey(for: character, on: visible)
            ?? layout.hostKeys.accentKey(showing: character, on: visible)
        {
            return [.tap(key)]
        }
        if planner == nil { planner = layout.sharedPlanner() }
        guard
            let plan = planner?.planKeyPress(
                String(character), from: session.state, after: HostKeys.lastGrapheme(of: session.context)),
            plan.untypeable.isEmpty, !plan.events.isEmpty
        else { return nil }
        return plan.events
    }

    private mutating func record(_ edit: Edit, utf8: Int, utf16: Int) {
        lastEdit = edit
        deletedUTF8 = utf8
        deletedUTF16 = utf16
    }
}
