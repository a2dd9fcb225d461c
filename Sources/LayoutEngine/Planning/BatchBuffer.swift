/// The planner's output buffer: typed graphemes and their events in storage it owns and
/// reuses from run to run, handed to sinks as `PlannedBatchBuffers` without copying.
final class BatchBuffer {
    private(set) var graphemes: UnsafeMutablePointer<Int32>
    private(set) var events: UnsafeMutablePointer<KeyEvent>
    private(set) var eventEnds: UnsafeMutablePointer<Int32>
    private(set) var costs: UnsafeMutablePointer<Double>
    /// Graphemes and events held.
    private(set) var count = 0
    private(set) var eventCount = 0
    private var graphemeCapacity: Int
    private var eventCapacity: Int

    /// A buffer with room for `capacity` graphemes (it grows when a run needs more).
    init(capacity: Int) {
        graphemeCapacity = max(16, capacity)
        eventCapacity = graphemeCapacity * 2
        graphemes = .allocate(capacity: graphemeCapacity)
        events = .allocate(capacity: eventCapacity)
        eventEnds = .allocate(capacity: graphemeCapacity)
        costs = .allocate(capacity: graphemeCapacity)
    }

    deinit {
        graphemes.deallocate()
        events.deallocate()
        eventEnds.deallocate()
        costs.deallocate()
    }

    /// Appends grapheme `id`, typed by `option`'s events in `source`.
    @inline(__always)
    func append(_ id: Int, _ option: PlannerTables.Option, _ source: UnsafeBufferPointer<KeyEvent>) {
        let eventTotal = Int(option.eventCount)
        var held = count
        var heldEvents = eventCount  // locals: the class's fields are written once
        if held == graphemeCapacity || heldEvents &+ eventTotal > eventCapacity { grow(events: eventTotal) }
        graphemes[held] = Int32(truncatingIfNeeded: id)
        costs[held] = option.cost
        let from = source.baseAddress! + Int(option.eventStart)
        let to = events + heldEvents
        if eventTotal == 1 {
            to[0] = from[0]
        } else {
            for offset in 0..<eventTotal { to[offset] = from[offset] }
        }
        heldEvents &+= eventTotal
        eventEnds[held] = Int32(truncatingIfNeeded: heldEvents)
        held &+= 1
        count = held
        eventCount = heldEvents
    }

    /// Appends grapheme `id`, typed by `option`'s events in `source` (an array).
    func append(_ id: Int, _ option: PlannerTables.Option, _ source: [KeyEvent]) {
        source.withUnsafeBufferPointer { append(id, option, $0) }
    }

    /// What it holds, for a sink.
    var buffers: PlannedBatchBuffers {
        PlannedBatchBuffers(
            graphemes: UnsafeBufferPointer(start: graphemes, count: count),
            events: UnsafeBufferPointer(start: events, count: eventCount),
            eventEnds: UnsafeBufferPointer(start: eventEnds, count: count),
            costs: UnsafeBufferPointer(start: costs, count: count))
    }

    /// Empties it, keeping the storage.
    func removeAll() {
        count = 0
        eventCount = 0
    }

    private func grow(events extra: Int) {
        if count == graphemeCapacity {
            graphemeCapacity *= 2
            graphemes = Self.moved(graphemes, count: count, to: graphemeCapacity)
            eventEnds = Self.moved(eventEnds, count: count, to: graphemeCapacity)
            costs = Self.moved(costs, count: count, to: graphemeCapacity)
        }
        if eventCount + extra > eventCapacity {
            eventCapacity = max(eventCapacity * 2, eventCount + extra)
            events = Self.moved(events, count: eventCount, to: eventCapacity)
        }
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
