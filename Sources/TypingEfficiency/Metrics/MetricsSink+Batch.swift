import LayoutEngine

extension MetricsSink {
    /// Counts and times a batch in the planner's buffers: the planner's hot path.
    ///
    /// The loop is specialized per time model (a `BatchClock` each) and works on the ways'
    /// figures and the tally's storage directly; the results are those of calling
    /// `typed(_:events:cost:)` per grapheme, bit for bit (the same additions in the same
    /// order, or, for running text under one finger, whole quanta: `recordOneFinger`).
    public mutating func typed(_ batch: PlannedBatchBuffers) {
        guard batch.count > 0 else { return }
        if weight == 1 && tables.pairPositions > 0 {  // running text under one finger
            if tracksLines {
                recordOneFinger(batch, inOrder: true)
            } else if batch.ways.count == batch.ways.tableCount {
                countPairs(batch)
            } else {
                recordOneFinger(batch, inOrder: false)
            }
            return
        }
        let movement = tables.movement.baseAddress!
        let keyCount = tables.keyCount
        switch tables.timerTables.model {
        case .oneFinger:
            var clock = OneFingerClock(movement: movement, keyCount: keyCount, previous: timer.previous)
            record(batch, &clock)
            timer.previous = clock.previous
        case .twoThumb(_, let floor, _):
            var clock = TwoThumbClock(
                movement: movement, side: tables.side.baseAddress!, keyCount: keyCount, floor: floor,
                thumbKey: timer.thumbKey, thumbFree: timer.thumbFree, lastTap: timer.lastTap)
            record(batch, &clock)
            timer.thumbKey = clock.thumbKey
            timer.thumbFree = clock.thumbFree
            timer.lastTap = clock.lastTap
        case .perKeystroke(let seconds):
            var clock = PerKeystrokeClock(seconds: seconds)
            record(batch, &clock)
        }
    }

    @inline(__always)
    private mutating func record<Clock: BatchClock>(_ batch: PlannedBatchBuffers, _ clock: inout Clock) {
        if weight == 1 { return recordUnweighted(batch, &clock) }
        settle()
        let w = weight
        var totals = counted.totals
        let graphemes = batch.graphemes
        let wayIDs = batch.wayIDs
        // Keys long-pressed, in order (rare: counted after the loop).
        var held: [Int32] = []
        withBatchStorage(batch.ways) { ways, presses, count, keystrokesOf, secondsOf in
            // Locals, not captures, so that they stay in registers.
            var clockHere = clock
            var totalsHere = totals
            defer {
                clock = clockHere
                totals = totalsHere
            }
            for index in 0..<graphemes.count {
                var figure = ways.figure(Int(wayIDs[index]))
                let seconds = Self.press(figure, &clockHere) { presses[$0] += w }
                var kinds = (accents: 0, shifts: 0, layers: 0)
                Self.unpack(&figure.kindCount, into: &kinds)
                let (accents, shifts, layers) = kinds
                let events = Int(figure.pressCount)
                let longPresses = Int(figure.longPresses)
                if longPresses > 0 { Self.appendHeld(figure, to: &held) }
                let keystrokes = Double(events + longPresses + Int(figure.gestureKeystrokes))
                totalsHere.characters += w
                totalsHere.typedCharacters += w
                totalsHere.keystrokes += keystrokes * w
                totalsHere.taps += Double(events - longPresses) * w
                totalsHere.longPresses += Double(longPresses) * w
                totalsHere.accentPresses += Double(accents) * w
                totalsHere.shiftPresses += Double(shifts) * w
                totalsHere.layerSwitches += Double(layers) * w
                totalsHere.seconds += seconds * w
                let grapheme = Int(graphemes[index])
                count[grapheme] += w
                keystrokesOf[grapheme] += keystrokes * w
                secondsOf[grapheme] += seconds * w
            }
        }
        counted.totals = totals
        for key in held { counted.keyLongPresses[Int(key)] += w }
    }

    /// Appends the keys of the long-presses of the way `figure` stands for to `held`.
    private static func appendHeld(_ figure: BatchWays.Resolved, to held: inout [Int32]) {
        for position in 0..<Int(figure.pressCount) where figure.presses[position].isLongPress {
            held.append(figure.presses[position].key)
        }
    }

