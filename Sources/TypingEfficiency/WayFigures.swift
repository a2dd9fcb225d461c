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
        var longPresses: Int16
        /// Its taps' `KeyInfo.kindCount`s, summed (long-presses add none).
        var kindCount: UInt64
    }

    /// One press of a way: the key, and for a long-press the hold plus the popup move.
    struct Press {
        var key: Int32
        var isLongPress: Bool
        var extra: Double
    }

    let figures: UnsafeMutableBufferPointer<Figure>
    let presses: UnsafeMutableBufferPointer<Press>

    /// The figures of `ways[range]`, in that order, by the sink's per-key figures.
    init(_ ways: PlannedWays, _ range: Range<Int>, keys: [MetricsSink.KeyInfo], popupMove: [Double]) {
        var figures: [Figure] = []
        figures.reserveCapacity(range.count)
        var presses: [Press] = []
        for way in range {
            let events = ways.events(of: way)
            var figure = Figure(
                pressStart: Int32(presses.count), pressCount: Int16(clamping: events.count), longPresses: 0,
                kindCount: 0)
            for event in events {
                let key = event.key.rawValue
                let info = keys[key]
                if event.isLongPress {
                    let extra = event.alternate.map { popupMove[info.popupStart + $0] } ?? info.defaultExtra
                    presses.append(Press(key: Int32(key), isLongPress: true, extra: extra))
                    figure.longPresses += 1
                } else {
                    presses.append(Press(key: Int32(key), isLongPress: false, extra: 0))
                    figure.kindCount &+= info.kindCount
                }
            }
            figures.append(figure)
        }
        self.figures = Self.stored(figures)
        self.presses = Self.stored(presses)
    }

    deinit {
        figures.deallocate()
        presses.deallocate()
    }

    private static func stored<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = storage.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: storage[0..<array.count])
    }
}
