import LayoutEngine

/// Counts a plan as the planner streams it: a `KeystrokeSink` that never holds the events.
///
/// The planner hands over batches of typed graphemes by way number; `typed(_ batch:)`
/// counts and times them in one loop compiled here (specialized per time model), reading
/// each way's figures worked out beforehand (`WayFigures`), with no dictionary look-up or
/// allocation per grapheme; nothing is allocated except for untypeable graphemes and
/// the few ways the planner makes for one batch.
public struct MetricsSink: KeystrokeSink {
    /// What kind of key each key is, for the counts.
    enum KeyKind: UInt8 {
        case other, accent, shift, layer
    }

    /// The counts so far.
    public var tally: LayoutTally {
        get {
            var tally = counted
            var quanta = quanta
            pending.add(to: &tally, quanta: &quanta, tables: tables)
            quanta.add(to: &tally)
            return tally
        }
        set {
            counted = newValue
            pending = tables.makeUses()
            quanta = TimeQuanta(graphemeCount: tables.graphemeCount)
        }
    }
    /// The counts so far, but for the uses of ways in `pending` and the seconds in `quanta`.
    var counted: LayoutTally
    /// Keystrokes so far (`tally.totals.keystrokes`, without adding up the pending uses
    /// while their keystrokes are kept: see `tracksLines`).
    var keystrokesSoFar: Double {
        tracksLines || tables.pairPositions == 0
            ? counted.totals.keystrokes + Double(pending.keystrokes) : tally.totals.keystrokes
    }
    /// The one-finger seconds of running text so far in quanta, modulo 2⁶⁴, kept while
    /// `tracksLines` (a line's seconds are the difference, which is exact while a line
    /// takes less than 2²³ s); otherwise it leaves out what is counted by pair.
    var runningQuanta: Int64 = 0
    /// Graphemes of running text counted by way, added to the tally when it is read.
    var pending: WayUses
    /// The one-finger seconds of running text (weight 1), added to the tally when it is read.
    var quanta: TimeQuanta
    /// Whether each line's figures are read (`LayoutEvaluator.measure(lines:into:figures:)`):
    /// then the one-finger batch loop also keeps the running time (`runningQuanta`) and the
    /// keystrokes of what it counts by pair.
    var tracksLines = false
    /// The timer (reset at the start of each sentence). Batches are timed by the tables the
    /// sink was made with and the timer's state (where the finger or thumbs are).
    public var timer: EventTimer
    /// What each grapheme counts for: 1 in running text, the word's weight in a word list.
    public var weight = 1.0
    let tables: Tables

    /// A key's long-press figures and what its taps count for, for the batch loop.
    struct KeyInfo {
        /// Where its alternates start in the timer's `popupMove`.
        var popupStart: Int
        /// Hold plus popup move when the default alternate is picked.
        var defaultExtra: Double
        /// What a tap adds to the batch loop's packed counts: 1 for an accent key, 1 << 21
        /// for shift, 1 << 42 for a layer key, 0 otherwise.
        var kindCount: UInt64
    }

    /// What the sinks of one layout, planner and time model read: built once, shared by all.
    ///
    /// Immutable after `init`; the timer's movement and side tables are kept in storage of
    /// their own too, so that a batch reads them without reference counting.
    final class Tables: @unchecked Sendable {
        let keyCount: Int
        let graphemeCount: Int
        let timerTables: EventTimer.Tables
        let kinds: [KeyKind]
        /// Per key: what the batch loop needs, in one place.
        let keyInfo: [KeyInfo]
        /// The planner's ways, as the batch loop counts them.
        let ways: WayFigures
        /// `timerTables.movement` and `.side`.
        let movement: UnsafeMutableBufferPointer<Double>
        let side: UnsafeMutableBufferPointer<UInt8>
        /// `timerTables.movementQuanta` in storage of its own, for the batch loop.
        let movementQuanta: UnsafeMutableBufferPointer<Int64>
        /// How many positions of the finger (`FingerPositions`) `WayUses` counts pairs by:
        /// all of them under the one-finger model, else 0.
        let pairPositions: Int
        /// Per position: the row of its key in `movementQuanta` (`key * keyCount`).
        let positionRow: UnsafeMutableBufferPointer<Int>
        /// Per key: its position; per position: one of its keys; per way of the planner: the
        /// position of its last key.
        let positionOf: UnsafeMutableBufferPointer<Int32>
        let positionKey: UnsafeMutableBufferPointer<Int32>
        let lastPosition: UnsafeMutableBufferPointer<Int32>
        /// The counters of the sinks' pending uses, handed on from sink to sink.
        let usesPool: WayUsesPool

