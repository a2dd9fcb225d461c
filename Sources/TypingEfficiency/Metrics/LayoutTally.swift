/// The counts of one layout over (part of) a corpus. Counts are `Double` so that word
/// lists can weight each word by its frequency; for running text they are whole numbers.
public struct LayoutTotals: Hashable, Sendable {
    /// Characters (graphemes) of the corpus, untypeable ones included; line breaks excluded.
    public var characters = 0.0
    /// Characters the layout typed.
    public var typedCharacters = 0.0
    /// Keystrokes: a tap is one, a long-press two.
    public var keystrokes = 0.0
    /// Taps (of every key, state and accent keys included).
    public var taps = 0.0
    /// Long-presses.
    public var longPresses = 0.0
    /// Taps of accent keys.
    public var accentPresses = 0.0
    /// Taps of shift.
    public var shiftPresses = 0.0
    /// Taps of layer keys (`123`, `#+=`, `ABC`).
    public var layerSwitches = 0.0
    /// Characters the layout cannot type.
    public var untypeable = 0.0
    /// Predicted time, seconds.
    public var seconds = 0.0
    /// Sentences (lines) or words measured.
    public var units = 0.0

    /// Creates zero totals.
    public init() {}

    /// Keystrokes per typed character.
    public var kspc: Double { typedCharacters > 0 ? keystrokes / typedCharacters : 0 }
    /// Predicted seconds per typed character.
    public var secondsPerCharacter: Double { typedCharacters > 0 ? seconds / typedCharacters : 0 }
    /// Predicted words per minute, a word being 5 characters, spaces included.
    public var wordsPerMinute: Double { seconds > 0 ? typedCharacters / 5 / (seconds / 60) : 0 }

    /// Adds presses counted as whole numbers: `events` (taps and long-presses), of which
    /// `longPresses` are long-presses, and the accent, shift and layer taps among them.
    mutating func addPresses(
        events: Int, longPresses: Int, kinds: (accents: Int, shifts: Int, layers: Int)
    ) {
        keystrokes += Double(events) + Double(longPresses)
        taps += Double(events) - Double(longPresses)
        self.longPresses += Double(longPresses)
        accentPresses += Double(kinds.accents)
        shiftPresses += Double(kinds.shifts)
        layerSwitches += Double(kinds.layers)
    }

    /// Adds other totals.
    public mutating func add(_ other: LayoutTotals) {
        characters += other.characters
        typedCharacters += other.typedCharacters
        keystrokes += other.keystrokes
        taps += other.taps
        longPresses += other.longPresses
        accentPresses += other.accentPresses
        shiftPresses += other.shiftPresses
        layerSwitches += other.layerSwitches
        untypeable += other.untypeable
        seconds += other.seconds
        units += other.units
    }
}

/// Everything counted for one layout: totals, presses per key, cost per grapheme and what
/// could not be typed. Arrays are indexed by `KeyID.rawValue` and planner grapheme id.
public struct LayoutTally: Sendable {
    /// The totals.
    public var totals = LayoutTotals()
    /// Presses per key (a long-press is one press of its key).
    public var keyPresses: [Double]
    /// Long-presses per key (counted in `keyPresses` too).
    public var keyLongPresses: [Double]
    /// Per grapheme id: occurrences, keystrokes and seconds spent on them.
    public var graphemeCount: [Double]
    public var graphemeKeystrokes: [Double]
    public var graphemeSeconds: [Double]
    /// Untypeable graphemes and how often each occurs.
    public var untypeable: [String: Double] = [:]

    /// An empty tally for a layout with `keyCount` keys and `graphemeCount` grapheme ids.
    public init(keyCount: Int, graphemeCount: Int) {
        keyPresses = [Double](repeating: 0, count: keyCount)
        keyLongPresses = keyPresses
        self.graphemeCount = [Double](repeating: 0, count: graphemeCount)
        graphemeKeystrokes = self.graphemeCount
        graphemeSeconds = self.graphemeCount
    }

    /// Adds another tally of the same layout.
    public mutating func add(_ other: LayoutTally) {
        totals.add(other.totals)
        for index in keyPresses.indices {
            keyPresses[index] += other.keyPresses[index]
            keyLongPresses[index] += other.keyLongPresses[index]
        }
        for index in graphemeCount.indices {
            graphemeCount[index] += other.graphemeCount[index]
            graphemeKeystrokes[index] += other.graphemeKeystrokes[index]
            graphemeSeconds[index] += other.graphemeSeconds[index]
        }
        for (grapheme, count) in other.untypeable { untypeable[grapheme, default: 0] += count }
    }
}
