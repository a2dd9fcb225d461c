import LayoutEngine

/// The simulator's behaviour without the terminal: input events in, a `ScreenModel` out.
///
/// Typed characters press the key that types or shows that character, or the key a US key
/// stands in for (`PhysicalKeyMap`); an accent symbol on another layer presses the layer key
/// and then the accent key; anything else (`ő`, `Á`, `,` on cs-touch, pasted text) is planned
/// with `KeystrokePlanner` and typed key by key, one key every `plannedKeyInterval`, so the
/// keys light up in turn. Mouse presses tap keys; holding `longPressDelay` opens the popup.
/// Time is passed in, so tests drive it without waiting.
///
/// ```swift
/// var controller = SimulatorController(layout: huTouch, size: TerminalSize(columns: 80, lines: 24))
/// controller.handle(.text("a;"), at: 0)   // a, then ´ (the key on US ;)
/// controller.text                          // "á"
/// ```
public struct SimulatorController: Sendable {
    /// How long a pressed key stays lit.
    public static let highlightDuration = 0.3
    /// How long the mouse button is held before the long-press popup opens.
    public static let longPressDelay = 0.5
    /// The pause between the keys of planned text.
    public static let plannedKeyInterval = 0.08

    /// The layout typed on.
    public let layout: Layout
    /// The session as drawn (planned keys not yet shown are not in it).
    public internal(set) var session: TypingSession
    /// The text typed so far (NFC).
    public internal(set) var text = ""
    /// Keystrokes, characters, last edit and messages for the status lines.
    public internal(set) var status = StatusInfo()
    /// The terminal's size; mouse positions are hit-tested at it.
    public var size: TerminalSize
    /// Whether frames are coloured.
    public var color: Bool
    /// Set by Esc (with nothing to cancel), Ctrl-C and Ctrl-D.
    public internal(set) var quitRequested = false

    /// The session after every queued event, which new input is resolved and planned against.
    var shadow: TypingSession
    var buffer = TextBuffer()
    /// The keyboard typed on.
    public let physical: PhysicalLayout
    /// The layout's keys as the keyboard typed on reaches them (the host layer's).
    let hostKeys: HostKeys
    /// Each layer's physical-key map.
    var maps: [PhysicalKeyMap] { hostKeys.maps }
    let names: [String]
    var planner: KeystrokePlanner?
    var queue: [KeyEvent] = []
    var queueHead = 0
    var nextQueuedTime = 0.0
    var clearNoticeWhenDrained = false
    /// The graphemes plans left out since the current read began (see `.text` in `handle`).
    var untypeableInRead: [String] = []
    var lit: (highlight: KeyHighlight, until: Double)?
    var held: MouseHold?
    var keyboardPopup: LongPressPopup?
    var longPressArmed = false
    var flickArmed = false
    var flickEntry: FlickEntry?
    var mouseFlick: FlickEntry?
    var multiTap: MultiTapRun?
    var now = 0.0

    /// A mouse button held on a key.
    struct MouseHold: Sendable {
        var key: KeyID
        var since: Double
        var popup: LongPressPopup?
        /// Where the press was: column and line.
        var start: (column: Int, line: Int) = (0, 0)
    }

    /// A simulator on `layout` with an empty text.
    /// - Parameter physical: the keyboard the person types on: which of its keys stand in for
    ///   the on-screen keys a typed character cannot reach (a US one unless told).
    public init(
        layout: Layout, backspacePolicy: BackspacePolicy? = nil, size: TerminalSize, color: Bool = false,
        planner: KeystrokePlanner? = nil, physical: PhysicalLayout = .us
    ) {
        self.layout = layout
        session = TypingSession(layout: layout, backspacePolicy: backspacePolicy)
        shadow = session
        self.size = size
        self.color = color
        self.planner = planner
        self.physical = physical
        hostKeys = HostKeys(layout: layout, physical: physical)
        names = KeyNames.names(in: layout)
    }

    /// Whether planned keys are still waiting to be typed.
    public var isTypingPlannedKeys: Bool { queueHead < queue.count }

