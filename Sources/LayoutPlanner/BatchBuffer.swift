import LayoutCore

/// The planner's output buffer: typed graphemes and the numbers of their ways, in storage
/// it owns and reuses from run to run, handed to sinks as `PlannedBatchBuffers` without
/// copying. Ways the search made up for one place (`appendOwn`) are kept here too.
///
/// One planning run at a time owns a buffer and no access to it overlaps another, so its
/// fields are not checked for exclusive access at run time (`@exclusivity(unchecked)`): a
/// short step of the planner would otherwise pay more for the checks than for its work.
final class BatchBuffer {
    @exclusivity(unchecked) private(set) var graphemes: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private(set) var wayIDs: UnsafeMutablePointer<Int32>
    /// Graphemes held.
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// The planner's ways; the numbers of the batch's own come after them.
    private let tables: PlannerTables
    @exclusivity(unchecked) private var ownWays: [PlannerTables.Option] = []
    @exclusivity(unchecked) private var ownEvents: [KeyEvent] = []

    /// A buffer for ways of `tables` with room for `capacity` graphemes (it grows when a
    /// run needs more).
    init(tables: PlannerTables, capacity: Int) {
        self.tables = tables
        self.capacity = max(16, capacity)
        graphemes = .allocate(capacity: self.capacity)
        wayIDs = .allocate(capacity: self.capacity)
    }

    deinit {
        graphemes.deallocate()
        wayIDs.deallocate()
    }

    /// Appends grapheme `id`, typed by the planner's way (option) number `way`.
    @inline(__always)
    func append(_ id: Int, way: Int32) {
        let held = count  // a local: the class's field is written once
        if held == capacity { grow() }
        graphemes[held] = Int32(truncatingIfNeeded: id)
        wayIDs[held] = way
        count = held &+ 1
    }

    /// Lets `body` append graphemes and ways by writing at `count ..< limit` of the two
    /// buffers, where `limit` is at most `size`; `body` returns the new count.
    @inline(__always)
    func appending(
        upTo size: Int,
        _ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, _ count: Int, _ limit: Int) -> Int
    ) {
        count = body(graphemes, wayIDs, count, max(count, min(size, capacity)))
    }

    /// Appends grapheme `id`, typed by `option`'s events in `events`, a way of this batch's own.
    func appendOwn(_ id: Int, _ option: PlannerTables.Option, _ events: [KeyEvent]) {
        let start = Int(option.eventStart)
        ownWays.append(
            PlannerTables.Option(
                end: option.end, cost: option.cost, eventStart: Int32(ownEvents.count), eventCount: option.eventCount))
        ownEvents += events[start..<(start + Int(option.eventCount))]
        append(id, way: Int32(tables.options.count + ownWays.count - 1))
    }

    /// Runs `body` on what it holds, as a sink receives it.
    @inline(__always)
    func withBuffers(_ body: (PlannedBatchBuffers) -> Void) {
        // Nearly always none of its own: then its arrays are not touched (borrowing them
        // would retain and release each, atomically, for every batch).
        guard !ownWays.isEmpty else {
            body(
                PlannedBatchBuffers(
                    graphemes: UnsafeBufferPointer(start: graphemes, count: count),
                    wayIDs: UnsafeBufferPointer(start: wayIDs, count: count),
                    ways: PlannedWays(
                        table: tables.options, tableEvents: tables.optionEvents, batch: .init(start: nil, count: 0),
                        batchEvents: .init(start: nil, count: 0))))
            return
        }
        ownWays.withUnsafeBufferPointer { own in
            ownEvents.withUnsafeBufferPointer { ownEvents in
                body(
                    PlannedBatchBuffers(
                        graphemes: UnsafeBufferPointer(start: graphemes, count: count),
                        wayIDs: UnsafeBufferPointer(start: wayIDs, count: count),
                        ways: PlannedWays(
                            table: tables.options, tableEvents: tables.optionEvents, batch: own, batchEvents: ownEvents)
                    ))
            }
        }
    }

    /// Empties it, keeping the storage.
    func removeAll() {
        count = 0
        if !ownWays.isEmpty {
            ownWays.removeAll(keepingCapacity: true)
            ownEvents.removeAll(keepingCapacity: true)
        }
    }

    private func grow() {
        capacity *= 2
        graphemes = Self.moved(graphemes, count: count, to: capacity)
        wayIDs = Self.moved(wayIDs, count: count, to: capacity)
    }

    private static func moved<Element>(
        _ storage: UnsafeMutablePointer<Element>, count: Int, to capacity: Int
    ) -> UnsafeMutablePointer<Element> {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        return larger
    }
}
