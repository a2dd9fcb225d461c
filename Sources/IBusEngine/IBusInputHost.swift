import KeyboardHost
import LayoutEngine

/// The engine behind one IBus input context: key events in, requests to the client out.
///
/// It is a host of `TypingSession`, like the simulator: a physical key presses the layout key
/// the host layer gives (`HostKeys`, as in the simulator: a letter the key with that letter,
/// hu-touch's ´ ¨ ˝ on `;` `'` `[`), characters the visible layer has no key for are planned with
/// `KeystrokePlanner`, and the session's `Edit`s become `deleteBefore` and `commit` on the
/// client. When the client reports the text before the caret, accents and backspace work on
/// that text, and the session counts deletions in the client's own scalars (NFC or NFD);
/// otherwise they work on the session's own record of what it typed since focus-in. A client
/// that takes no deletions (a terminal) gets the last letter as preedit until it is final
/// (`IBusInputHost+Preedit.swift`). Keys the layout does not use go to the application.
///
/// ```swift
/// var host = IBusInputHost(layout: huTouch)
/// host.process(IBusKey(keyval: 0x61), client: &buffer)   // commits "a"
/// host.process(IBusKey(keyval: 0x3B), client: &buffer)   // ´ on `;`: deletes 1, commits "á"
/// ```
public struct IBusInputHost: Sendable {
    /// The layout typed on.
    public let layout: Layout
    /// The session: layer, shift state and the context it last worked on.
    public internal(set) var session: TypingSession
    /// The layout's keys as a US keyboard reaches them (the host layer's).
    let hostKeys: HostKeys
    var planner: KeystrokePlanner?
    /// The key pressed last and not released yet, to tell auto-repeat (a held key).
    var heldKey: UInt64?
    /// The last key typed by a plain tap, for a long-press that follows it.
    var lastTap: TypedKey?
    /// The long-press choices shown now.
    var popup: LongPressChoice?
    /// What the engine shows as preedit on a client that takes no deletions (see
    /// `replace(deleting:inserting:typedBy:client:)`): NFC, at most one grapheme.
    public internal(set) var preedit = ""

    /// A key typed by a tap, with the session before it, so that holding it can replace
    /// its letter with an alternate.
    struct TypedKey: Sendable {
        var identity: UInt64
        var key: KeyID
        var before: TypingSession
        var typed: String
    }

    /// An open list of long-press alternates.
    struct LongPressChoice: Sendable {
        var tap: TypedKey
        var selection: Int
    }

    /// The context the session keeps when the client reports no text (scalars).
    static let ownRecordLimit = 64
    /// How many graphemes before the caret are read from the client's text.
    static let graphemesRead = 4

    /// An engine on `layout` with an empty record.
    public init(layout: Layout) {
        self.layout = layout
        session = TypingSession(layout: layout)
        session.contextLimit = Self.ownRecordLimit
        hostKeys = HostKeys(layout: layout)
    }

    /// Handles one key event; returns whether the engine used it (`false`: the application
    /// gets the key unchanged).
    public mutating func process(_ key: IBusKey, client: inout some IBusTextClient) -> Bool {
        let identity = key.keycode != 0 ? UInt64(key.keycode) | 1 << 32 : UInt64(key.keyval)
        if key.isRelease {
            if heldKey == identity { heldKey = nil }
            return false
        }
        let repeated = heldKey == identity
        heldKey = identity
        if popup != nil, let used = choose(with: key, repeated: repeated, client: &client) { return used }
        if repeated, let tap = lastTap, tap.identity == identity, !layout.keys[tap.key.rawValue].longPress.isEmpty {
            open(tap, client: &client)
            return true
        }
        if IBusKey.Keysym.isModifier(key.keyval) { return false }
        if key.hasShortcutModifier { return passOn(key, client: &client) }
        if key.keyval == IBusKey.Keysym.backSpace { return backspace(key, client: &client) }
        guard let character = key.character else { return passOn(key, client: &client) }
        return type(character, key: key, identity: identity, client: &client)
    }

    /// Focus moved into or out of the client: the record of typed text no longer applies. A
    /// preedit shown is the client's to commit (the engine shows it in IBus's commit mode).
    public mutating func focusChanged(client: inout some IBusTextClient) {
        close(client: &client)
        forget()
        heldKey = nil
    }

    /// The client reset the context (a click, the caret moved): forgets the record; the client
    /// commits a preedit shown.
    public mutating func reset(client: inout some IBusTextClient) {
        close(client: &client)
        forget()
    }

    /// Forgets the record of typed text and the preedit (after a key that may move the caret).
    mutating func forget() {
        session.setContext("")
        lastTap = nil
        preedit = ""
    }

    /// Types a character: the key of the visible layer that types it or that its physical
    /// key reaches, the accent key showing it, or the keys the planner finds; `key` goes to the
    /// application when none does.
    mutating func type(
        _ character: Character, key: IBusKey, identity: UInt64, client: inout some IBusTextClient
    ) -> Bool {
        let visible = session.visibleLayer
        let events: [KeyEvent]
        if let layoutKey = hostKeys.directKey(for: character, on: visible)
            ?? hostKeys.accentKey(showing: character, on: visible)
        {
            events = [.tap(layoutKey)]
        } else {
            if planner == nil { planner = KeystrokePlanner(layout: layout) }
            guard
                let plan = planner?.planKeyPress(
                    String(character), from: session.state, after: String(session.text.suffix(1))),
                plan.untypeable.isEmpty, !plan.events.isEmpty
            else { return passOn(key, client: &client) }
            events = plan.events
        }
        if needsContext(events) { readContext(from: &client) }
        lastTap = nil
        for event in events {
            let before = session
            let edit = session.handle(event)
            apply(edit, typedBy: event.key, client: &client)
            if event.isTap, case .text = layout.keys[event.key.rawValue].action {
                lastTap = TypedKey(identity: identity, key: event.key, before: before, typed: edit.insert)
            }
        }
        return true
    }

    /// Backspace: takes an accent off the letter before the caret; anything else is the
    /// application's own backspace.
    mutating func backspace(_ event: IBusKey, client: inout some IBusTextClient) -> Bool {
        lastTap = nil
        guard let key = hostKeys.maps[session.visibleLayer].backspace else { return passOn(event, client: &client) }
        if session.pendingDeadKey != nil {
            _ = session.handle(.tap(key))
            return true
        }
        if !preedit.isEmpty {
            // The held letter: its accent comes off, or it goes.
            let edit = session.handle(.tap(key))
            apply(edit, typedBy: nil, client: &client)
            return true
        }
        readContext(from: &client)
        let edit = session.handle(.tap(key))
        // Another engine's backspace that leaves text (its own rules) is its to apply too.
        guard edit.effect == .accentRemoved || (layout.peer != nil && !edit.insert.isEmpty) else { return false }
        apply(edit, typedBy: nil, client: &client)
        return true
    }

    /// Whether any of `events` reads the text before the caret (accents, backspace).
    func needsContext(_ events: [KeyEvent]) -> Bool {
        events.contains { event in
            switch layout.keys[event.key.rawValue].action {
            case .accent, .backspace, .deadKey: true
            default: false
            }
        }
    }
}
