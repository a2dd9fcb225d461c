import LayoutEngine

/// What `MetricsSink`'s batch loop needs of each way of a planner (see `PlannedWays`),
/// worked out once: the presses with their popup times, how many are long-presses, and the
/// accent, shift and layer taps they add. So the loop handles a grapheme with one look-up.
///
/// Immutable after `init`, in storage of its own (no reference counting in the loop).
final class WayFigures: @unchecked Sendable {
    /// One way: `presses[pressStart ..< pressStart + pressCount]`.
    struct Figure {
        var pressStart: Int32
        var pressCount: Int16
        var longPresses: Int8
        /// Keystrokes its multi-taps and flicks count past one a press (`KeyEvent.keystrokes`).
        var gestureKeystrokes: Int8
        /// Its taps' `KeyInfo.kindCount`s, summed (long-presses add none).
        var kindCount: UInt64
    }

    /// One press of a way: the key, and for a long-press the hold plus the popup move (for
    /// a multi-tap or a flick, `EventTimer.Tables.extra(of:)`).
    struct Press {
        var key: Int32
        var isLongPress: Bool
        /// Whether `extra` adds to the press's time (a long-press, multi-tap or flick).
        var hasExtra: Bool
        var extra: Double
    }

    let figures: UnsafeMutableBufferPointer<Figure>
    let presses: UnsafeMutableBufferPointer<Press>
    /// Per way: its key when it is one tap, else -1 (the batch loop's shortest path).
    let singleTap: UnsafeMutableBufferPointer<Int32>
    /// Per way: the id of the grapheme it types (empty when not given).
    let graphemes: UnsafeMutableBufferPointer<Int32>
    /// Per way: the key of its last press, where the finger rests after it.
    let lastKey: UnsafeMutableBufferPointer<Int32>
    /// Per way: its one-finger time but for the move to its first key (`Timing`).
    let timing: UnsafeMutableBufferPointer<Timing>

    /// A way's one-finger figures in whole quanta (`TimeQuanta`): its time from key `k` is
    /// `movementQuanta[k * keyCount + firstKey] + inner`.
    struct Timing {
        var firstKey: Int32
        /// Keystrokes beyond one (`WayUses.extraKeystrokes`).
        var extraKeystrokes: Int32
        /// The moves between its presses and their gestures' extras.
        var inner: Int64
    }

    /// The figures of `ways[range]`, in that order, by the sink's per-key figures and the
    /// one-finger moves in quanta (`movementQuanta`, `keyCount` keys a row), typing the
    /// graphemes with ids `graphemes` (one per way) when given.
    init(
        _ ways: PlannedWays, _ range: Range<Int>, keys: [MetricsSink.KeyInfo], movementQuanta: [Int64],
        gestureExtra: (KeyEvent) -> Double, graphemes: [Int32] = []
    ) {
        var figures: [Figure] = []
        figures.reserveCapacity(range.count)
        var presses: [Press] = []
        for way in range {
            let events = ways.events(of: way)
            var figure = Figure(
                pressStart: Int32(presses.count), pressCount: Int16(clamping: events.count), longPresses: 0,
                gestureKeystrokes: 0, kindCount: 0)
            for event in events {
                let key = event.key.rawValue
                let info = keys[key]
                if event.isLongPress {
                    // The timer's figure: the hold and popup move (a keystroke per keystroke).
                    let extra = gestureExtra(event)
                    presses.append(Press(key: Int32(key), isLongPress: true, hasExtra: true, extra: extra))
                    figure.longPresses &+= 1
                } else if !event.isTap {
                    let extra = gestureExtra(event)
                    presses.append(Press(key: Int32(key), isLongPress: false, hasExtra: true, extra: extra))
                    figure.gestureKeystrokes &+= Int8(clamping: event.keystrokes - 1)
                    figure.kindCount &+= info.kindCount
                } else {
                    presses.append(Press(key: Int32(key), isLongPress: false, hasExtra: false, extra: 0))
                    figure.kindCount &+= info.kindCount
                }
            }
            figures.append(figure)
        }
        self.figures = storedCopy(figures)
        self.presses = storedCopy(presses)
        singleTap = storedCopy(
            figures.map { figure in
                let first = presses[Int(figure.pressStart)]
                return figure.pressCount == 1 && !first.hasExtra ? first.key : -1
            })
        self.graphemes = storedCopy(graphemes)
        lastKey = storedCopy(figures.map { presses[Int($0.pressStart) + Int($0.pressCount) - 1].key })
        let keyCount = keys.count
        timing = storedCopy(
            figures.map { figure in
                let start = Int(figure.pressStart)
                var inner: Int64 = 0
                for position in start..<(start + Int(figure.pressCount)) {
                    let press = presses[position]
                    if position > start {
                        inner += movementQuanta[Int(presses[position - 1].key) * keyCount + Int(press.key)]
                    }
                    if press.hasExtra { inner += TimeQuanta.quanta(press.extra) }
                }
                let keystrokes =
                    Int32(figure.pressCount) + Int32(figure.longPresses) + Int32(figure.gestureKeystrokes) - 1
                return Timing(firstKey: presses[start].key, extraKeystrokes: keystrokes, inner: inner)
            })
    }

    deinit {
        figures.deallocate()
        presses.deallocate()
        singleTap.deallocate()
        graphemes.deallocate()
        lastKey.deallocate()
        timing.deallocate()
    }

}

/// A copy of `array` in storage of its own (to be deallocated by its owner), which a loop
/// reads without reference counting.
func storedCopy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
    let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
    _ = storage.initialize(from: array)
    return UnsafeMutableBufferPointer(rebasing: storage[0..<array.count])
}
