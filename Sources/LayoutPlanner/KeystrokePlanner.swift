import LayoutCore

/// Finds the cheapest key sequence that types a text on a layout, like `xkbcli how-to-type`
/// for a whole text, and names what the layout cannot type.
///
/// The planner uses only what the layout declares: keys, long-press alternates, accent
/// keys, shift (one-shot and caps lock) and layers. It is exact over the whole text: a
/// Viterbi search over session states (so a run of capitals may use caps lock), with the
/// per-grapheme answers precomputed when the planner is made.
///
/// ```swift
/// let planner = KeystrokePlanner(layout: huTouch)
/// let plan = planner.plan("Győr")   // ⇧ G y o ˝ r
/// ```
/// - Complexity: O(n) in the text's length; a table look-up per grapheme in the common case.
public struct KeystrokePlanner: Sendable {
    /// The layout planned for.
    public let layout: Layout
    package let tables: PlannerTables

    /// Precomputes the plans of every grapheme the layout can type, minimizing `costModel`.
    public init(layout: Layout, costModel: some KeystrokeCostModel = KeystrokeCount()) {
        self.layout = layout
        self.tables = PlannerTables(
            layout: layout, transitions: StateTransitions(layout: layout, model: costModel))
    }

    /// A planner for `texts` alone: its tables hold only the graphemes made of their scalars
    /// (`PlannedScalars`), so it is made in a fraction of the time on a layout that types
    /// thousands of graphemes the texts do not use (bn's conjuncts with vowel signs). It plans
    /// every text made of those scalars as the planner of the whole layout does, event for
    /// event (grapheme ids aside); a grapheme with other scalars it leaves untypeable.
    public init(
        layout: Layout, costModel: some KeystrokeCostModel = KeystrokeCount(), forTexts texts: some Sequence<String>
    ) {
        self.layout = layout
        self.tables = PlannerTables(
            layout: layout, transitions: StateTransitions(layout: layout, model: costModel),
            scalars: PlannedScalars(texts))
    }

    /// The grapheme (NFC) with the id a `KeystrokeSink` receives.
    public func grapheme(_ id: Int) -> String { tables.graphemes[id] }

    /// How many graphemes have ids.
    public var graphemeCount: Int { tables.graphemes.count }

    /// Plans `text` from `state` (the initial state when `nil`), after `context` (the text
    /// already before the caret, which decides what an accent key right at the start does).
    public func plan(_ text: String, from state: SessionState? = nil, after context: String = "") -> KeystrokePlan {
        let start = state ?? .initial(layout)
        var result = KeystrokePlan(endState: start, layout: layout)
        let previous = context.last.map(CanonicalComposition.decomposed) ?? []
        result.endState = plan(text, from: start, after: previous, into: &result)
        return result
    }

    /// Plans the keys of a character pressed on a real keyboard (a host's key, not pasted
    /// text), after `previous` (the last grapheme before the caret, NFD). As `plan`, but a
    /// text that cannot follow `previous` as it is, because the two would make something
    /// else (`Layout.textCompositions`: fr-t-k0-test's `^` then `e`), gets the keys that type
    /// it alone: the person pressed that key, and gets what the keyboard makes of it (`ê`).
    public func planKeyPress(_ text: String, from state: SessionState, after previous: [Unicode.Scalar])
        -> KeystrokePlan
    {
        var result = KeystrokePlan(endState: state, layout: layout)
        result.endState = plan(text, from: state, after: previous, into: &result)
        guard !result.untypeable.isEmpty, !previous.isEmpty else { return result }
        var alone = KeystrokePlan(endState: state, layout: layout)
        alone.endState = plan(text, from: state, after: [], into: &alone)
        return alone.untypeable.isEmpty ? alone : result
    }

    /// `planKeyPress` after the last grapheme of `context`.
    public func planKeyPress(_ text: String, from state: SessionState, after context: String) -> KeystrokePlan {
        planKeyPress(text, from: state, after: context.last.map(CanonicalComposition.decomposed) ?? [])
    }

