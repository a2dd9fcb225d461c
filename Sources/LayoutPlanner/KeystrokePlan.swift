import LayoutCore

/// The key events that type a text on a layout, and what the layout could not type.
///
/// Printed, a plan reads as the key names `kbdsim --keys` takes: `print(planner.plan("Győr"))`
/// prints `⇧ G y o ˝ r` on hu-touch (a long-press is written `o:ő`).
public struct KeystrokePlan: Sendable, CustomStringConvertible {
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

    /// The layout the events' keys belong to, which names them; `nil` for a plan made by hand.
    public var layout: Layout?

    /// Creates an empty plan that starts (and so far ends) in `state`, on `layout` when given.
    public init(endState: SessionState, layout: Layout? = nil) {
        self.endState = endState
        self.layout = layout
    }

    /// The name of each event, as `kbdsim --keys` reads them back (`KeyNames.name(of:in:names:)`):
    /// a tap is the key's name (`⇧`, `G`, `˝`, `dead_abovering` where labels repeat), a
    /// long-press the key's name, a colon and the alternate picked (`o:ő`). Without a layout,
    /// the events' own descriptions.
    public var keyNames: [String] {
        guard let layout else { return events.map { $0.description } }
        let names = KeyNames.names(in: layout)
        return events.map { event in
            guard event.key.rawValue >= 0, event.key.rawValue < layout.keys.count else { return event.description }
            return KeyNames.name(of: event, in: layout, names: names)
        }
    }

    /// The key names, separated by spaces: `⇧ G y o ˝ r`.
    public var description: String { keyNames.joined(separator: " ") }

    /// Keystrokes (`KeyEvent.keystrokes`): a tap counts one, a long-press two, a multi-tap
    /// its taps, a flick one plus one per direction.
    public var keystrokes: Int { events.reduce(0) { $0 + $1.keystrokes } }
    /// How many events are long-presses.
    public var longPresses: Int { events.reduce(0) { $0 + ($1.isLongPress ? 1 : 0) } }
}

/// A grapheme of the text that the layout cannot type.
public struct UntypeableGrapheme: Hashable, Sendable {
    /// The grapheme as it stands in the text.
    public let grapheme: String
    /// Its offset in the text, in Unicode scalars.
    public let scalarOffset: Int

    /// The grapheme `grapheme` at `scalarOffset`.
    public init(grapheme: String, scalarOffset: Int) {
        self.grapheme = grapheme
        self.scalarOffset = scalarOffset
    }

    /// `text` without the graphemes a plan left out (found by their scalar offsets, in text
    /// order): what replaying the plan types. `nil` when an offset is out of order or points
    /// nowhere.
    public static func text(_ text: String, without untypeable: [UntypeableGrapheme]) -> String? {
        guard !untypeable.isEmpty else { return text }
        var kept = String.UnicodeScalarView()
        var offset = 0
        var skipUntil = -1
        var next = 0
        for scalar in text.unicodeScalars {
            if next < untypeable.count, untypeable[next].scalarOffset == offset {
                skipUntil = offset + untypeable[next].grapheme.unicodeScalars.count
                next += 1
            }
            if offset >= skipUntil { kept.append(scalar) }
            offset += 1
        }
        return next == untypeable.count ? String(kept) : nil
    }
}

/// Receives a plan as it is made, grapheme by grapheme, so that large texts need not be
/// held as one array of events.
///
/// The planner hands over typed graphemes in batches (`typed(_ batch:)`); its default
/// calls `typed(_:events:cost:)` for each grapheme. A sink in another module that wants
/// full speed implements `typed(_ batch:)` itself, so that its loop is compiled for it.
/// Untypeable graphemes may arrive before typed graphemes just ahead of them in the text that the
/// planner is still deciding on (a run of capitals, say); each carries its offset.
public protocol KeystrokeSink {
    /// The grapheme with id `grapheme` (see `KeystrokePlanner.grapheme(_:)`) is typed by `events`.
    mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double)
    /// The grapheme at `scalarOffset` cannot be typed on the layout and is left out.
    mutating func untypeable(_ grapheme: Substring, scalarOffset: Int)
    /// A run of typed graphemes, in text order.
    mutating func typed(_ batch: PlannedBatch)
    /// A run of typed graphemes in the planner's own buffers, valid only during the call: the
    /// fastest way to receive a plan. Its default spells the ways out into a `PlannedBatch`.
    mutating func typed(_ buffers: PlannedBatchBuffers)
}

extension KeystrokeSink {
    public mutating func typed(_ buffers: PlannedBatchBuffers) {
        typed(PlannedBatch(buffers))
    }

    public mutating func typed(_ batch: PlannedBatch) {
        var start = 0
        for index in 0..<batch.count {
            let end = Int(batch.eventEnds[index])
            typed(Int(batch.graphemes[index]), events: batch.events[start..<end], cost: batch.costs[index])
            start = end
        }
    }
}

/// Typed graphemes and their events, as the planner hands them to a sink.
public struct PlannedBatch: Sendable {
    /// Grapheme ids, in text order.
    public internal(set) var graphemes: [Int32] = []
    /// The events of all of them, one after the other.
    public internal(set) var events: [KeyEvent] = []
    /// Per grapheme: the end (exclusive) of its events in `events`; it starts where the previous ends.
    public internal(set) var eventEnds: [Int32] = []
    /// Per grapheme: its cost under the planner's model.
    public internal(set) var costs: [Double] = []

    /// How many graphemes the batch holds.
    public var count: Int { graphemes.count }

    /// The batch in `buffers`, its ways spelled out as events and costs.
    public init(_ buffers: PlannedBatchBuffers) {
        graphemes = Array(buffers.graphemes)
        for way in buffers.wayIDs {
            events.append(contentsOf: buffers.ways.events(of: Int(way)))
            eventEnds.append(Int32(truncatingIfNeeded: events.count))
            costs.append(buffers.ways.cost(of: Int(way)))
        }
    }

    mutating func removeAll() {
        graphemes.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        eventEnds.removeAll(keepingCapacity: true)
        costs.removeAll(keepingCapacity: true)
    }
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

    public mutating func typed(_ batch: PlannedBatch) {
        events.append(contentsOf: batch.events)
        cost += batch.costs.reduce(0, +)
        typedGraphemes += batch.count
    }

    public mutating func typed(_ buffers: PlannedBatchBuffers) {
        var batchCost = 0.0
        for way in buffers.wayIDs {
            events.append(contentsOf: buffers.ways.events(of: Int(way)))
            batchCost += buffers.ways.cost(of: Int(way))
        }
        cost += batchCost
        typedGraphemes += buffers.count
    }
}
