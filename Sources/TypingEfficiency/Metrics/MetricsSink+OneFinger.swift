import LayoutEngine

extension MetricsSink {
    /// Counts a batch of running text (weight 1) under the one-finger model: the hot path
    /// of `compare`.
    ///
    /// A grapheme typed by one of the planner's ways takes as long as the move from where
    /// the finger rests (`FingerPositions`) to the way's first key, plus the way's own
    /// presses: so the loop counts the pair of that position and the way, and moves the
    /// finger to the position of the way's last key; each pair is timed once when the uses
    /// are read (`WayUses.add`). Times are whole quanta (`TimeQuanta`), which add up exactly
    /// in any order, so the tally is the same bit for bit as timing each grapheme at once.
    /// With `inOrder` (the per-line figures are read) the loop also keeps the running time
    /// (`runningQuanta`) and the keystrokes.
    ///
    /// A batch's own ways (rare) are timed press by press, in order.
    mutating func recordOneFinger(_ batch: PlannedBatchBuffers, inOrder: Bool) {
        if !isKnownUniquelyReferenced(&pending) { pending = pending.copy() }
        if pending.graphemes > Self.pendingLimit - batch.count { settle() }
        pending.graphemes += batch.count
        let tables = tables
        let tableCount = tables.ways.figures.count
        let lastPosition = tables.lastPosition.baseAddress!
        let positionOf = tables.positionOf.baseAddress!
        let positionRow = tables.positionRow.baseAddress!
        let positionCount = tables.pairPositions
        let timing = tables.ways.timing.baseAddress!
        let moves = tables.movementQuanta.baseAddress!
        let keyCount = tables.keyCount
        let pairs = pending.pairs
        let touched = pending.touched
        var touchedCount = pending.touchedCount
        let wayIDs = batch.wayIDs
        var position = Int(positionOf[timer.previous])
        var running = runningQuanta
        var extraKeystrokes = 0
        // Graphemes typed by the batch's own ways: their times, counted after the loop.
        var ownWays: [(index: Int, quanta: Int64)] = []
        Self.withBatchWays(batch.ways, tables) { batchWays in
            for index in 0..<wayIDs.count {
                let way = Int(wayIDs[index])
                if way < tableCount {
                    if inOrder {
                        let figure = timing[way]
                        running &+= moves[positionRow[position] &+ Int(figure.firstKey)] &+ figure.inner
                        extraKeystrokes &+= Int(figure.extraKeystrokes)
                    }
                    Self.countPair(way &* positionCount &+ position, pairs, touched, &touchedCount)
                    position = Int(lastPosition[way])
                } else {
                    let figure = batchWays.figure(way)
                    var time: Int64 = 0
                    var row = positionRow[position]
                    for step in 0..<Int(figure.pressCount) {
                        let press = figure.presses[step]
                        time += moves[row &+ Int(press.key)]
                        if press.hasExtra { time += TimeQuanta.quanta(press.extra) }
                        row = Int(press.key) &* keyCount
                        position = Int(positionOf[Int(press.key)])
                    }
                    running &+= time
                    ownWays.append((index, time))
                    extraKeystrokes &-= 1  // counted in the totals by `countOwnWays`
                }
            }
        }
        timer.previous = Int(tables.positionKey[position])  // any key there times the same
        pending.touchedCount = touchedCount
        runningQuanta = running
        pending.extraKeystrokes.pointee &+= extraKeystrokes
        counted.totals.characters += Double(batch.count)
        counted.totals.typedCharacters += Double(batch.count)
        if !ownWays.isEmpty {
            for (index, time) in ownWays { quanta.add(Int128(time), grapheme: Int(batch.graphemes[index])) }
            countOwnWays(ownWays.map(\.index), of: batch)
        }
    }

    /// `recordOneFinger(_:inOrder: false)` for a batch of the planner's ways alone (nearly
    /// every batch): the pairs counted, with nothing else to do per batch.
    @inline(__always)
    mutating func countPairs(_ batch: PlannedBatchBuffers) {
        if !isKnownUniquelyReferenced(&pending) { pending = pending.copy() }
        if pending.graphemes > Self.pendingLimit - batch.count { settle() }
        // Through the sink's own references, not local copies: a copy (even unowned) is
        // retained and released, atomically, around each use, once for every batch.
        pending.graphemes += batch.count
        let positionCount = tables.pairPositions
        let lastPosition = tables.lastPosition.baseAddress!
        let pairs = pending.pairs
        let touched = pending.touched
        var touchedCount = pending.touchedCount
        var position = Int(tables.positionOf[timer.previous])
        for way in batch.wayIDs {
            let way = Int(way)
            Self.countPair(way &* positionCount &+ position, pairs, touched, &touchedCount)
            position = Int(lastPosition[way])
        }
        pending.touchedCount = touchedCount
        timer.previous = Int(tables.positionKey[position])  // any key there times the same
        counted.totals.characters += Double(batch.count)
        counted.totals.typedCharacters += Double(batch.count)
    }

    /// Counts one use of pair `pair` (see `WayUses.pairs`), listing it in `touched` on its first.
    @inline(__always)
    static func countPair(
        _ pair: Int, _ pairs: UnsafeMutablePointer<UInt32>, _ touched: UnsafeMutablePointer<Int32>,
        _ touchedCount: inout Int
    ) {
        let uses = pairs[pair]
        pairs[pair] = uses &+ 1
        if uses == 0 {
            touched[touchedCount] = Int32(truncatingIfNeeded: pair)
            touchedCount &+= 1
        }
    }
}