    /// Adds the pending uses of ways to `counted` (their one-finger times to `quanta`).
    mutating func settle() {
        guard pending.graphemes > 0 else { return }
        pending.add(to: &counted, quanta: &quanta, tables: tables)
        if isKnownUniquelyReferenced(&pending) {
            pending.removeAll()
        } else {
            pending = tables.makeUses()
        }
    }

    /// The most graphemes `pending` counts before they are settled, so that no count
    /// (a UInt32) overflows.
    static let pendingLimit = 1 << 24
}

extension MetricsSink {
    /// `record` for weight 1 (running text): a grapheme typed by one of the planner's ways
    /// is timed and counted by one increment of the way's uses (`pending`); what the uses
    /// stand for is added when the tally is read. Times keep their order; the counts are
    /// whole numbers, exact in any order, so the tally is the same bit for bit.
    @inline(__always)
    private mutating func recordUnweighted<Clock: BatchClock>(_ batch: PlannedBatchBuffers, _ clock: inout Clock) {
        if !isKnownUniquelyReferenced(&pending) { pending = pending.copy() }
        if pending.graphemes > Self.pendingLimit - batch.count { settle() }
        pending.graphemes += batch.count
        let uses = pending.uses
        // Keystrokes beyond one per grapheme (in memory: written only off the common path).
        let extraKeystrokes = pending.extraKeystrokes
        var seconds = counted.totals.seconds
        // Graphemes typed by the batch's own ways, counted after the loop.
        var ownWays: [Int] = []
        let graphemes = batch.graphemes
        let wayIDs = batch.wayIDs
        withBatchStorage(batch.ways) { ways, _, _, _, secondsOf in
            var clockHere = clock
            var secondsHere = seconds
            defer {
                clock = clockHere
                seconds = secondsHere
            }
            let tableCount = ways.tableCount
            let table = ways.table.baseAddress!
            let tablePresses = ways.tablePresses.baseAddress!
            let singleTap = ways.singleTap.baseAddress!
            for index in 0..<graphemes.count {
                let way = Int(wayIDs[index])
                var graphemeSeconds = 0.0
                if way < tableCount {
                    let tap = Int(singleTap[way])
                    if tap >= 0 {
                        graphemeSeconds = clockHere.time(tap, isLongPress: false, extra: 0)
                    } else {
                        let figure = table[way]
                        extraKeystrokes.pointee &+=
                            Int(figure.pressCount) &+ Int(figure.longPresses) &+ Int(figure.gestureKeystrokes) &- 1
                        let presses = tablePresses + Int(figure.pressStart)
                        for position in 0..<Int(figure.pressCount) {
                            let press = presses[position]
                            graphemeSeconds += clockHere.time(
                                Int(press.key), isLongPress: press.hasExtra, extra: press.extra)
                        }
                    }
                    uses[way] &+= 1
                } else {
                    graphemeSeconds = Self.press(ways.figure(way), &clockHere) { _ in }
                    ownWays.append(index)
                    extraKeystrokes.pointee &-= 1  // counted in the totals by `countOwnWays`
                }
                secondsHere += graphemeSeconds
                secondsOf[Int(graphemes[index])] += graphemeSeconds
            }
        }
        counted.totals.characters += Double(batch.count)
        counted.totals.typedCharacters += Double(batch.count)
        counted.totals.seconds = seconds
        if !ownWays.isEmpty { countOwnWays(ownWays, of: batch) }
    }