    /// Plans `text`, handing each grapheme's events to `sink` in order; returns the end state.
    /// `previous` is the last grapheme before the text, in NFD (empty at the start of a text).
    /// - Complexity: O(n); one table look-up per byte of Latin text.
    public func plan<Sink: KeystrokeSink>(
        _ text: String, from state: SessionState, after previous: [Unicode.Scalar] = [], into sink: inout Sink
    ) -> SessionState {
        var text = text
        text.makeContiguousUTF8()
        // A short text would spend more on filling an episode cache than the cache saves.
        let length = text.utf8.count
        var workspace = PlanningWorkspace(
            self, capacity: length, remembersEpisodes: length >= PlanningWorkspace.episodeCacheMinimumLength)
        let start = tables.transitions.dense(StateTransitions.index(state)) ?? initialStateIndex
        let end = text.utf8.withContiguousStorageIfAvailable { bytes in
            plan(utf8: bytes, from: start, after: previous, workspace: &workspace, into: &sink)
        }
        return tables.transitions.state(dense: end ?? start)
    }

    /// The planner's own ways, numbered as in every batch it hands to a sink; valid while
    /// the planner (or a copy of it) exists.
    package var tableWays: PlannedWays {
        PlannedWays(
            table: tables.options, tableEvents: tables.optionEvents, batch: .init(start: nil, count: 0),
            batchEvents: .init(start: nil, count: 0))
    }

    /// Per way of `tableWays`: the id of the grapheme it types.
    package var tableWayGraphemes: [Int32] {
        var graphemes = [Int32](repeating: -1, count: tables.options.count)
        for index in tables.optionStart.indices {
            let start = Int(tables.optionStart[index])
            for way in start..<(start + Int(tables.optionCount[index])) {
                graphemes[way] = Int32(index / tables.stateCount)
            }
        }
        return graphemes
    }

    /// The dense index of the layout's initial state (states are numbered `0..<stateCount`).
    package var initialStateIndex: Int {
        tables.transitions.dense(StateTransitions.index(.initial(layout))) ?? 0
    }

    /// Plans valid UTF-8 `bytes`, the start of a text, from the state with dense index
    /// `start`, and returns the end state's dense index. Allocates nothing in the steady
    /// state (the workspace holds the buffers) except for graphemes beyond Latin.
    /// - Precondition: `bytes` is valid UTF-8 (a `CorpusChunk`'s lines, a `String`'s storage).
    package func plan<Sink: KeystrokeSink>(
        utf8 bytes: UnsafeBufferPointer<UInt8>, from start: Int, workspace: inout PlanningWorkspace,
        into sink: inout Sink
    ) -> Int {
        // An empty array is the shared empty storage: nothing is made per call (a static
        // array instead was looked up through a once-check per call).
        plan(utf8: bytes, from: start, after: [], workspace: &workspace, into: &sink)
    }

