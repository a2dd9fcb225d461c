import LayoutCore

/// The search's per-state arrays and its held choices, in storage of its own: a search
/// step writes them without reference counting or copy-on-write checks.
package final class SearchStorage {
    /// A choice for one grapheme: from which state, by which option.
    package struct Choice {
        package var from: Int32
        /// An index into the tables' options, or, below zero, `-(index + 1)` into the ad-hoc options.
        package var option: Int32

        /// Creates a choice.
        package init(from: Int32, option: Int32) {
            self.from = from
            self.option = option
        }
    }

    let stateCount: Int
    private(set) var costs: UnsafeMutablePointer<Double>
    private(set) var nextCosts: UnsafeMutablePointer<Double>
    /// Since the last convergence: per grapheme, its id and one choice per state (a step
    /// writes its choices in place, `nextChoiceRow`, read only for the states it reaches).
    private(set) var heldIDs: UnsafeMutablePointer<Int32>
    private var segmentChoices: UnsafeMutablePointer<Choice>
    /// The states with a finite cost (`liveCount` of them), and the states a step reaches.
    let live: UnsafeMutablePointer<Int32>
    private(set) var liveCount = 1
    let reached: UnsafeMutablePointer<Int32>
    /// The choices walked back by `chosen(ending:)`, in text order.
    private var chosenChoices: UnsafeMutablePointer<Choice>
    /// Held graphemes, always fewer than the room for them (the next row exists).
    var heldCount = 0
    private var segmentCapacity = 64

    /// The ids of the held graphemes (for tests). The storage's own fields stay internal:
    /// the whole-module optimizer then sees every access of the class's `var`s and drops
    /// their dynamic exclusivity checks, which a step of the search would pay for.
    package var segmentIDs: UnsafeMutablePointer<Int32> { heldIDs }
    /// How many graphemes are held (for tests).
    package var segmentCount: Int { heldCount }

    package init(stateCount: Int) {
        self.stateCount = stateCount
        let count = max(1, stateCount)
        costs = .allocate(capacity: count)
        costs.initialize(repeating: .infinity, count: count)
        nextCosts = .allocate(capacity: count)
        nextCosts.initialize(repeating: .infinity, count: count)
        live = .allocate(capacity: count)
        live.initialize(repeating: 0, count: count)
        reached = .allocate(capacity: count)
        reached.initialize(repeating: 0, count: count)
        heldIDs = .allocate(capacity: segmentCapacity)
        // Not initialized (a trivial type): a step writes the choices of the states it reaches,
        // and only those are read back. (Filling them is 6 KB of writes for every workspace,
        // and a word planned alone makes one.)
        segmentChoices = .allocate(capacity: segmentCapacity * count)
        chosenChoices = .allocate(capacity: segmentCapacity)
    }

    deinit {
        costs.deallocate()
        nextCosts.deallocate()
        live.deallocate()
        reached.deallocate()
        heldIDs.deallocate()
        segmentChoices.deallocate()
        chosenChoices.deallocate()
    }

    /// Every state unreachable but `state`, at cost 0 (the next costs all infinite).
    @inline(__always)
    func resetCosts(to state: Int) {
        for index in 0..<stateCount {
            costs[index] = .infinity
            nextCosts[index] = .infinity
        }
        costs[state] = 0
        live[0] = Int32(state)
        liveCount = 1
    }

    /// Only `state` live, at cost 0: the live states' costs are cleared, nothing else.
    @inline(__always)
    func converge(on state: Int) {
        for index in 0..<liveCount { costs[Int(live[index])] = .infinity }
        costs[state] = 0
        live[0] = Int32(state)
        liveCount = 1
    }

    /// Makes the next costs the current ones, with the first `survivors` reached states live,
    /// in increasing order (the order the search visits them in, which decides ties).
    @inline(__always)
    func advance(survivors: Int) {
        for index in 0..<liveCount { costs[Int(live[index])] = .infinity }
        swap(&costs, &nextCosts)
        for index in 0..<survivors {
            let state = reached[index]
            var position = index
            while position > 0, live[position - 1] > state {
                live[position] = live[position - 1]
                position -= 1
            }
            live[position] = state
        }
        liveCount = survivors
    }

    /// Where a step writes the next choice of each state it reaches: the held row after the
    /// last, so that holding them copies nothing (`pushSegmentStep` keeps room for it).
    @inline(__always)
    package func nextChoiceRow() -> UnsafeMutablePointer<Choice> {
        segmentChoices + heldCount &* stateCount
    }

    /// Holds grapheme `id` with the choices written in `nextChoiceRow()` since the last push,
    /// and makes room for the row after.
    @inline(__always)
    package func pushSegmentStep(_ id: Int) {
        heldIDs[heldCount] = Int32(truncatingIfNeeded: id)
        heldCount += 1
        if heldCount == segmentCapacity { grow() }
    }

    /// The held choices that end in state `end`, in text order (valid until the next push).
    @inline(__always)
    package func chosen(ending end: Int) -> UnsafeMutablePointer<Choice> {
        var state = end
        var step = heldCount - 1
        while step >= 0 {
            let choice = segmentChoices[step * stateCount + state]
            chosenChoices[step] = choice
            state = Int(choice.from)
            step -= 1
        }
        return chosenChoices
    }

    private func grow() {
        let larger = segmentCapacity * 2
        let ids = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
        ids.moveInitialize(from: heldIDs, count: heldCount)
        heldIDs.deallocate()
        heldIDs = ids
        let choices = UnsafeMutablePointer<Choice>.allocate(capacity: larger * stateCount)
        choices.moveInitialize(from: segmentChoices, count: segmentCapacity * stateCount)
        segmentChoices.deallocate()
        segmentChoices = choices
        chosenChoices.deallocate()
        chosenChoices = .allocate(capacity: larger)
        segmentCapacity = larger
    }
}
