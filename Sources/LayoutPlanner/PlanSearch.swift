import LayoutCore

/// The Viterbi search of one planning run: the cheapest cost of typing the text so far
/// ending in each session state, and, while more than one state is worth keeping, the
/// choices made since the states last converged.
///
/// A state is dropped as soon as another reaches it more cheaply by switching; usually
/// one state survives each grapheme, and its way goes straight to the batch.
///
/// One search serves many runs (`restart`), so that planning line after line allocates
/// nothing: its per-state arrays live in `SearchStorage`.
package struct PlanSearch {
    let tables: PlannerTables
    let storage: SearchStorage
    let stateCount: Int
    /// The single surviving state, or -1 while several survive.
    private var current: Int
    /// Options made for context-dependent graphemes (accent symbols), with their events.
    var adHoc: [PlannerTables.Option] = []
    var adHocEvents: [KeyEvent] = []
    /// The grapheme before the caret: its id, or -1 and its NFD scalars, for accent symbols.
    var previousID: Int = -1
    var previousNFD: [Unicode.Scalar] = []
    /// Episodes already searched (two to four graphemes), and the state the current episode started
    /// in while it may still become one (-1 otherwise).
    private let episodeCache: EpisodeCache?
    private let episodes: EpisodeCache.Slots?
    private var episodeStart = -1
    /// Graphemes added from remembered episodes (for tests).
    package private(set) var rememberedSteps = 0

    /// A search over `tables`, ready to `restart`; `remembersEpisodes` turns `EpisodeCache` on.
    init(tables: PlannerTables, remembersEpisodes: Bool = true) {
        self.tables = tables
        stateCount = tables.stateCount
        storage = SearchStorage(stateCount: stateCount)
        current = 0
        episodeCache =
            remembersEpisodes && EpisodeCache.fits(stateCount: stateCount, graphemeCount: tables.graphemes.count)
            ? EpisodeCache() : nil
        episodes = episodeCache?.slots
    }

    /// Starts a run in the state with dense index `start`, after the grapheme whose NFD
    /// scalars are `previous`.
    mutating func restart(start: Int, after previous: [Unicode.Scalar]) {
        storage.heldCount = 0
        if !adHoc.isEmpty {
            adHoc.removeAll(keepingCapacity: true)
            adHocEvents.removeAll(keepingCapacity: true)
        }
        storage.resetCosts(to: start)
        current = start
        previousID = -1
        if !previous.isEmpty || !previousNFD.isEmpty { previousNFD = previous }
    }

    /// Adds one grapheme; `false` when no surviving state can type it.
    @inline(__always)
    mutating func step(_ id: Int, into sink: BatchBuffer) -> Bool {
        stepAlone(id, into: sink) || search(id, into: sink)
    }

    /// Adds one grapheme if one state survives and one way types it from there (the fast
    /// lane); `false`, having done nothing, otherwise.
    @inline(__always)
    mutating func stepAlone(_ id: Int, into sink: BatchBuffer) -> Bool {
        guard current >= 0 else { return false }
        let single = tables.singleWay[current &* tables.laneStride &+ id]
        guard single != PlannerTables.noSingleWay else { return false }
        sink.append(id, way: PlannerTables.way(of: single))
        current = PlannerTables.end(of: single)
        previousID = id
        return true
    }

    /// The fast lane over a run of `bytes` from `index`: adds graphemes while each is a
    /// scalar below U+0300, not CR, not followed by a combining mark (lead byte 0xCC and
    /// up), and one state survives with one way for it (`stepAlone`) or the grapheme and the
    /// next one to three (or the end of the text) make a remembered episode (`stepEpisode`),
    /// until the batch holds `batchSize`. Returns where it stopped and how many graphemes it
    /// added.
    @inline(__always)
    mutating func runFastLane(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, into batch: BatchBuffer, batchSize: Int
    ) -> (index: Int, added: Int) {
        guard current >= 0, let text = bytes.baseAddress else { return (index, 0) }
        var (stateOut, positionOut, rememberedOut) = (current, index, 0)
        var added = 0
        let end = bytes.count
        // Below it, a grapheme's two bytes and the one after are in the text.
        let unchecked = end &- 2
        let laneStride = tables.laneStride
        let lane = tables.lane
        let idByScalar = tables.graphemeIDByScalar.baseAddress!
        let singleWay = tables.singleWay.baseAddress!
        let episodes = episodes
        batch.appending(upTo: batchSize) { graphemes, ways, count, limit in
            // Locals, not captures, so that they stay in registers.
            var (state, position, remembered) = (stateOut, positionOut, 0)
            defer { (stateOut, positionOut, rememberedOut) = (state, position, remembered) }
            var held = count
            lane: while held < limit {
                // While the state stays, the next look-up's address depends on the text alone:
                // a change of state leaves these loops (a branch, well predicted) instead of
                // feeding the loaded end state into the next address (two loads' latency
                // per grapheme).
                let row = singleWay + state &* laneStride
                var (id, next) = (-1, -1)
                // A step takes a byte and adds a grapheme at most, so up to `fastEnd` the batch
                // has room and the text needs no bounds checks; a checked loop takes the bytes
                // after. (One loop choosing the look-up at each grapheme, measured before the
                // byte steps: 1,550 M instructions against 1,428 M for three layouts over hu.txt.)
                let fastEnd = min(unchecked, position &+ (limit &- held))
                fast: do {
                    var at = position
                    // A few bytes (a word planned alone) go to the checked loop at once: the
                    // call would cost more than it saves.
                    if fastEnd &- position >= Self.scanMinimum {
                        let scan = Self.scanStaying(
                            from: text + position, to: text + fastEnd, lane, row, graphemes, ways, held: held)
                        at = scan.cursor - text
                        held = scan.held
                        if at < fastEnd {
                            let found = scan.found
                            guard found != lane.noneID else {
                                position = at
                                break lane
                            }
                            let single = row[found]
                            guard single != PlannerTables.noSingleWay else {
                                position = at
                                (id, next) = (found, at &+ scan.length)
                                break fast
                            }
                            graphemes[held] = Int32(truncatingIfNeeded: found)
                            ways[held] = PlannerTables.way(of: single)
                            held &+= 1
                            state = PlannerTables.end(of: single)
                            position = at &+ scan.length
                            continue lane
                        }
                        // Stopped inside a two-byte scalar (already added): after it.
                        if at < end, text[at] & 0xC0 == 0x80 { at &+= 1 }
                    }
                    position = at
                    // The last bytes of the text, or of the batch's room.
                    while held < limit {
                        (id, next) = Self.simpleGrapheme(bytes, at: position, idByScalar)
                        guard id >= 0 else { break lane }
                        let single = row[id]
                        guard single != PlannerTables.noSingleWay else { break fast }
                        graphemes[held] = Int32(truncatingIfNeeded: id)
                        ways[held] = PlannerTables.way(of: single)
                        held &+= 1
                        position = next
                        if single < 0 {
                            state = PlannerTables.end(of: single)
                            continue lane
                        }
                    }
                    break lane
                }
                // Grapheme `id`, ending at `next`, has no single way: a remembered episode of
                // it and the next one to three graphemes, or of it before the end.
                guard let episodes, held &+ 4 <= limit else { break }
                if next == end {
                    guard let entry = episodes.entry(.init(state: state, id, EpisodeCache.Key.endOfText)) else { break }
                    graphemes[held] = Int32(truncatingIfNeeded: id)
                    ways[held] = entry.ways.0
                    held &+= 1
                    state = Int(entry.end)
                    position = next
                    remembered &+= 1
                    break
                }
                let (second, afterSecond) = Self.simpleGrapheme(bytes, at: next, idByScalar)
                guard second >= 0 else { break }
                var (third, fourth, length, after) = (-1, -1, 2, afterSecond)
                var found = episodes.entry(.init(state: state, id, second))
                if found == nil {
                    (third, after) = Self.simpleGrapheme(bytes, at: afterSecond, idByScalar)
                    guard third >= 0 else { break }
                    found = episodes.entry(.init(state: state, id, second, third))
                    length = 3
                    if found == nil {
                        (fourth, after) = Self.simpleGrapheme(bytes, at: after, idByScalar)
                        guard fourth >= 0 else { break }
                        found = episodes.entry(.init(state: state, id, second, third, fourth))
                        length = 4
                    }
                }
                guard let entry = found else { break }
                graphemes[held] = Int32(truncatingIfNeeded: id)
                ways[held] = entry.ways.0
                graphemes[held &+ 1] = Int32(truncatingIfNeeded: second)
                ways[held &+ 1] = entry.ways.1
                if length > 2 {
                    graphemes[held &+ 2] = Int32(truncatingIfNeeded: third)
                    ways[held &+ 2] = entry.ways.2
                    if length > 3 {
                        graphemes[held &+ 3] = Int32(truncatingIfNeeded: fourth)
                        ways[held &+ 3] = entry.ways.3
                    }
                }
                held &+= length
                state = Int(entry.end)
                position = after
                remembered &+= length
            }
            added = held &- count
            return held
        }
        if added > 0 { previousID = Int(batch.graphemes[batch.count &- 1]) }
        current = stateOut
        rememberedSteps &+= rememberedOut
        return (positionOut, added)
    }

    /// Adds the graphemes of an episode the search has already made (see `EpisodeCache`)
    /// if one state survives: `first`, `second` (or `EpisodeCache.Key.endOfText`) and, if
    /// the episode takes them, `third` and `fourth` (-1 when unknown). Returns how many
    /// graphemes it added: 0, having done nothing, when no such episode is remembered.
    @inline(__always)
    mutating func stepEpisode(
        _ first: Int, _ second: Int, _ third: Int, _ fourth: Int, into sink: BatchBuffer
    ) -> Int {
        guard current >= 0, let episodes, !tables.isContextual[first] else { return 0 }
        let ids = (first, second, third, fourth)
        if second == EpisodeCache.Key.endOfText {
            guard let entry = episodes.entry(EpisodeCache.Key(state: current, first, second)) else { return 0 }
            return replay(entry, ids, count: 1, into: sink)
        }
        guard !tables.isContextual[second] else { return 0 }
        if let entry = episodes.entry(EpisodeCache.Key(state: current, first, second)) {
            return replay(entry, ids, count: 2, into: sink)
        }
        guard third >= 0, !tables.isContextual[third] else { return 0 }
        if let entry = episodes.entry(EpisodeCache.Key(state: current, first, second, third)) {
            return replay(entry, ids, count: 3, into: sink)
        }
        guard fourth >= 0, !tables.isContextual[fourth],
            let entry = episodes.entry(EpisodeCache.Key(state: current, first, second, third, fourth))
        else { return 0 }
        return replay(entry, ids, count: 4, into: sink)
    }

    /// Adds the first `count` of `ids`, typed by `entry`'s ways, and ends in its state.
    @inline(__always)
    private mutating func replay(
        _ entry: EpisodeCache.Entry, _ ids: (Int, Int, Int, Int), count: Int, into sink: BatchBuffer
    ) -> Int {
        sink.append(ids.0, way: entry.ways.0)
        if count > 1 { sink.append(ids.1, way: entry.ways.1) }
        if count > 2 { sink.append(ids.2, way: entry.ways.2) }
        if count > 3 { sink.append(ids.3, way: entry.ways.3) }
        current = Int(entry.end)
        previousID = count == 1 ? ids.0 : count == 2 ? ids.1 : count == 3 ? ids.2 : ids.3
        rememberedSteps += count
        return count
    }

    /// `step` when several states survive or the grapheme has several options. Only the
    /// live states (finite cost) are visited; the next costs are infinite outside the states
    /// this step reaches, and ties go to the lowest state index.
    private mutating func search(_ id: Int, into sink: BatchBuffer) -> Bool {
        // Unowned, and the contextual work in a function of its own: a step would otherwise
        // retain and release the tables, the storage and empty arrays, atomically, each time.
        unowned(unsafe) let tables = tables
        let contextual = tables.isContextual[id]
        if current >= 0 {
            if !contextual, tables.optionCount[id &* stateCount &+ current] == 0 { return false }
            storage.converge(on: current)
            episodeStart = current
        }
        let reachedCount: Int
        if contextual {
            episodeStart = -1
            reachedCount = relaxContextual(id)
        } else {
            reachedCount = relax(id)
        }
        guard reachedCount > 0 else { return false }
        let nextCosts = storage.nextCosts
        let reached = storage.reached
        var best = Int(reached[0])
        for index in 1..<reachedCount {
            let state = Int(reached[index])
            if nextCosts[state] < nextCosts[best] || (nextCosts[state] == nextCosts[best] && state < best) {
                best = state
            }
        }
        var survivors = 0
        let switchCost = tables.switchCost
        for index in 0..<reachedCount {
            let state = Int(reached[index])
            if state != best, nextCosts[best] + switchCost[best &* stateCount &+ state] <= nextCosts[state] + 1e-12 {
                nextCosts[state] = .infinity
            } else {
                reached[survivors] = Int32(state)
                survivors += 1
            }
        }
        storage.pushSegmentStep(id)
        storage.advance(survivors: survivors)
        previousID = id
        if survivors == 1 {
            flush(ending: best, into: sink, rememberingFrom: episodeStart)
        } else {
            current = -1
        }
        return true
    }

    /// Emits what is still held and returns the final state's dense index.
    mutating func finish(into sink: BatchBuffer) -> Int {
        if current >= 0 { return current }
        let costs = storage.costs
        var best = Int(storage.live[0])
        for index in 1..<storage.liveCount {
            let state = Int(storage.live[index])
            if costs[state] < costs[best] || (costs[state] == costs[best] && state < best) { best = state }
        }
        flush(ending: best, into: sink, rememberingFrom: episodeStart, atEnd: true)
        return best
    }

    /// Walks the held choices back from `end` and emits them in text order. Remembers them
    /// as an episode from `start` when that is a state: two or three graphemes, or one at
    /// the end of the text, all typed by the planner's own ways.
    private mutating func flush(
        ending end: Int, into sink: BatchBuffer, rememberingFrom start: Int = -1, atEnd: Bool = false
    ) {
        let steps = storage.heldCount
        let chosen = storage.chosen(ending: end)
        if start >= 0, let episodes, atEnd ? steps == 1 : (2...4).contains(steps),
            (0..<steps).allSatisfy({ chosen[$0].option >= 0 })
        {
            let ids = storage.heldIDs
            let key =
                atEnd
                ? EpisodeCache.Key(state: start, Int(ids[0]), EpisodeCache.Key.endOfText)
                : EpisodeCache.Key(
                    state: start, Int(ids[0]), Int(ids[1]), steps > 2 ? Int(ids[2]) : -1, steps > 3 ? Int(ids[3]) : -1)
            let ways = (
                chosen[0].option, steps > 1 ? chosen[1].option : -1, steps > 2 ? chosen[2].option : -1,
                steps > 3 ? chosen[3].option : -1
            )
            episodes.remember(key, ways: ways, end: end)
        }
        for step in 0..<steps {
            let choice = chosen[step]
            let id = Int(storage.heldIDs[step])
            if choice.option >= 0 {
                sink.append(id, way: choice.option)
            } else {
                sink.appendOwn(id, adHoc[Int(-choice.option) - 1], adHocEvents)
            }
        }
        current = end
        storage.converge(on: end)
        storage.heldCount = 0
        if !adHoc.isEmpty {
            adHoc.removeAll(keepingCapacity: true)
            adHocEvents.removeAll(keepingCapacity: true)
        }
    }
}
