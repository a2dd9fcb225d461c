import LayoutCore

/// The planner's precomputed answers: for every grapheme a layout can type and every
/// session state, the cheapest ways to type it, one per state it can end in.
///
/// The tables the search reads per grapheme live in storage of their own (freed with the
/// tables), so that reading them costs no reference counting. Immutable after `init`, so
/// sharing across threads is safe.
package final class PlannerTables: @unchecked Sendable {
    /// One way to type a grapheme from a given state.
    struct Option: Sendable {
        /// The state index it ends in.
        let end: Int
        /// Its cost under the model, switching included.
        let cost: Double
        /// Its events: `events[eventStart ..< eventStart + eventCount]`.
        let eventStart: Int32
        let eventCount: Int32
    }

    /// Graphemes (single scalars) below this are looked up in an array.
    package static let scalarLookupLimit: UInt32 = 0x3000

    let layout: Layout
    let stateCount: Int
    /// `switchCost[from * stateCount + to]`: the cheapest way between states with shift and layer keys.
    let switchCost: UnsafeBufferPointer<Double>
    let switchEvents: [[KeyEvent]]
    /// Every grapheme with an id: NFC text and NFD scalars.
    package let graphemes: [String]
    let graphemeNFD: [[Unicode.Scalar]]
    let graphemeIDs: [String: Int32]
    /// Single-scalar graphemes below the limit: scalar value → grapheme id, or -1.
    package let graphemeIDByScalar: UnsafeBufferPointer<Int32>
    /// The same for the fast lane, read without a branch on a scalar's length.
    package let lane: LaneTable
    /// `optionStart[grapheme * stateCount + state]` and the count after it, into `options`.
    let optionStart: UnsafeBufferPointer<Int32>
    let optionCount: UnsafeBufferPointer<Int32>
    let options: UnsafeBufferPointer<Option>
    let optionEvents: UnsafeBufferPointer<KeyEvent>
    /// Per grapheme id: the accent keys whose spacing symbol it is (typed only where the
    /// grapheme before cannot take the accent).
    let symbolKeys: [[(accent: Int, key: KeyID)]]
    /// Per grapheme id: whether how it is typed depends on the grapheme before: `symbolKeys`
    /// is not empty, or a way of typing it starts with a text that composes with some
    /// grapheme (`Layout.textCompositions`).
    let isContextual: UnsafeBufferPointer<Bool>
    /// The escapes of the layout's text compositions, when it declares any.
    let escapes: CompositionEscapes?
    /// `singleWay[state * laneStride + grapheme]`: when the grapheme has exactly one option
    /// from the state and does not depend on the one before, that option's index in the
    /// low 32 bits and its end state above them, with the sign bit set when the end is
    /// another state; otherwise `noSingleWay`. The planner's fast lane: a state's row is
    /// contiguous (the lane reads one row while the state stays), one load gives the way and
    /// where it ends, and one test of the sign both a grapheme the lane cannot take and a
    /// change of state. After the graphemes, two entries for `LaneTable`'s ids: its
    /// continuation bytes stay in the state with way 0 (the lane never keeps that way), and
    /// what it does not take has no single way.
    let singleWay: UnsafeBufferPointer<Int64>
    /// The `singleWay` of a grapheme with several options (or none, or contextual).
    static let noSingleWay: Int64 = -1
    /// The length of a row of `singleWay`: two more than the graphemes.
    let laneStride: Int
    let transitions: StateTransitions

    /// The tables of `layout`, its events costed by `transitions`' model (made by the
    /// caller: a class has no generic initializer in Embedded Swift); with `scalars`, only of
    /// the graphemes they cover (and the accents' symbols).
    init(layout: Layout, transitions: StateTransitions, scalars: PlannedScalars? = nil) {
        self.layout = layout
        self.transitions = transitions
        stateCount = transitions.stateCount
        switchCost = Self.stored(transitions.switchCost)
        switchEvents = transitions.switchEvents

        let productions = Productions(layout: layout, covering: scalars)
        var graphemes: [String] = []
        var graphemeIDs: [String: Int32] = [:]
        func id(_ grapheme: String) -> Int32 {
            if let known = graphemeIDs[grapheme] { return known }
            graphemes.append(grapheme)
            graphemeIDs[grapheme] = Int32(graphemes.count - 1)
            return Int32(graphemes.count - 1)
        }
        let planned = scalars.map { scalars in productions.byGrapheme.keys.filter(scalars.covers) }
        for grapheme in Self.sorted(planned ?? Array(productions.byGrapheme.keys)) { _ = id(grapheme) }
        var symbolKeysByID: [Int32: [(accent: Int, key: KeyID)]] = [:]
        for (index, key) in layout.keys.enumerated() {
            if case .accent(let accent) = key.action {
                symbolKeysByID[id(layout.accents[accent].symbol), default: []].append((accent, KeyID(index)))
            }
        }
        self.graphemes = graphemes
        self.graphemeIDs = graphemeIDs
        graphemeNFD = graphemes.map { $0.flatMap(CanonicalComposition.decomposed) }
        symbolKeys = graphemes.indices.map { symbolKeysByID[Int32($0)] ?? [] }
        var byScalar = [Int32](repeating: -1, count: Int(Self.scalarLookupLimit))
        for (index, grapheme) in graphemes.enumerated() {
            let scalars = grapheme.unicodeScalars
            if scalars.count == 1, let scalar = scalars.first, scalar.value < Self.scalarLookupLimit {
                byScalar[Int(scalar.value)] = Int32(index)
            }
        }
        graphemeIDByScalar = Self.stored(byScalar)
        lane = LaneTable(
            idByScalar: graphemeIDByScalar, continuationID: Int32(graphemes.count), noneID: Int32(graphemes.count + 1))

        var optionStart: [Int32] = []
        var optionCount: [Int32] = []
        var options: [Option] = []
        var optionEvents: [KeyEvent] = []
        var scratch = CheapestEndsScratch()
        for grapheme in graphemes {
            let ways = productions.byGrapheme[grapheme] ?? []
            for state in 0..<stateCount {
                let first = options.count
                optionStart.append(Int32(first))
                transitions.cheapestEnds(of: ways, from: state, scratch: &scratch) { end, cost, events in
                    options.append(
                        Option(
                            end: end, cost: cost, eventStart: Int32(optionEvents.count), eventCount: Int32(events.count)
                        ))
                    optionEvents += events
                }
                optionCount.append(Int32(options.count - first))
            }
        }
        self.optionStart = Self.stored(optionStart)
        self.optionCount = Self.stored(optionCount)
        self.options = Self.stored(options)
        self.optionEvents = Self.stored(optionEvents)
        let typedTexts = Set(layout.textCompositions.values.flatMap { $0.keys })
        let symbolKeys = symbolKeys
        let contextual = graphemes.indices.map { index in
            !symbolKeys[index].isEmpty
                || Self.startsWithComposingText(
                    productions.byGrapheme[graphemes[index]] ?? [], layout: layout, typedTexts: typedTexts)
        }
        isContextual = Self.stored(contextual)
        escapes = CompositionEscapes(layout: layout, productions: productions, graphemeIDs: graphemeIDs)
        let graphemeCount = graphemes.count
        let laneStride = graphemeCount + 2
        self.laneStride = laneStride
        singleWay = Self.stored(
            (0..<(transitions.stateCount * laneStride)).map { index in
                let (state, grapheme) = index.quotientAndRemainder(dividingBy: laneStride)
                guard grapheme < graphemeCount else {
                    return grapheme == graphemeCount ? Int64(state) << 32 : Self.noSingleWay
                }
                let option = grapheme * transitions.stateCount + state
                guard optionCount[option] == 1, !contextual[grapheme] else { return Self.noSingleWay }
                let end = options[Int(optionStart[option])].end
                return (end == state ? 0 : Int64.min) | Int64(end) << 32 | Int64(optionStart[option])
            })
    }

    deinit {
        for storage in [
            UnsafeRawPointer(graphemeIDByScalar.baseAddress), UnsafeRawPointer(optionStart.baseAddress),
            UnsafeRawPointer(optionCount.baseAddress), UnsafeRawPointer(options.baseAddress),
            UnsafeRawPointer(optionEvents.baseAddress), UnsafeRawPointer(singleWay.baseAddress),
            UnsafeRawPointer(switchCost.baseAddress), UnsafeRawPointer(isContextual.baseAddress),
        ] {
            storage.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
        }
        lane.deallocate()
    }

    /// The option of a `singleWay` entry.
    @inline(__always)
    static func way(of single: Int64) -> Int32 { Int32(truncatingIfNeeded: single) }

    /// The end state of a `singleWay` entry.
    @inline(__always)
    static func end(of single: Int64) -> Int { Int(truncatingIfNeeded: single &>> 32) & 0x7FFF_FFFF }

    /// `graphemes` in `String`'s order (the order of their NFC scalars), found by comparing
    /// each one's NFC scalar values once: `sorted()` normalizes both strings at every
    /// comparison, which took most of the planner's start-up on a keyboard with thousands of
    /// graphemes beyond Latin (bn's letters with vowel signs).
    package static func sorted(_ graphemes: some Collection<String>) -> [String] {
        let keyed = graphemes.map { grapheme in
            let nfc = CanonicalComposition.composedText(grapheme.flatMap(CanonicalComposition.decomposed))
            return (grapheme, nfc.unicodeScalars.map { $0.value })
        }
        return keyed.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map { $0.0 }
    }

    /// A copy of `array` in storage of its own (at least one element's room, so never `nil`).
    private static func stored<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: max(1, array.count))
        _ = UnsafeMutableBufferPointer(start: storage, count: array.count).initialize(from: array)
        return UnsafeBufferPointer(start: storage, count: array.count)
    }
}