    /// The popup shown now, from the mouse or the keyboard.
    public var popup: LongPressPopup? { held?.popup ?? keyboardPopup }

    /// The frame to draw now.
    public func screen() -> ScreenModel {
        var highlight: KeyHighlight?
        if let held {
            highlight = KeyHighlight(key: held.key)
        } else if let keyboardPopup {
            highlight = KeyHighlight(key: keyboardPopup.key)
        } else if let lit, lit.until > now {
            highlight = lit.highlight
        }
        var status = self.status
        if let prompt = flickPrompt {
            status.prompt = prompt
        } else if longPressArmed {
            status.prompt =
                layout.keys.contains(where: { !$0.flicks.isEmpty })
                ? "long-press: press the key to hold (Tab: flick, Esc cancels)"
                : "long-press: press the key to hold (Esc cancels)"
        } else if keyboardPopup != nil {
            status.prompt = "←/→ then Enter or Space picks · 1–9 picks that one at once · Esc cancels"
        } else if held?.popup != nil {
            status.prompt = "slide to choose, release to pick"
        }
        return ScreenModel(
            layout: layout, state: session.state, text: text, size: size, highlight: highlight, popup: popup,
            hints: maps[session.visibleLayer].hints, physical: physical.id, color: color,
            backspacePolicy: session.backspacePolicy,
            status: status)
    }

    /// The placement of the keys drawn now, for hit-testing.
    public var screenLayout: ScreenLayout {
        ScreenLayout(layout: layout, layer: session.visibleLayer, size: size)
    }

    /// When `tick(at:)` has something to do next (a planned key, a highlight going out, a
    /// long-press popup opening), if anything.
    public var nextDeadline: Double? {
        var deadline: Double?
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if isTypingPlannedKeys, screenLayout.fits { consider(nextQueuedTime) }
        if let lit, lit.until > now { consider(lit.until) }
        if let held, held.popup == nil, mouseFlick == nil, !layout.keys[held.key.rawValue].longPress.isEmpty {
            consider(held.since + Self.longPressDelay)
        }
        return deadline
    }

    /// Lets time pass: types due planned keys (not while the terminal is too small to show
    /// them) and opens a held key's popup.
    public mutating func tick(at time: Double) {
        now = max(now, time)
        if screenLayout.fits { drain() }
        if var hold = held, hold.popup == nil, mouseFlick == nil, now - hold.since >= Self.longPressDelay {
            let key = layout.keys[hold.key.rawValue]
            if !key.longPress.isEmpty {
                hold.popup = LongPressPopup(key: hold.key, selection: key.longPressDefault)
                held = hold
            }
        }
    }

    /// Handles one input event at `time` (seconds, any monotonic origin).
    /// While the terminal is too small for the layout, only Esc, Ctrl-C and the end of input
    /// do something (they quit, as the notice says); typed keys, pastes and clicks are ignored.
    public mutating func handle(_ input: InputEvent, at time: Double) {
        tick(at: time)
        guard screenLayout.fits else {
            held = nil
            cancelPopups()
            if input == .interrupt || input == .endOfInput || input == .escape { quitRequested = true }
            return
        }
        switch input {
        case .interrupt, .endOfInput:
            quitRequested = true
        case .escape:
            if keyboardPopup != nil || held?.popup != nil || longPressArmed || flickArmed || flickEntry != nil {
                keyboardPopup = nil
                held = nil
                longPressArmed = false
                flickArmed = false
                flickEntry = nil
            } else {
                quitRequested = true
            }
        case .text(let typed):
            // Characters typed faster than one read: a character the layout cannot type is
            // still named when the characters after it have planned and said so.
            untypeableInRead = []
            for character in typed { type(character) }
            if !untypeableInRead.isEmpty {
                status.notice = untypeableNotice(untypeableInRead)
                clearNoticeWhenDrained = false
            }
        case .paste(let pasted):
            cancelPopups()
            plan(pasted)
        case .backspace:
            cancelPopups()
            press(maps[shadow.visibleLayer].backspace, orPlan: nil)
        case .enter:
            if flickEntry != nil {
                finishFlick()
            } else if let popup = keyboardPopup {
                pick(popup)
            } else {
                press(maps[shadow.visibleLayer].returnKey, orPlan: "\n")
            }
        case .tab:
            // Tab arms a long-press; a second Tab a flick (on a layout with flicks); then off.
            let (wasLongPress, wasFlick) = (longPressArmed, flickArmed || flickEntry != nil)
            cancelPopups()
            let hasFlicks = layout.keys.contains { !$0.flicks.isEmpty }
            longPressArmed = !wasLongPress && !wasFlick
            flickArmed = wasLongPress && hasFlicks
        case .arrowLeft, .arrowRight, .arrowUp, .arrowDown:
            if flickEntry != nil {
                let direction: [InputEvent: FlickDirection] = [
                    .arrowUp: .n, .arrowDown: .s, .arrowLeft: .w, .arrowRight: .e,
                ]
                if let direction = direction[input] { addFlickDirection(direction) }
            } else if input == .arrowUp || input == .arrowDown {
                break
            } else if var popup = keyboardPopup {
                let count = layout.keys[popup.key.rawValue].longPress.count
                popup.selection = (popup.selection + (input == .arrowLeft ? count - 1 : 1)) % count
                keyboardPopup = popup
            }
        case .mouse(let mouse):
            handleMouse(mouse)
        case .redraw, .suspend:
            break
        }
    }