        init(layout: Layout, timerTables: EventTimer.Tables, planner: KeystrokePlanner) {
            keyCount = layout.keys.count
            graphemeCount = planner.graphemeCount
            self.timerTables = timerTables
            let kinds = layout.keys.map { key -> KeyKind in
                switch key.action {
                case .accent, .deadKey: .accent  // a prefix dead key is the hardware's accent key
                case .shift, .capsLock: .shift
                case .layer, .latch: .layer  // AltGr counts as a level switch
                default: .other
                }
            }
            self.kinds = kinds
            let keyInfo = layout.keys.indices.map { index in
                let start = timerTables.popupStart[index]
                let pick = timerTables.defaultAlternate[index]
                let hasPopup = !layout.keys[index].longPress.isEmpty && start + pick < timerTables.popupMove.count
                let kindCount: UInt64 =
                    switch kinds[index] {
                    case .other: 0
                    case .accent: 1
                    case .shift: 1 << 21
                    case .layer: 1 << 42
                    }
                return KeyInfo(
                    popupStart: start, defaultExtra: hasPopup ? timerTables.popupMove[start + pick] : 0,
                    kindCount: kindCount)
            }
            self.keyInfo = keyInfo
            let ways = planner.tableWays
            movement = .allocate(capacity: max(1, timerTables.movement.count))
            _ = movement.initialize(from: timerTables.movement)
            side = .allocate(capacity: max(1, timerTables.side.count))
            _ = side.initialize(from: timerTables.side)
            movementQuanta = storedCopy(timerTables.movementQuanta)
            let positions = FingerPositions(movementQuanta: timerTables.movementQuanta, keyCount: keyCount)
            if case .oneFinger = timerTables.model { pairPositions = positions.count } else { pairPositions = 0 }
            let figures = WayFigures(
                ways, 0..<ways.tableCount, keys: keyInfo, movementQuanta: timerTables.movementQuanta,
                gestureExtra: timerTables.extra(of:),
                graphemes: planner.tableWayGraphemes)
            self.ways = figures
            usesPool = WayUsesPool(count: figures.figures.count, positions: pairPositions)
            let keyCount = keyCount
            positionRow = storedCopy(positions.key.map { Int($0) * keyCount })
            positionOf = storedCopy(positions.positionOf)
            positionKey = storedCopy(positions.key)
            lastPosition = storedCopy(figures.lastKey.map { positions.positionOf[Int($0)] })
        }

        deinit {
            movement.deallocate()
            side.deallocate()
            movementQuanta.deallocate()
            positionRow.deallocate()
            positionOf.deallocate()
            positionKey.deallocate()
            lastPosition.deallocate()
        }

        /// No uses of the ways yet.
        func makeUses() -> WayUses {
            WayUses(pool: usesPool)
        }
    }

    /// A sink for `planner`'s plans on `layout`, timing with `timerTables`.
    public init(layout: Layout, timerTables: EventTimer.Tables, planner: KeystrokePlanner) {
        self.init(tables: Tables(layout: layout, timerTables: timerTables, planner: planner))
    }

    /// A sink reading `tables` (shared with other sinks of the same evaluator).
    init(tables: Tables) {
        self.tables = tables
        counted = LayoutTally(keyCount: tables.keyCount, graphemeCount: tables.graphemeCount)
        pending = tables.makeUses()
        quanta = TimeQuanta(graphemeCount: tables.graphemeCount)
        timer = EventTimer(tables: tables.timerTables)
    }

    public mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double) {
        // Running text under one finger is timed in quanta, as the batch loop times it.
        let inQuanta = weight == 1 && tables.pairPositions > 0
        var graphemeQuanta: Int64 = 0
        var keystrokes = 0.0
        var seconds = 0.0
        var taps = 0.0
        var longPresses = 0.0
        var accents = 0.0
        var shifts = 0.0
        var layers = 0.0
        for event in events {
            let key = event.key.rawValue
            if inQuanta { graphemeQuanta += timer.quanta(event) } else { seconds += timer.time(event) }
            counted.keyPresses[key] += weight
            if event.isLongPress {
                counted.keyLongPresses[key] += weight
                longPresses += 1
                keystrokes += 2
            } else {
                taps += 1
                keystrokes += Double(event.keystrokes)
                switch tables.kinds[key] {
                case .other: break
                case .accent: accents += 1
                case .shift: shifts += 1
                case .layer: layers += 1
                }
            }
        }
        let w = weight
        counted.totals.characters += w
        counted.totals.typedCharacters += w
        counted.totals.keystrokes += keystrokes * w
        counted.totals.taps += taps * w
        counted.totals.longPresses += longPresses * w
        counted.totals.accentPresses += accents * w
        counted.totals.shiftPresses += shifts * w
        counted.totals.layerSwitches += layers * w
        counted.graphemeCount[grapheme] += w
        counted.graphemeKeystrokes[grapheme] += keystrokes * w
        if inQuanta {
            quanta.add(Int128(graphemeQuanta), grapheme: grapheme)
            runningQuanta &+= graphemeQuanta
        } else {
            counted.totals.seconds += seconds * w
            counted.graphemeSeconds[grapheme] += seconds * w
        }
    }

    public mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {
        counted.totals.characters += weight
        counted.totals.untypeable += weight
        counted.untypeable[String(grapheme), default: 0] += weight
    }
}
