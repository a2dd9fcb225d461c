/// The Viterbi search of one planning run: the cheapest cost of typing the text so far
/// ending in each session state, and, while more than one state is worth keeping, the
/// choices made since the states last converged.
///
/// A state is dropped as soon as another reaches it more cheaply by switching; usually
/// one state survives each grapheme, and its events go straight to the batch.
///
/// One search serves many runs (`restart`), so that planning line after line allocates nothing.
struct PlanSearch {
    /// A choice for one grapheme: from which state, by which option.
    private struct Choice {
        var from: Int
        /// An index into the tables' options, or, below zero, `-(index + 1)` into `adHoc`.
        var option: Int
    }

    private let tables: PlannerTables
    private let stateCount: Int
    /// The single surviving state, or -1 while several survive.
    private var current: Int
    private var costs: [Double]
    private var nextCosts: [Double]
    private var nextChoices: [Choice]
    /// Since the last convergence: per grapheme, its id and one choice per state.
    private var segmentIDs: [Int] = []
    private var segmentChoices: [Choice] = []
    /// Options made for context-dependent graphemes (accent symbols), with their events.
    private var adHoc: [PlannerTables.Option] = []
    private var adHocEvents: [KeyEvent] = []
    /// The grapheme before the caret, NFD, for accent symbols.
    private var previousID: Int = -1
    private var previousNFD: [Unicode.Scalar]

    /// A search over `tables`, ready to `restart`.
    init(tables: PlannerTables) {
        self.tables = tables
        stateCount = tables.stateCount
        current = 0
        costs = [Double](repeating: .infinity, count: stateCount)
        nextCosts = costs
        nextChoices = [Choice](repeating: Choice(from: -1, option: 0), count: stateCount)
        previousNFD = []
    }

    /// Starts a run in the state with dense index `start`, after the grapheme with id
    /// `previousID` (or, when that is -1, after the NFD scalars `previousNFD`).
    mutating func restart(start: Int, previousID: Int, previousNFD: [Unicode.Scalar]) {
        segmentIDs.removeAll(keepingCapacity: true)
        segmentChoices.removeAll(keepingCapacity: true)
        adHoc.removeAll(keepingCapacity: true)
        adHocEvents.removeAll(keepingCapacity: true)
        resetCosts(to: start)
        current = start
        self.previousID = previousID
        self.previousNFD = previousNFD
    }

    /// Adds one grapheme; `false` when no surviving state can type it.
    @inline(__always)
    mutating func step(_ id: Int, into sink: BatchBuffer) -> Bool {
        if current >= 0 {
            let single = tables.singleOption[id &* stateCount &+ current]
            if single >= 0 {
                let option = tables.options[Int(single)]
                sink.append(id, option, tables.optionEvents)
                current = option.end
                previousID = id
                return true
            }
        }
        return search(id, into: sink)
    }

    /// `step` when several states survive or the grapheme has several options.
    private mutating func search(_ id: Int, into sink: BatchBuffer) -> Bool {
        let contextual = !tables.symbolKeys[id].isEmpty
        if current >= 0, !contextual, tables.optionCount[id * stateCount + current] == 0 { return false }
        let symbolWays = contextual ? symbolWays(for: id) : []
        if current >= 0 { resetCosts(to: current) }
        for state in 0..<stateCount { nextCosts[state] = .infinity }
        for from in 0..<stateCount where costs[from].isFinite {
            let base = id * stateCount + from
            let start = Int(tables.optionStart[base])
            for index in start..<(start + Int(tables.optionCount[base])) {
                consider(from, tables.options[index], Choice(from: from, option: index))
            }
            if !symbolWays.isEmpty {
                for (end, cost, events) in tables.transitions.cheapestEnds(of: symbolWays, from: from) {
                    adHoc.append(
                        PlannerTables.Option(
                            end: end, cost: cost, eventStart: Int32(adHocEvents.count), eventCount: Int32(events.count))
                    )
                    adHocEvents += events
                    consider(from, adHoc[adHoc.count - 1], Choice(from: from, option: -adHoc.count))
                }
            }
        }
        guard let best = (0..<stateCount).min(by: { nextCosts[$0] < nextCosts[$1] }), nextCosts[best].isFinite else {
            return false
        }
        var survivors = 0
        for state in 0..<stateCount where nextCosts[state].isFinite {
            if state != best,
                nextCosts[best] + tables.switchCost[best * stateCount + state] <= nextCosts[state] + 1e-12
            {
                nextCosts[state] = .infinity
            } else {
                survivors += 1
            }
        }
        segmentIDs.append(id)
        segmentChoices.append(contentsOf: nextChoices)
        swap(&costs, &nextCosts)
        previousID = id
        if survivors == 1 {
            flush(ending: best, into: sink)
        } else {
            current = -1
        }
        return true
    }

    /// Emits what is still held and returns the final state's dense index.
    mutating func finish(into sink: BatchBuffer) -> Int {
        if current >= 0 { return current }
        let best = (0..<stateCount).min { costs[$0] < costs[$1] } ?? 0
        flush(ending: best, into: sink)
        return best
    }

    private mutating func consider(_ from: Int, _ option: PlannerTables.Option, _ choice: Choice) {
        let cost = costs[from] + option.cost
        if cost < nextCosts[option.end] - 1e-12 {
            nextCosts[option.end] = cost
            nextChoices[option.end] = choice
        }
    }

    private mutating func resetCosts(to state: Int) {
        for index in 0..<stateCount { costs[index] = .infinity }
        costs[state] = 0
    }

    /// The ways to type an accent's spacing symbol with the accent key, which work only
    /// where the grapheme before cannot take the accent.
    private mutating func symbolWays(for id: Int) -> [[KeyEvent]] {
        let previous = previousID >= 0 ? tables.graphemeNFD[previousID] : previousNFD
        var session = TypingSession(layout: tables.layout)
        session.context = previous
        return tables.symbolKeys[id].compactMap { accent, key in
            session.accentOutcome(accent, on: previous) == .symbol || previous.isEmpty ? [.tap(key)] : nil
        }
    }

    /// Walks the held choices back from `state` and emits them in text order.
    private mutating func flush(ending end: Int, into sink: BatchBuffer) {
        var chosen: [Choice] = []
        chosen.reserveCapacity(segmentIDs.count)
        var state = end
        for step in stride(from: segmentIDs.count - 1, through: 0, by: -1) {
            let choice = segmentChoices[step * stateCount + state]
            chosen.append(choice)
            state = choice.from
        }
        for (step, choice) in zip(segmentIDs, chosen.reversed()) {
            if choice.option >= 0 {
                sink.append(step, tables.options[choice.option], tables.optionEvents)
            } else {
                sink.append(step, adHoc[-choice.option - 1], adHocEvents)
            }
        }
        current = end
        resetCosts(to: end)
        segmentIDs.removeAll(keepingCapacity: true)
        segmentChoices.removeAll(keepingCapacity: true)
        adHoc.removeAll(keepingCapacity: true)
        adHocEvents.removeAll(keepingCapacity: true)
    }
}
