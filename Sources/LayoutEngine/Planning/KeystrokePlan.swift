/// The key events that type a text on a layout, and what the layout could not type.
public struct KeystrokePlan: Sendable {
    /// The events, in order; replaying them through a session in the start state types the
    /// text without the untypeable graphemes.
    public var events: [KeyEvent] = []
    /// The graphemes the layout has no way to type, in text order.
    public var untypeable: [UntypeableGrapheme] = []
    /// The graphemes typed.
    public var typedGraphemes = 0
    /// The total cost under the planner's model.
    public var cost = 0.0
    /// The state after the last event.
    public var endState: SessionState

    /// Creates an empty plan that starts (and so far ends) in `state`.
    public init(endState: SessionState) { self.endState = endState }

    /// Keystrokes: a tap counts one, a long-press two.
    public var keystrokes: Int { events.reduce(0) { $0 + ($1.isLongPress ? 2 : 1) } }
    /// How many events are long-presses.
    public var longPresses: Int { events.reduce(0) { $0 + ($1.isLongPress ? 1 : 0) } }
}

/// A grapheme of the text that the layout cannot type.
public struct UntypeableGrapheme: Hashable, Sendable {
    /// The grapheme as it stands in the text.
    public let grapheme: String
    /// Its offset in the text, in Unicode scalars.
    public let scalarOffset: Int
}

/// Receives a plan as it is made, grapheme by grapheme, so that large texts need not be
/// held as one array of events.
public protocol KeystrokeSink {
    /// The grapheme with id `grapheme` (see `KeystrokePlanner.grapheme(_:)`) is typed by `events`.
    mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double)
    /// The grapheme at `scalarOffset` cannot be typed on the layout and is left out.
    mutating func untypeable(_ grapheme: Substring, scalarOffset: Int)
}

extension KeystrokePlan: KeystrokeSink {
    public mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double) {
        self.events.append(contentsOf: events)
        self.cost += cost
        typedGraphemes += 1
    }

    public mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {
        untypeable.append(UntypeableGrapheme(grapheme: String(grapheme), scalarOffset: scalarOffset))
    }
}
