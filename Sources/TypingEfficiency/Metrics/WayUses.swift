import Foundation
import LayoutEngine

/// How often each of a planner's ways has typed a grapheme of running text: the batch loop
/// counts such a grapheme with one increment, and the presses, keystrokes and kinds of
/// taps it stands for are added to a tally per way when the tally is read (`add(to:quanta:figures:)`).
/// Whole numbers add up exactly in any order, so the tally is the same bit for bit.
///
/// Under the one-finger model a use is counted by pair, the position the finger rested on
/// (`FingerPositions`) and the way (`pairs`): the pair fixes the grapheme's time, so its
/// quanta (`TimeQuanta`) are worked out per pair when the uses are read instead of per grapheme.
final class WayUses {
    /// Per way: its uses. (The loop only increments; reading the uses goes over every way,
    /// a few thousand at most, once per tally read, passing over blocks of unused ways with
    /// one `memcmp` each: cheaper than listing the ways used.)
    let uses: UnsafeMutablePointer<UInt32>
    /// `pairs[way * positions + position]`: the uses of `way` with the finger at `position`
    /// before it (none when `positions` is 0). Most stay zero: a text uses few of its pairs.
    let pairs: UnsafeMutablePointer<UInt32>
    let positions: Int
    /// The indexes in `pairs` of the pairs used, each once, in the order of first use:
    /// reading and clearing the pairs goes over these alone.
    let touched: UnsafeMutablePointer<Int32>
    var touchedCount = 0
    /// Graphemes counted (so that no way's count can overflow); 0 when no way was used.
    var graphemes = 0
    /// Keystrokes of the graphemes counted beyond one each (not yet in a tally's totals; a
    /// grapheme typed by a batch's own way, counted in the totals at once, counts -1 here).
    /// Kept only for uses counted one by one in `uses`, not for those in `pairs`.
    let extraKeystrokes: UnsafeMutablePointer<Int>
    /// The keystrokes the uses in `uses` stand for: with the tally's, the keystrokes so far,
    /// which the per-line figures of the intervals read.
    var keystrokes: Int { graphemes + extraKeystrokes.pointee }
    /// How many ways.
    let count: Int

    /// Where the counters come from and go back to.
    let pool: WayUsesPool

    /// Counters for the pool's ways and pairs, all zero.
    init(pool: WayUsesPool) {
        self.pool = pool
        count = pool.count
        positions = pool.positions
        let counters = pool.take()
        uses = counters.uses
        pairs = counters.pairs
        touched = counters.touched
        extraKeystrokes = counters.extraKeystrokes
    }

    /// Gives the counters back, zeroed.
    deinit {
        removeAll()
        pool.giveBack(.init(uses: uses, pairs: pairs, touched: touched, extraKeystrokes: extraKeystrokes))
    }

    /// A copy with the same counts.
    func copy() -> WayUses {
        let copy = WayUses(pool: pool)
        copy.uses.update(from: uses, count: count)
        for index in 0..<touchedCount {
            let pair = Int(touched[index])
            copy.pairs[pair] = pairs[pair]
        }
        copy.touched.update(from: touched, count: touchedCount)
        copy.touchedCount = touchedCount
        copy.graphemes = graphemes
        copy.extraKeystrokes.pointee = extraKeystrokes.pointee
        return copy
    }

    /// Adds what the uses count for to `tally`: presses per key, graphemes and their
    /// keystrokes, and the keystroke, tap, long-press, accent, shift and layer totals; and
    /// the one-finger times of the uses in `pairs` to `quanta`, by the sink's `tables`.
    ///
    /// The ways are read a block of `blockSize` at a time, and a block none of whose ways was
    /// used (most, when a tally is read after a few lines) is passed over with one `memcmp`;
    /// the uses counted by pair are read from the pairs used. A way's uses counted one by one
    /// and by pair add up separately: whole numbers, so the tally is the same in any order.
    func add(to tally: inout LayoutTally, quanta: inout TimeQuanta, tables: MetricsSink.Tables) {
        guard graphemes > 0 else { return }
        let figures = tables.ways
        var events = 0
        var longPresses = 0
        var gestureKeystrokes = 0
        var kinds = (accents: 0, shifts: 0, layers: 0)
        var held: [(way: Int, uses: Int)] = []
        tally.withUnsafeCounts { presses, count, keystrokesOf, _ in
            func countUses(_ uses: Int, of way: Int) {
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
                keystrokesOf[grapheme] +=
                    Double(uses * (pressCount + longPressCount + Int(figure.gestureKeystrokes)))
            }
            var block = 0
            while block < self.count {
                let end = min(block + Self.blockSize, self.count)
                if memcmp(self.uses + block, Self.unusedBlock, (end - block) * MemoryLayout<UInt32>.stride) != 0 {
                    for way in block..<end where self.uses[way] > 0 { countUses(Int(self.uses[way]), of: way) }
                }
                block = end
            }
            if positions > 0 {
                let timing = figures.timing
                for index in 0..<touchedCount {
                    let pair = Int(touched[index])
                    let (way, position) = pair.quotientAndRemainder(dividingBy: positions)
                    let pairUses = Int(pairs[pair])
                    countUses(pairUses, of: way)
                    let figure = timing[way]
                    let move = tables.movementQuanta[tables.positionRow[position] + Int(figure.firstKey)]
                    quanta.add(Int128(pairUses) * Int128(move + figure.inner), grapheme: Int(figures.graphemes[way]))
                }
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

    /// How many ways `add` passes over at once when none of them was used.
    static let blockSize = 64
    /// `blockSize` zero counts, for `memcmp`.
    nonisolated(unsafe) static let unusedBlock: UnsafeMutablePointer<UInt32> = {
        let block = UnsafeMutablePointer<UInt32>.allocate(capacity: blockSize)
        block.initialize(repeating: 0, count: blockSize)
        return block
    }()

    /// Back to no uses.
    func removeAll() {
        if graphemes > 0 { uses.update(repeating: 0, count: count) }
        for index in 0..<touchedCount { pairs[Int(touched[index])] = 0 }
        touchedCount = 0
        graphemes = 0
        extraKeystrokes.pointee = 0
    }
}
