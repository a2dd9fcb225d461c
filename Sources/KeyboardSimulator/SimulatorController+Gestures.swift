import LayoutEngine

/// A flick being entered: from the keyboard (Tab Tab, the key, directions) or the mouse
/// (a press on the key and a drag).
public struct FlickEntry: Hashable, Sendable {
    /// The key flicked.
    public var key: KeyID
    /// The directions so far.
    public var directions: [FlickDirection] = []
    /// Where the drag turned last (mouse only): column and line.
    var anchor: (column: Int, line: Int)? {
        get { anchorColumn.map { ($0, anchorLine) } }
        set {
            anchorColumn = newValue?.column
            anchorLine = newValue?.line ?? 0
        }
    }
    private var anchorColumn: Int?
    private var anchorLine = 0

    /// A flick from `key`, with no direction yet.
    public init(key: KeyID) { self.key = key }
}

/// The last tap, for multi-tap: its key, when, how many taps so far and what the simulator
/// looked like before the first (restored when the next tap makes it a multi-tap).
struct MultiTapRun: Sendable {
    var key: KeyID
    var time: Double
    var count: Int
    var before: Snapshot
    /// The keystrokes after it: another key pressed since ends the run.
    var keystrokesAfter: Int

    /// The parts of the simulator a multi-tap rewinds.
    struct Snapshot: Sendable {
        var session: TypingSession
        var shadow: TypingSession
        var buffer: TextBuffer
        var keystrokes: Int
    }
}

extension SimulatorController {
    /// The longest pause between the taps of a multi-tap, seconds.
    public static let multiTapInterval = 0.6

    /// Keypad digits for flick directions, as on a numeric keypad (8 up).
    static let keypadDirections: [Character: FlickDirection] = [
        "8": .n, "9": .ne, "6": .e, "3": .se, "2": .s, "1": .sw, "4": .w, "7": .nw,
    ]

    /// Taps `key`, or, when it has a multi-tap list and was the last key tapped less than
    /// `multiTapInterval` ago, turns that tap (or multi-tap) into one more tap of a multi-tap:
    /// the text goes back to what it was before the first tap and the multi-tap is typed.
    mutating func tapOrMultiTap(_ key: KeyID) {
        status.notice = nil
        let offers = !layout.keys[key.rawValue].multiTap.isEmpty
        if offers, !isTypingPlannedKeys, let run = multiTap, run.key == key, now - run.time <= Self.multiTapInterval,
            run.keystrokesAfter == status.keystrokes
        {
            session = run.before.session
            shadow = run.before.shadow
            buffer = run.before.buffer
            status.keystrokes = run.before.keystrokes
            enqueue([.multiTap(key, count: run.count + 1)], animated: false)
            multiTap = MultiTapRun(
                key: key, time: now, count: run.count + 1, before: run.before, keystrokesAfter: status.keystrokes)
            return
        }
        if offers, !isTypingPlannedKeys {
            let before = MultiTapRun.Snapshot(
                session: session, shadow: shadow, buffer: buffer, keystrokes: status.keystrokes)
            enqueue([.tap(key)], animated: false)
            multiTap = MultiTapRun(key: key, time: now, count: 1, before: before, keystrokesAfter: status.keystrokes)
        } else {
            enqueue([.tap(key)], animated: false)
        }
    }

    /// Adds a direction to the flick being entered from the keyboard; flicks when the
    /// directions make one of the key's flicks that no longer one begins with.
    mutating func addFlickDirection(_ direction: FlickDirection) {
        guard var entry = flickEntry else { return }
        entry.directions.append(direction)
        flickEntry = entry
        let flicks = layout.keys[entry.key.rawValue].flicks
        let longer = flicks.contains {
            $0.directions.count > entry.directions.count
                && Array($0.directions.prefix(entry.directions.count))
                    == entry.directions
        }
        if !longer, flicks.contains(where: { $0.directions == entry.directions }) || entry.directions.count >= 4 {
            finishFlick()
        }
    }

    /// Types the flick being entered (nothing when it has no direction).
    mutating func finishFlick() {
        guard let entry = flickEntry else { return }
        flickEntry = nil
        guard !entry.directions.isEmpty else { return }
        let flicks = layout.keys[entry.key.rawValue].flicks
        let name = entry.directions.map(\.name).joined(separator: ",")
        status.notice =
            flicks.contains(where: { $0.directions == entry.directions })
            ? nil : "“\(names[entry.key.rawValue])” has no flick \(name)"
        enqueue([.flick(entry.key, entry.directions)], animated: false)
    }

    /// A key typed while a flick is armed or being entered: the key to flick, then
    /// directions (arrows, keypad digits), Enter to flick, Esc to cancel.
    mutating func typeForFlick(_ character: Character) {
        guard let entry = flickEntry else {
            flickArmed = false
            guard let key = directKey(for: character) else {
                status.notice = "no key for “\(EditDescription.visible(String(character)))” to flick"
                return
            }
            guard !layout.keys[key.rawValue].flicks.isEmpty else {
                status.notice = "“\(names[key.rawValue])” has no flicks"
                return
            }
            flickEntry = FlickEntry(key: key)
            return
        }
        if let direction = Self.keypadDirections[character] {
            addFlickDirection(direction)
        } else if character == " " {
            finishFlick()
        } else {
            status.notice = "flick from “\(names[entry.key.rawValue])”: arrows or keypad digits 1–9, Enter"
        }
    }

    /// The prompt while a flick is armed or entered.
    var flickPrompt: String? {
        if flickArmed { return "flick: press the key to flick (Tab: off, Esc cancels)" }
        guard let entry = flickEntry else { return nil }
        let offered = layout.keys[entry.key.rawValue].flicks.map(\.name).joined(separator: " ")
        let sofar = entry.directions.map(\.name).joined(separator: ",")
        return "flick \(names[entry.key.rawValue])~\(sofar) · arrows or keypad 1–9 · Enter flicks · offers \(offered)"
    }

    /// A drag while the mouse holds a key and no popup is open: turns into a flick once it
    /// has gone a key's height (a line) or two columns, adding a direction each time it turns.
    mutating func dragFlick(to column: Int, line: Int) {
        guard let hold = held, hold.popup == nil, !layout.keys[hold.key.rawValue].flicks.isEmpty else { return }
        var entry = mouseFlick ?? FlickEntry(key: hold.key)
        let anchor = entry.anchor ?? hold.start
        // A cell is about twice as tall as it is wide: a column counts half a line.
        let dx = Double(column - anchor.column) / 2
        let dy = Double(line - anchor.line)
        guard dx * dx + dy * dy >= 1, let direction = FlickDirection(dx: dx, dy: dy) else { return }
        if entry.directions.last != direction { entry.directions.append(direction) }
        entry.anchor = (column, line)
        mouseFlick = entry
    }
}
