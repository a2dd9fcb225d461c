import LayoutCore

/// Typed graphemes in the planner's own buffers, valid only during the `typed(_:)` call
/// that receives them: per grapheme its id and the number of the way it is typed.
///
/// A way is a run of key events with its cost. The planner's ways are numbered once, when
/// it is made, so a sink may work out what it needs of each way beforehand (see `ways`) and
/// then handle a grapheme with a look-up by number.
public struct PlannedBatchBuffers {
    /// Grapheme ids, in text order.
    public let graphemes: UnsafeBufferPointer<Int32>
    /// Per grapheme: the way it is typed, a number in `ways`.
    public let wayIDs: UnsafeBufferPointer<Int32>
    /// The ways the numbers refer to.
    public let ways: PlannedWays

    init(graphemes: UnsafeBufferPointer<Int32>, wayIDs: UnsafeBufferPointer<Int32>, ways: PlannedWays) {
        self.graphemes = graphemes
        self.wayIDs = wayIDs
        self.ways = ways
    }

    /// How many graphemes there are.
    public var count: Int { graphemes.count }
}

/// Ways of typing a grapheme, by number: each a run of key events and its cost.
///
/// Numbers below `tableCount` are the planner's own, the same in every batch of that
/// planner; the numbers from `tableCount` up belong to one batch (ways worked out for the
/// grapheme before, such as an accent key typing its symbol after a consonant).
public struct PlannedWays {
    let table: UnsafeBufferPointer<PlannerTables.Option>
    let tableEvents: UnsafeBufferPointer<KeyEvent>
    let batch: UnsafeBufferPointer<PlannerTables.Option>
    let batchEvents: UnsafeBufferPointer<KeyEvent>

    /// How many ways the planner numbers itself.
    public var tableCount: Int { table.count }
    /// How many ways there are: the planner's and the batch's.
    public var count: Int { table.count + batch.count }

    /// The events of way `way`.
    public func events(of way: Int) -> UnsafeBufferPointer<KeyEvent> {
        let (option, events) = way < table.count ? (table[way], tableEvents) : (batch[way - table.count], batchEvents)
        return UnsafeBufferPointer(
            rebasing: events[Int(option.eventStart)..<Int(option.eventStart + option.eventCount)])
    }

    /// The cost of way `way` under the planner's model, switching included.
    public func cost(of way: Int) -> Double {
        way < table.count ? table[way].cost : batch[way - table.count].cost
    }
}
