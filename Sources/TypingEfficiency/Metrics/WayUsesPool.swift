import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The counters of `WayUses`, kept for the next sink of the same tables when a sink is done.
///
/// `compare` makes a sink per chunk and layout. The pair counters of one sink take a
/// megabyte or so, and memory that large comes fresh from the system each time, page by
/// page, each page cleared by the kernel on first touch. Handing the counters on, zeroed,
/// saves that work, and keeps the memory flat: at most `limit` sets are kept.
final class WayUsesPool: Sendable {
    /// One set of counters, all zero when it is in the pool.
    struct Counters: @unchecked Sendable {
        let uses: UnsafeMutablePointer<UInt32>
        let pairs: UnsafeMutablePointer<UInt32>
        let touched: UnsafeMutablePointer<Int32>
        let extraKeystrokes: UnsafeMutablePointer<Int>

        /// Zeroed counters for `count` ways and `count × positions` pairs.
        init(count: Int, positions: Int) {
            uses = .allocate(capacity: max(1, count))
            uses.initialize(repeating: 0, count: max(1, count))
            let pairCount = max(1, count * positions)
            // Zeroed by the system as its pages are first touched: a text uses few pairs.
            pairs = calloc(pairCount, MemoryLayout<UInt32>.stride)!.bindMemory(to: UInt32.self, capacity: pairCount)
            touched = .allocate(capacity: pairCount)
            extraKeystrokes = .allocate(capacity: 1)
            extraKeystrokes.initialize(to: 0)
        }

        init(
            uses: UnsafeMutablePointer<UInt32>, pairs: UnsafeMutablePointer<UInt32>,
            touched: UnsafeMutablePointer<Int32>, extraKeystrokes: UnsafeMutablePointer<Int>
        ) {
            (self.uses, self.pairs, self.touched, self.extraKeystrokes) = (uses, pairs, touched, extraKeystrokes)
        }

        func deallocate() {
            uses.deallocate()
            free(pairs)
            touched.deallocate()
            extraKeystrokes.deallocate()
        }
    }

    /// How many ways, and finger positions, the counters are for.
    let count: Int
    let positions: Int
    /// The most sets kept (more than the sinks of one layout that run at once).
    let limit: Int
    private let spare = Mutex<[Counters]>([])

    /// A pool of counters for `count` ways and `positions` finger positions.
    init(count: Int, positions: Int, limit: Int = 16) {
        self.count = count
        self.positions = positions
        self.limit = limit
    }

    deinit {
        spare.withLock { for counters in $0 { counters.deallocate() } }
    }

    /// Zeroed counters: kept ones, or new.
    func take() -> Counters {
        spare.withLock { $0.popLast() } ?? Counters(count: count, positions: positions)
    }

    /// Keeps `counters`, which must be all zero again, for the next `take`; frees them
    /// when `limit` sets are kept already.
    func giveBack(_ counters: Counters) {
        let kept = spare.withLock { spare in
            guard spare.count < limit else { return false }
            spare.append(counters)
            return true
        }
        if !kept { counters.deallocate() }
    }

    /// How many sets are kept (for tests).
    var spareCount: Int { spare.withLock { $0.count } }
}