    /// `plan(utf8:from:workspace:into:)` after the grapheme whose NFD scalars are `previous`
    /// (empty at the start of a text).
    package func plan<Sink: KeystrokeSink>(
        utf8 bytes: UnsafeBufferPointer<UInt8>, from start: Int, after previous: [Unicode.Scalar],
        workspace: inout PlanningWorkspace, into sink: inout Sink
    ) -> Int {
        workspace.search.restart(start: start, after: previous)
        let batch = workspace.batch
        batch.removeAll()
        let count = bytes.count
        var index = 0
        var scalarOffset = 0
        let idByScalar = tables.graphemeIDByScalar.baseAddress!
        while index < count {
            let run =
                workspace.takesFastLane
                ? workspace.search.runFastLane(bytes, from: index, into: batch, batchSize: Self.batchSize)
                : (index: index, added: 0)
            index = run.index
            scalarOffset += run.added
            if index == count { break }
            let (id, next) = PlanSearch.simpleGrapheme(bytes, at: index, idByScalar)
            if next >= 0 {
                // Graphemes added: the fast lane, a remembered episode, or the search.
                var added = 0
                if id >= 0 {
                    if workspace.search.stepAlone(id, into: batch) {
                        added = 1
                    } else if next == count {
                        added = workspace.search.stepEpisode(id, EpisodeCache.Key.endOfText, -1, -1, into: batch)
                    } else {
                        let (second, secondEnd) = PlanSearch.simpleGrapheme(bytes, at: next, idByScalar)
                        if second >= 0 {
                            let (third, thirdEnd) = PlanSearch.simpleGrapheme(bytes, at: secondEnd, idByScalar)
                            let (fourth, fourthEnd) =
                                third >= 0 ? PlanSearch.simpleGrapheme(bytes, at: thirdEnd, idByScalar) : (-1, -1)
                            added = workspace.search.stepEpisode(id, second, third, fourth, into: batch)
                            if added == 2 { index = secondEnd }
                            if added == 3 { index = thirdEnd }
                            if added == 4 { index = fourthEnd }
                        }
                    }
                    if added == 1 { index = next }
                }
                if added == 0 {
                    if id < 0 || !workspace.search.step(id, into: batch) {
                        deliver(batch, to: &sink)
                        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<next]), as: UTF8.self)
                        sink.untypeable(text[...], scalarOffset: scalarOffset)
                    }
                    index = next
                    added = 1
                }
                scalarOffset += added
            } else {
                // Segmented by Swift, over the bytes up to where a break is certain (a short
                // string, most often stored inline), not over the rest of the line.
                let window = Self.certainBreak(bytes, after: index)
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<window]), as: UTF8.self)
                let scalars = text.unicodeScalars
                let length = GraphemeBoundary.graphemeLength(in: scalars, at: scalars.startIndex)
                let end = scalars.index(scalars.startIndex, offsetBy: length)
                let grapheme = text[text.startIndex..<end]
                // String keys compare by canonical equivalence, so NFD text finds its NFC key.
                let id = tables.graphemeIDs[String(grapheme)] ?? -1
                if id < 0 || !workspace.search.step(Int(id), into: batch) {
                    deliver(batch, to: &sink)
                    sink.untypeable(grapheme, scalarOffset: scalarOffset)
                }
                index += text.utf8.distance(from: text.utf8.startIndex, to: end)
                scalarOffset += length
            }
            if batch.count >= Self.batchSize { deliver(batch, to: &sink) }
        }
        let end = workspace.search.finish(into: batch)
        deliver(batch, to: &sink)
        return end
    }

    /// The first offset after `index` where a grapheme break is certain whatever comes
    /// around it: between two ASCII characters, the first not CR (no rule of UAX #29 joins
    /// such a pair), or the end. The grapheme at `index` ends there at the latest, and
    /// Swift's segmentation of the bytes up to there finds its end as over the whole text.
    package static func certainBreak(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Int {
        var position = index + 1
        while position < bytes.count {
            let before = bytes[position - 1]
            if bytes[position] < 0x80, before < 0x80, before != 0x0D { return position }
            position += 1
        }
        return bytes.count
    }

    /// How many graphemes go to the sink at once.
    static let batchSize = 4096

    @inline(__always)
    private func deliver<Sink: KeystrokeSink>(_ batch: BatchBuffer, to sink: inout Sink) {
        guard batch.count > 0 else { return }
        batch.withBuffers { sink.typed($0) }
        batch.removeAll()
    }
}

/// The buffers of planning runs, kept from one run to the next so that planning line after
/// line allocates nothing.
package struct PlanningWorkspace {
    package var search: PlanSearch
    let batch: BatchBuffer
    /// Whether runs take the fast lane (`PlanSearch.runFastLane`); without it every grapheme
    /// is looked up and stepped on its own (for tests: the plans are the same).
    let takesFastLane: Bool

    /// The shortest text (in UTF-8 bytes) that `KeystrokePlanner.plan(_:from:after:into:)`
    /// plans with an episode cache: filling the cache's 8,192 slots costs about what
    /// searching a few hundred graphemes does, and a short text repeats few detours.
    package static let episodeCacheMinimumLength = 4096

    /// Buffers for `planner`, sized for about `capacity` bytes of text a run;
    /// `remembersEpisodes` lets runs skip searches made before (see `EpisodeCache`);
    /// `takesFastLane` lets them add the plainest graphemes in a loop of their own.
    package init(
        _ planner: KeystrokePlanner, capacity: Int = 4096, remembersEpisodes: Bool = true, takesFastLane: Bool = true
    ) {
        self.takesFastLane = takesFastLane
        search = PlanSearch(tables: planner.tables, remembersEpisodes: remembersEpisodes)
        batch = BatchBuffer(tables: planner.tables, capacity: min(KeystrokePlanner.batchSize * 2, capacity + 16))
    }
}
