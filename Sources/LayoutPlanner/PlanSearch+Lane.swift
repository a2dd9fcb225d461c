import LayoutCore

/// The fast lane's look-ups over the text: the inner loop over one state's row, and the
/// checked look-up of one grapheme that the lane uses near the end of a text and the planner
/// everywhere else.
extension PlanSearch {
    /// The fewest bytes the lane hands to `scanStaying`; fewer go to its checked loop.
    static let scanMinimum = 12

    /// The fast lane's inner loop: from `start` to `stop`, a byte at a time (the next
    /// address waits for no load), adds the graphemes that `row`, one state's `singleWay`,
    /// types in one way that stays in the state. A continuation byte adds nothing and stays.
    /// Stops at `stop`, or at a grapheme it does not take: returns where, the graphemes then
    /// held, and that grapheme's id and length (from `LaneTable.step`).
    ///
    /// A function of its own, so that its loop has the registers to itself (inlined, the
    /// buffers' addresses went to the stack and came back at every byte).
    /// - Precondition: every byte up to `stop` and the two after are in the text, and the
    ///   buffers have room for `stop - start` more graphemes.
    @inline(never)
    static func scanStaying(
        from start: UnsafePointer<UInt8>, to stop: UnsafePointer<UInt8>, _ lane: LaneTable,
        _ row: UnsafePointer<Int64>, _ graphemes: UnsafeMutablePointer<Int32>, _ ways: UnsafeMutablePointer<Int32>,
        held initial: Int
    ) -> (cursor: UnsafePointer<UInt8>, held: Int, found: Int, length: Int) {
        var (cursor, held) = (start, initial)
        while cursor < stop {
            let (found, length) = lane.step(at: cursor)
            let single = row[found]
            // A sign: not a lane grapheme, several ways, or one to another state (all rare).
            guard single >= 0 else { return (cursor, held, found, length) }
            graphemes[held] = Int32(truncatingIfNeeded: found)
            ways[held] = PlannerTables.way(of: single)
            held &+= (length &+ 1) &>> 1
            cursor += 1
        }
        return (cursor, held, lane.noneID, 0)
    }

    /// The grapheme at `index` of `bytes` when it is one scalar below U+0300 (lead byte
    /// below 0xCC), not CR, and followed by another such byte or the end: its id (-1 when
    /// the layout has none) and where it ends. (-1, -1) for every other grapheme and at the end.
    @inline(__always)
    package static func simpleGrapheme(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ idByScalar: UnsafePointer<Int32>
    ) -> (id: Int, end: Int) {
        let count = bytes.count
        guard index < count else { return (-1, -1) }
        let text = bytes.baseAddress!
        let lead = text[index]
        var value = Int(lead)
        var next = index &+ 1
        if lead >= 0x80 {
            guard lead < 0xCC else { return (-1, -1) }
            value = Int(lead & 0x1F) << 6 | Int(text[next] & 0x3F)
            next &+= 1
        }
        guard lead != 0x0D, next >= count || text[next] < 0xCC else { return (-1, -1) }
        return (Int(idByScalar[value]), next)
    }
}
