import LayoutEngine

extension MetricsSink {
    /// Counts and times a batch of typed graphemes: the planner's hot path.
    ///
    /// The loop is specialized per time model (a `BatchClock` each) and works on the
    /// batch's and the tally's storage directly; the results are those of calling
    /// `typed(_:events:cost:)` per grapheme, bit for bit (same additions, same order).
    public mutating func typed(_ batch: PlannedBatch) {
        batch.graphemes.withUnsafeBufferPointer { graphemes in
            batch.events.withUnsafeBufferPointer { events in
                batch.eventEnds.withUnsafeBufferPointer { ends in
                    batch.costs.withUnsafeBufferPointer { costs in
                        typed(PlannedBatchBuffers(graphemes: graphemes, events: events, eventEnds: ends, costs: costs))
                    }
                }
            }
        }
    }

    /// Counts and times a batch in the planner's buffers: the planner's hot path.
    public mutating func typed(_ batch: PlannedBatchBuffers) {
        guard batch.count > 0 else { return }
        let tables = timer.tables
        tables.movement.withUnsafeBufferPointer { movement in
            switch tables.model {
            case .oneFinger:
                var clock = OneFingerClock(
                    movement: movement.baseAddress!, keyCount: tables.keyCount, previous: timer.previous)
                record(batch, &clock)
                timer.previous = clock.previous
            case .twoThumb(_, let floor, _):
                tables.side.withUnsafeBufferPointer { side in
                    var clock = TwoThumbClock(
                        movement: movement.baseAddress!, side: side.baseAddress!, keyCount: tables.keyCount,
                        floor: floor, thumbKey: timer.thumbKey, thumbFree: timer.thumbFree, lastTap: timer.lastTap)
                    record(batch, &clock)
                    timer.thumbKey = clock.thumbKey
                    timer.thumbFree = clock.thumbFree
                    timer.lastTap = clock.lastTap
                }
            case .perKeystroke(let seconds):
                var clock = PerKeystrokeClock(seconds: seconds)
                record(batch, &clock)
            }
        }
    }

    @inline(__always)
    private mutating func record<Clock: BatchClock>(_ batch: PlannedBatchBuffers, _ clock: inout Clock) {
        if weight == 1 { return recordUnweighted(batch, &clock) }
        let w = weight
        var totals = tally.totals
        let graphemes = batch.graphemes
        let events = batch.events
        let ends = batch.eventEnds
        withBatchStorage { keys, popupMove, presses, count, keystrokesOf, secondsOf in
            // Locals, not captures, so that they stay in registers.
            var clockHere = clock
            var totalsHere = totals
            defer {
                clock = clockHere
                totals = totalsHere
            }
            var start = 0
            for index in 0..<graphemes.count {
                let end = Int(ends[index])
                var seconds = 0.0
                var longPresses = 0
                var kindCounts: UInt64 = 0
                for position in start..<end {
                    let event = events[position]
                    let press = Self.press(event, keys, popupMove, &clockHere)
                    seconds += press.seconds
                    longPresses &+= press.longPress
                    kindCounts &+= press.kindCount
                    presses[event.key.rawValue] += w
                }
                var kinds = (accents: 0, shifts: 0, layers: 0)
                Self.unpack(&kindCounts, into: &kinds)
                let (accents, shifts, layers) = kinds
                let events = end - start
                let keystrokes = Double(events + longPresses)
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
                start = end
            }
        }
        tally.totals = totals
    }
}

