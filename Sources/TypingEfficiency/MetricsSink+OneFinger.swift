import LayoutEngine

extension MetricsSink {
    /// Counts a batch of running text (weight 1) under the one-finger model: the hot path
    /// of `compare`.
    ///
    /// A grapheme typed by one of the planner's ways takes as long as the move from the key
    /// the finger rests on to the way's first key, plus the way's own presses: so the loop
    /// counts the pair of that key and the way, and moves the finger to the way's last key;
    /// each pair is timed once when the uses are read (`WayUses.add`). Times are whole quanta
    /// (`TimeQuanta`), which add up exactly in any order, so the tally is the same bit for
    /// bit as timing each grapheme at once. With `inOrder` (the per-line figures are read)
    /// each grapheme is timed at once and its keystrokes are kept.
    ///
    /// A batch's own ways (rare) are timed press by press, in order.
    @inline(__always)
    mutating func recordOneFinger(_ batch: PlannedBatchBuffers, inOrder: Bool) {
        if !isKnownUniquelyReferenced(&pending) { pending = pending.copy() }
        if pending.graphemes > Self.pendingLimit - batch.count { settle() }
        pending.graphemes += batch.count
        let tables = tables
        let ways = tables.ways
        let tableCount = ways.figures.count
        let lastKey = ways.lastKey.baseAddress!
        let timing = ways.timing.baseAddress!
        let wayGraphemes = ways.graphemes.baseAddress!
        let moves = tables.movementQuantaStorage.baseAddress!
        let keyCount = tables.keyCount
        let pairs = pending.pairs
        let touched = pending.touched
        var touchedCount = pending.touchedCount
        let uses = pending.uses
        let graphemes = batch.graphemes
        let wayIDs = batch.wayIDs
        var previous = timer.previous
        var total = quanta.total
        var extraKeystrokes = 0
        // Graphemes typed by the batch's own ways, counted after the loop.
        var ownWays: [Int] = []
        quanta.perGrapheme.withUnsafeMutableBufferPointer { graphemeQuanta in
            Self.withBatchWays(batch.ways, tables) { batchWays in
                for index in 0..<wayIDs.count {
                    let way = Int(wayIDs[index])
                    if way < tableCount {
                        if inOrder {
                            let figure = timing[way]
                            let time = moves[previous &* keyCount &+ Int(figure.firstKey)] &+ figure.inner
                            total &+= time
                            graphemeQuanta[Int(wayGraphemes[way])] &+= time
                            extraKeystrokes &+= Int(figure.extraKeystrokes)
                            uses[way] &+= 1
                        } else {
                            let pair = previous &* tableCount &+ way
                            let uses = pairs[pair]
                            pairs[pair] = uses &+ 1
                            if uses == 0 {
                                touched[touchedCount] = Int32(truncatingIfNeeded: pair)
                                touchedCount &+= 1
                            }
                        }
                        previous = Int(lastKey[way])
                    } else {
                        let figure = batchWays.figure(way)
                        var time: Int64 = 0
                        for position in 0..<Int(figure.pressCount) {
                            let press = figure.presses[position]
                            time += moves[previous &* keyCount &+ Int(press.key)]
                            if press.hasExtra { time += TimeQuanta.quanta(press.extra) }
                            previous = Int(press.key)
                        }
                        total += time
                        graphemeQuanta[Int(graphemes[index])] += time
                        ownWays.append(index)
                        extraKeystrokes &-= 1  // counted in the totals by `countOwnWays`
                    }
                }
            }
        }
        timer.previous = previous
        pending.touchedCount = touchedCount
        quanta.total = total
        pending.extraKeystrokes.pointee &+= extraKeystrokes
        counted.totals.characters += Double(batch.count)
        counted.totals.typedCharacters += Double(batch.count)
        if !ownWays.isEmpty { countOwnWays(ownWays, of: batch) }
    }
}
