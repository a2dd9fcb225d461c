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
    let tables: PlannerTables

    /// Precomputes the plans of every grapheme the layout can type, minimizing `costModel`.
    public init(layout: Layout, costModel: some KeystrokeCostModel = KeystrokeCount()) {
        self.layout = layout
        self.tables = PlannerTables(layout: layout, model: costModel)
    }

    /// The grapheme (NFC) with the id a `KeystrokeSink` receives.
    public func grapheme(_ id: Int) -> String { tables.graphemes[id] }

    /// How many graphemes have ids.
    public var graphemeCount: Int { tables.graphemes.count }

    /// Plans `text` from `state` (the initial state when `nil`), after `context` (the text
    /// already before the caret, which decides what an accent key right at the start does).
    public func plan(_ text: String, from state: SessionState? = nil, after context: String = "") -> KeystrokePlan {
        let start = state ?? .initial(layout)
        var result = KeystrokePlan(endState: start)
        let previous = context.last.map(CanonicalComposition.decomposed) ?? []
        result.endState = plan(text, from: start, after: previous, into: &result)
        return result
    }

    /// Plans `text`, handing each grapheme's events to `sink` in order; returns the end state.
    /// `previous` is the last grapheme before the text, in NFD (empty at the start of a text).
    /// - Complexity: O(n); one table look-up per byte of Latin text.
    public func plan<Sink: KeystrokeSink>(
        _ text: String, from state: SessionState, after previous: [Unicode.Scalar] = [], into sink: inout Sink
    ) -> SessionState {
        var text = text
        text.makeContiguousUTF8()
        var search = PlanSearch(tables: tables, start: StateTransitions.index(state), previous: previous)
        var batching = BatchingSink()
        // A batch holds up to `batchSize` graphemes (plus what a converging search releases at once);
        // a short text, such as one sentence, needs no more than its own length.
        let capacity = min(Self.batchSize * 2, text.utf8.count + 16)
        batching.batch.events.reserveCapacity(capacity * 2)
        batching.batch.graphemes.reserveCapacity(capacity)
        batching.batch.eventEnds.reserveCapacity(capacity)
        batching.batch.costs.reserveCapacity(capacity)
        let utf8 = text.utf8
        utf8.withContiguousStorageIfAvailable { bytes in
            let count = bytes.count
            var index = 0
            var scalarOffset = 0
            while index < count {
                let lead = bytes[index]
                let next = index + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4)
                // A scalar below U+0300 (lead byte below 0xCC) followed by another is a grapheme of its own.
                if lead < 0xCC, lead != 0x0D, next >= count || bytes[next] < 0xCC {
                    let value = lead < 0x80 ? UInt32(lead) : UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    let id = tables.graphemeIDByScalar[Int(value)]
                    if id < 0 || !search.step(Int(id), into: &batching) {
                        deliver(&batching, to: &sink)
                        let start = utf8.index(utf8.startIndex, offsetBy: index)
                        let end = utf8.index(start, offsetBy: next - index)
                        sink.untypeable(text[start..<end], scalarOffset: scalarOffset)
                    }
                    index = next
                    scalarOffset += 1
                } else {
                    let start = utf8.index(utf8.startIndex, offsetBy: index)
                    let scalars = text.unicodeScalars
                    let length = GraphemeBoundary.graphemeLength(in: scalars, at: start)
                    let end = scalars.index(start, offsetBy: length)
                    let grapheme = text[start..<end]
                    let id = tables.graphemeIDs[String(grapheme).precomposedForm] ?? -1
                    if id < 0 || !search.step(Int(id), into: &batching) {
                        deliver(&batching, to: &sink)
                        sink.untypeable(grapheme, scalarOffset: scalarOffset)
                    }
                    index = utf8.distance(from: utf8.startIndex, to: end)
                    scalarOffset += length
                }
                if batching.batch.count >= Self.batchSize { deliver(&batching, to: &sink) }
            }
        }
        let end = search.finish(into: &batching)
        deliver(&batching, to: &sink)
        return StateTransitions.state(end)
    }

    /// How many graphemes go to the sink at once.
    static let batchSize = 4096

    private func deliver<Sink: KeystrokeSink>(_ batching: inout BatchingSink, to sink: inout Sink) {
        guard batching.batch.count > 0 else { return }
        sink.typed(batching.batch)
        batching.batch.removeAll()
    }
}
