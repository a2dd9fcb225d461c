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

    /// The figures of `ways[range]`, in that order, by the sink's per-key figures, typing
    /// the graphemes with ids `graphemes` (one per way) when given.
    init(
        _ ways: PlannedWays, _ range: Range<Int>, keys: [MetricsSink.KeyInfo], popupMove _: [Double],
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
        self.figures = Self.stored(figures)
        self.presses = Self.stored(presses)
        singleTap = Self.stored(
            figures.map { figure in
                let first = presses[Int(figure.pressStart)]
                return figure.pressCount == 1 && !first.hasExtra ? first.key : -1
            })
        self.graphemes = Self.stored(graphemes)
    }

    deinit {
        figures.deallocate()
        presses.deallocate()
        singleTap.deallocate()
        graphemes.deallocate()
    }

    private static func stored<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = storage.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: storage[0..<array.count])
    }
}

/// How often each of a planner's ways has typed a grapheme of running text: the batch loop
/// counts such a grapheme with one increment, and the presses, keystrokes and kinds of
/// taps it stands for are added to a tally per way when the tally is read (`add(to:figures:)`).
/// Whole numbers add up exactly in any order, so the tally is the same bit for bit.
final class WayUses {
    /// Per way: its uses. (The loop only increments; reading the uses goes over every way,
    /// a few thousand at most, once per tally read: cheaper than listing the ways used.)
    let uses: UnsafeMutablePointer<UInt32>
    /// Graphemes counted (so that no way's count can overflow); 0 when no way was used.
    var graphemes = 0
    /// Keystrokes of the graphemes counted beyond one each (not yet in a tally's totals; a
    /// grapheme typed by a batch's own way, counted in the totals at once, counts -1 here).
    let extraKeystrokes: UnsafeMutablePointer<Int>
    /// The keystrokes these uses stand for: with the tally's, the keystrokes so far, which
    /// the per-line figures of the intervals read.
    var keystrokes: Int { graphemes + extraKeystrokes.pointee }
    private let count: Int

    /// Counters for `count` ways, all zero.
    init(count: Int) {
        self.count = count
        uses = .allocate(capacity: max(1, count))
        uses.initialize(repeating: 0, count: max(1, count))
        extraKeystrokes = .allocate(capacity: 1)
        extraKeystrokes.initialize(to: 0)
    }

    deinit {
        uses.deallocate()
        extraKeystrokes.deallocate()
    }

    /// A copy with the same counts.
    func copy() -> WayUses {
        let copy = WayUses(count: count)
        copy.uses.update(from: uses, count: count)
        copy.graphemes = graphemes
        copy.extraKeystrokes.pointee = extraKeystrokes.pointee
        return copy
    }

    /// Adds what the uses count for to `tally`: presses per key, graphemes and their
    /// keystrokes, and the keystroke, tap, long-press, accent, shift and layer totals.
    func add(to tally: inout LayoutTally, figures: WayFigures) {
        guard graphemes > 0 else { return }
        var events = 0
        var longPresses = 0
        var gestureKeystrokes = 0
        var kinds = (accents: 0, shifts: 0, layers: 0)
        var held: [(way: Int, uses: Int)] = []
        tally.withUnsafeCounts { presses, count, keystrokesOf, _ in
            for way in 0..<self.count where uses[way] > 0 {
                let uses = Int(uses[way])
                let figure = figures.figures[way]
                let pressCount = Int(figure.pressCount)
                let longPressCount = Int(figure.longPresses)
                let start = Int(figure.pressStart)
                for press in figures.presses[start..<(start + pressCount)] { presses[Int(press.key)] += Double(uses) }
                if longPressCount > 0 { held.append((way, uses)) }
                events += uses * pressCount
                longPresses += uses * longPressCount
                gestureKeystrokes += uses * Int(figure.gestureKeystrokes)
                kinds.accents += uses * Int(figure.kindCount & 0x1F_FFFF)
                kinds.shifts += uses * Int((figure.kindCount >> 21) & 0x1F_FFFF)
                kinds.layers += uses * Int((figure.kindCount >> 42) & 0x1F_FFFF)
                let grapheme = Int(figures.graphemes[way])
                count[grapheme] += Double(uses)
                keystrokesOf[grapheme] += Double(uses * (pressCount + longPressCount + Int(figure.gestureKeystrokes)))
            }
        }
        tally.totals.addPresses(events: events, longPresses: longPresses, kinds: kinds)
        tally.totals.keystrokes += Double(gestureKeystrokes)
        for (way, uses) in held {
            let figure = figures.figures[way]
            let start = Int(figure.pressStart)
            for press in figures.presses[start..<(start + Int(figure.pressCount))] where press.isLongPress {
                tally.keyLongPresses[Int(press.key)] += Double(uses)
            }
        }
    }

    /// Back to no uses.
    func removeAll() {
        if graphemes > 0 { uses.update(repeating: 0, count: count) }
        graphemes = 0
        extraKeystrokes.pointee = 0
    }
}