    /// Counts the graphemes at `indexes` of `batch`, typed by the batch's own ways (their
    /// times are already counted).
    mutating func countOwnWays(_ indexes: [Int], of batch: PlannedBatchBuffers) {
        var events = 0
        var longPresses = 0
        var gestureKeystrokes = 0
        var kindCounts: UInt64 = 0
        var unpacked = (accents: 0, shifts: 0, layers: 0)
        var held: [Int32] = []
        withBatchStorage(batch.ways) { ways, presses, count, keystrokesOf, _ in
            for index in indexes {
                let figure = ways.figure(Int(batch.wayIDs[index]))
                for position in 0..<Int(figure.pressCount) { presses[Int(figure.presses[position].key)] += 1 }
                if figure.longPresses > 0 { Self.appendHeld(figure, to: &held) }
                events += Int(figure.pressCount)
                longPresses += Int(figure.longPresses)
                gestureKeystrokes += Int(figure.gestureKeystrokes)
                kindCounts &+= figure.kindCount
                let grapheme = Int(batch.graphemes[index])
                count[grapheme] += 1
                keystrokesOf[grapheme] += Double(
                    Int(figure.pressCount) + Int(figure.longPresses) + Int(figure.gestureKeystrokes))
            }
        }
        Self.unpack(&kindCounts, into: &unpacked)
        counted.totals.addPresses(events: events, longPresses: longPresses, kinds: unpacked)
        counted.totals.keystrokes += Double(gestureKeystrokes)
        for key in held { counted.keyLongPresses[Int(key)] += 1 }
    }

    /// Runs `body` on the figures of `ways` (the planner's, worked out beforehand, and the
    /// batch's own, worked out now), the presses per key and the per-grapheme counts,
    /// keystrokes and seconds, as buffers (the batch loops' storage).
    @inline(__always)
    private mutating func withBatchStorage(
        _ ways: PlannedWays,
        _ body: (
            BatchWays, UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>,
            UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>
        ) -> Void
    ) {
        Self.withBatchWays(ways, tables) { batchWays in
            counted.withUnsafeCounts { presses, count, keystrokesOf, secondsOf in
                body(batchWays, presses, count, keystrokesOf, secondsOf)
            }
        }
    }

    /// Runs `body` on the figures of `ways` (the planner's, worked out beforehand, and the
    /// batch's own, worked out now).
    @inline(__always)
    static func withBatchWays(_ ways: PlannedWays, _ tables: Tables, _ body: (BatchWays) -> Void) {
        let table = tables.ways
        let own =
            ways.count > ways.tableCount
            ? WayFigures(
                ways, ways.tableCount..<ways.count, keys: tables.keyInfo,
                movementQuanta: tables.timerTables.movementQuanta,
                gestureExtra: tables.timerTables.extra(of:))
            : nil
        withExtendedLifetime((table, own)) {
            body(
                BatchWays(
                    tableCount: ways.tableCount, table: UnsafeBufferPointer(table.figures),
                    tablePresses: UnsafeBufferPointer(table.presses), singleTap: UnsafeBufferPointer(table.singleTap),
                    own: own.map { UnsafeBufferPointer($0.figures) } ?? UnsafeBufferPointer(start: nil, count: 0),
                    ownPresses: own.map { UnsafeBufferPointer($0.presses) } ?? UnsafeBufferPointer(start: nil, count: 0)
                ))
        }
    }

    /// Times the presses of the way `figure` stands for on `clock`, in order, calling
    /// `count` with each key; returns the seconds they add.
    @inline(__always)
    private static func press<Clock: BatchClock>(
        _ figure: BatchWays.Resolved, _ clock: inout Clock, count: (Int) -> Void
    ) -> Double {
        var seconds = 0.0
        let presses = figure.presses
        for position in 0..<Int(figure.pressCount) {
            let press = presses[position]
            let key = Int(press.key)
            seconds += clock.time(key, isLongPress: press.hasExtra, extra: press.extra)
            count(key)
        }
        return seconds
    }

    /// Moves packed accent, shift and layer counts into `unpacked` (a field holds up to
    /// 2²¹ - 1: 4,096 graphemes pass between two calls, and no plan of a grapheme has 512 taps).
    @inline(__always)
    private static func unpack(_ packed: inout UInt64, into unpacked: inout (accents: Int, shifts: Int, layers: Int)) {
        unpacked.accents += Int(packed & 0x1F_FFFF)
        unpacked.shifts += Int((packed >> 21) & 0x1F_FFFF)
        unpacked.layers += Int((packed >> 42) & 0x1F_FFFF)
        packed = 0
    }
}

/// The figures of a batch's ways for the loops: the planner's and the batch's own.
struct BatchWays {
    /// A way's figures with its presses found.
    struct Resolved {
        var presses: UnsafePointer<WayFigures.Press>
        var pressCount: Int16
        var longPresses: Int8
        var gestureKeystrokes: Int8
        var kindCount: UInt64
    }

