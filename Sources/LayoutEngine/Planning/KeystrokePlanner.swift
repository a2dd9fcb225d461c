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
    public func plan<Sink: KeystrokeSink>(
        _ text: String, from state: SessionState, after previous: [Unicode.Scalar] = [], into sink: inout Sink
    ) -> SessionState {
        var search = PlanSearch(tables: tables, start: StateTransitions.index(state), previous: previous)
        let scalars = text.unicodeScalars
        let end = scalars.endIndex
        var index = scalars.startIndex
        var offset = 0
        while index < end {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            var graphemeEnd = next
            var length = 1
            var id: Int32 = -1
            if scalar.value < 0x300, scalar != "\r", next == end || scalars[next].value < 0x300 {
                id = tables.graphemeIDByScalar[Int(scalar.value)]
            } else {
                length = GraphemeBoundary.graphemeLength(in: scalars, at: index)
                graphemeEnd = scalars.index(index, offsetBy: length)
                let grapheme = Substring(scalars[index..<graphemeEnd])
                id = tables.graphemeIDs[String(grapheme).precomposedForm] ?? -1
            }
            if id < 0 || !search.step(Int(id), into: &sink) {
                sink.untypeable(Substring(scalars[index..<graphemeEnd]), scalarOffset: offset)
            }
            index = graphemeEnd
            offset += length
        }
        return StateTransitions.state(search.finish(into: &sink))
    }
}