extension MetricsSink {
    /// `record` for weight 1 (running text): the counts are whole numbers, so they are
    /// summed as integers over the batch and added once; in floating point they are exact
    /// in any order, so the totals are the same bit for bit. Times keep their order.
    @inline(__always)
    private mutating func recordUnweighted<Clock: BatchClock>(_ batch: PlannedBatchBuffers, _ clock: inout Clock) {
        var seconds = tally.totals.seconds
        var longPresses = 0
        // Accent, shift and layer taps, packed in 21-bit fields (`KeyInfo.kindCount`).
        var kindCounts: UInt64 = 0
        var unpacked = (accents: 0, shifts: 0, layers: 0)
        let graphemes = batch.graphemes
        let events = batch.events
        let ends = batch.eventEnds
        withBatchStorage { keys, popupMove, presses, count, keystrokesOf, secondsOf in
            var clockHere = clock
            var secondsHere = seconds
            defer {
                clock = clockHere
                seconds = secondsHere
            }
            var start = 0
            for index in 0..<graphemes.count {
                let end = Int(ends[index])
                var graphemeSeconds = 0.0
                let longPressesBefore = longPresses
                for position in start..<end {
                    let event = events[position]
                    let press = Self.press(event, keys, popupMove, &clockHere)
                    graphemeSeconds += press.seconds
                    longPresses &+= press.longPress
                    kindCounts &+= press.kindCount
                    presses[event.key.rawValue] += 1
                }
                secondsHere += graphemeSeconds
                let grapheme = Int(graphemes[index])
                count[grapheme] += 1
                keystrokesOf[grapheme] += Double(end - start + longPresses - longPressesBefore)
                secondsOf[grapheme] += graphemeSeconds
                start = end
                if index & 0xFFF == 0xFFF { Self.unpack(&kindCounts, into: &unpacked) }
            }
        }
        Self.unpack(&kindCounts, into: &unpacked)
        let eventCount = Double(batch.events.count)
        let typed = Double(batch.count)
        tally.totals.characters += typed
        tally.totals.typedCharacters += typed
        tally.totals.keystrokes += eventCount + Double(longPresses)
        tally.totals.taps += eventCount - Double(longPresses)
        tally.totals.longPresses += Double(longPresses)
        tally.totals.accentPresses += Double(unpacked.accents)
        tally.totals.shiftPresses += Double(unpacked.shifts)
        tally.totals.layerSwitches += Double(unpacked.layers)
        tally.totals.seconds = seconds
    }

    /// Runs `body` on the per-key figures, the popup times, the presses per key and the
    /// per-grapheme counts, keystrokes and seconds, as buffers (the batch loops' storage).
    @inline(__always)
    private mutating func withBatchStorage(
        _ body: (
            UnsafeBufferPointer<KeyInfo>, UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>,
            UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>
        ) -> Void
    ) {
        let popupMove = timer.tables.popupMove
        keyInfo.withUnsafeBufferPointer { keys in
            popupMove.withUnsafeBufferPointer { popupMove in
                tally.withUnsafeCounts { presses, count, keystrokesOf, secondsOf in
                    body(keys, popupMove, presses, count, keystrokesOf, secondsOf)
                }
            }
        }
    }

    /// One press: its time on `clock`, 1 if it is a long-press, and what it adds to the
    /// packed accent, shift and layer counts (a long-press adds none).
    @inline(__always)
    private static func press<Clock: BatchClock>(
        _ event: KeyEvent, _ keys: UnsafeBufferPointer<KeyInfo>, _ popupMove: UnsafeBufferPointer<Double>,
        _ clock: inout Clock
    ) -> (seconds: Double, longPress: Int, kindCount: UInt64) {
        let key = event.key.rawValue
        let info = keys[key]
        guard event.isLongPress else { return (clock.time(key, isLongPress: false, extra: 0), 0, info.kindCount) }
        let extra = event.alternate.map { popupMove[info.popupStart + $0] } ?? info.defaultExtra
        return (clock.time(key, isLongPress: true, extra: extra), 1, 0)
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
    /// The seconds a press of `key` adds; `extra` is the hold and popup move of a long-press.
    mutating func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double
}

/// One finger: the Fitts time from the previous key.
struct OneFingerClock: BatchClock {
    let movement: UnsafePointer<Double>
    let keyCount: Int
    var previous: Int

    @inline(__always)
    mutating func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double {
        let seconds = movement[previous &* keyCount &+ key] + extra
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

    @inline(__always)
    mutating func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double {
        var thumb = Int(side[key])
        if thumb == 2 { thumb = thumbFree.0 <= thumbFree.1 ? 0 : 1 }
        let from = thumb == 0 ? thumbKey.0 : thumbKey.1
        let free = thumb == 0 ? thumbFree.0 : thumbFree.1
        let ready = free + movement[from &* keyCount &+ key]
        let done = max(ready, lastTap + floor) + extra
        let added = done - lastTap
        lastTap = done
        if thumb == 0 {
            thumbKey.0 = key
            thumbFree.0 = done
        } else {
            thumbKey.1 = key
            thumbFree.1 = done
        }
        return added
    }
}

/// A fixed time per keystroke; a long-press counts two.
struct PerKeystrokeClock: BatchClock {
    let seconds: Double

    @inline(__always)
    func time(_ key: Int, isLongPress: Bool, extra: Double) -> Double { isLongPress ? 2 * seconds : seconds }
}