    let tableCount: Int
    let table: UnsafeBufferPointer<WayFigures.Figure>
    let tablePresses: UnsafeBufferPointer<WayFigures.Press>
    let singleTap: UnsafeBufferPointer<Int32>
    let own: UnsafeBufferPointer<WayFigures.Figure>
    let ownPresses: UnsafeBufferPointer<WayFigures.Press>

    /// The figures of way `way`.
    @inline(__always)
    func figure(_ way: Int) -> Resolved {
        let (figure, presses) = way < tableCount ? (table[way], tablePresses) : (own[way - tableCount], ownPresses)
        return Resolved(
            presses: presses.baseAddress! + Int(figure.pressStart), pressCount: figure.pressCount,
            longPresses: figure.longPresses, gestureKeystrokes: figure.gestureKeystrokes, kindCount: figure.kindCount)
    }
}
extension LayoutTally {
    /// Runs `body` on the per-key presses and the per-grapheme counts, keystrokes and seconds.
    @inline(__always)
    mutating func withUnsafeCounts(
        _ body: (
            UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>,
            UnsafeMutableBufferPointer<Double>
        ) -> Void
    ) {
        keyPresses.withUnsafeMutableBufferPointer { presses in
            graphemeCount.withUnsafeMutableBufferPointer { count in
                graphemeKeystrokes.withUnsafeMutableBufferPointer { keystrokes in
                    graphemeSeconds.withUnsafeMutableBufferPointer { seconds in
                        body(presses, count, keystrokes, seconds)
                    }
                }
            }
        }
    }
}

/// Times presses inside `MetricsSink`'s batch loop: `EventTimer.time(_:)` for one model,
/// with its state in the clock (so in registers) and its tables as pointers.
protocol BatchClock {
    /// The seconds a press of `key` adds; `extra` is the hold and popup move of a long-press
    /// (the further taps of a multi-tap, the slides of a flick), added when `isLongPress`.
    mutating func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double
}

/// One finger: the Fitts time from the previous key.
struct OneFingerClock: BatchClock {
    let movement: UnsafePointer<Double>
    let keyCount: Int
    var previous: Int

    @inline(__always)
    mutating func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double {
        let move = movement[previous &* keyCount &+ key]
        let seconds = isLongPress ? move + extra : move  // a tap has no extra (and x + 0 is x)
        previous = key
        return seconds
    }
}

/// Two thumbs, each on its half, at least `floor` between taps.
struct TwoThumbClock: BatchClock {
    let movement: UnsafePointer<Double>
    let side: UnsafePointer<UInt8>
    let keyCount: Int
    let floor: Double
    var thumbKey: (Int, Int)
    var thumbFree: (Double, Double)
    var lastTap: Double

    /// The thumb is chosen with selects rather than `if`s: which thumb presses next is as
    /// good as random, so a branch on it is often mispredicted. (Keeping the thumbs' state in
    /// memory indexed by thumb, or blending bit masks, measured no faster.)
    @inline(__always)
    mutating func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double {
        let side = side[key]
        let left = side == 0 || (side == 2 && thumbFree.0 <= thumbFree.1)
        let from = left ? thumbKey.0 : thumbKey.1
        let free = left ? thumbFree.0 : thumbFree.1
        let ready = free + movement[from &* keyCount &+ key]
        // A tap adds no extra (and `x + 0` is `x`: times are never -0), which keeps the
        // addition off the chain from one press to the next.
        let earliest = max(ready, lastTap + floor)
        let done = isLongPress ? earliest + extra : earliest
        let added = done - lastTap
        lastTap = done
        thumbKey = left ? (key, thumbKey.1) : (thumbKey.0, key)
        thumbFree = left ? (done, thumbFree.1) : (thumbFree.0, done)
        return added
    }
}

/// A fixed time per keystroke; a press with extra time (a long-press, multi-tap or flick)
/// adds a keystroke's time per keystroke past the first (`EventTimer.Tables.extra(of:)`).
struct PerKeystrokeClock: BatchClock {
    let seconds: Double

    @inline(__always)
    func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double {
        isLongPress ? seconds + extra : seconds
    }
}