    /// Queues events: applied to the shadow session now, shown one by one when `animated`
    /// or when earlier keys are still queued, else typed at once.
    mutating func enqueue(_ events: [KeyEvent], animated: Bool) {
        guard !events.isEmpty else { return }
        for event in events { _ = shadow.handle(event) }
        if !animated && !isTypingPlannedKeys {
            for event in events { perform(event) }
            return
        }
        if !isTypingPlannedKeys { nextQueuedTime = now }
        queue.append(contentsOf: events)
        drain()
    }

    /// Types the queued keys that are due; a long queue (a paste) is typed faster, and all
    /// but its last keys at once.
    mutating func drain() {
        let backlog = queue.count - queueHead
        if backlog > 200 {
            for event in queue[queueHead..<(queue.count - 50)] { perform(event, updateText: false) }
            queueHead = queue.count - 50
            updateText()
        }
        while isTypingPlannedKeys, now >= nextQueuedTime {
            perform(queue[queueHead])
            queueHead += 1
            nextQueuedTime = now + (queue.count - queueHead > 20 ? 0.01 : Self.plannedKeyInterval)
        }
        if !isTypingPlannedKeys {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
            if clearNoticeWhenDrained {
                status.notice = nil
                clearNoticeWhenDrained = false
            }
        }
    }

    /// Applies one event to the drawn session and the text, and lights its key.
    mutating func perform(_ event: KeyEvent, updateText: Bool = true) {
        let edit = session.handle(event)
        let scalars = buffer.scalars
        var removed = String.UnicodeScalarView()
        removed.append(contentsOf: scalars[(scalars.count - min(edit.deleteCount, scalars.count))...])
        buffer.apply(edit)
        status.keystrokes += event.keystrokes
        status.lastEdit = EditDescription.describe(
            event, edit: edit, removed: String(removed), state: session.state, in: layout, names: names)
        var caption: String?
        switch edit.effect {
        case .accentAdded, .accentReplaced: caption = "→" + edit.insert
        case .typed where !event.isTap: caption = edit.insert
        default: caption = nil
        }
        lit = (KeyHighlight(key: event.key, caption: caption), now + Self.highlightDuration)
        if updateText { self.updateText() }
    }

    mutating func updateText() {
        text = buffer.text
        status.characters = text.count
    }

    /// Types the alternate a popup points at.
    mutating func pick(_ popup: LongPressPopup) {
        keyboardPopup = nil
        held = nil
        status.notice = nil
        enqueue([.longPress(popup.key, alternate: popup.selection)], animated: false)
    }

    mutating func cancelPopups() {
        keyboardPopup = nil
        longPressArmed = false
        flickArmed = false
        flickEntry = nil
    }

}
