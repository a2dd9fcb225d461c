import LayoutCore

/// The search's relaxation: from every live state, the options of one grapheme, giving the
/// next costs and choices of the states they reach.
extension PlanSearch {
    /// Relaxes the options of grapheme `id` (not contextual) from every live state: the next
    /// costs and choices of the states they reach, listed in `storage.reached`. Returns how
    /// many states that is.
    @inline(__always)
    func relax(_ id: Int) -> Int {
        unowned(unsafe) let tables = tables
        unowned(unsafe) let storage = storage
        let costs = storage.costs
        var reaching = Reaching(storage)
        let options = tables.options
        for liveIndex in 0..<storage.liveCount {
            let from = Int(storage.live[liveIndex])
            let base = id &* stateCount &+ from
            let start = Int(tables.optionStart[base])
            let fromCost = costs[from]
            for index in start..<(start &+ Int(tables.optionCount[base])) {
                let option = options[index]
                reaching.reach(option.end, at: fromCost + option.cost, from: from, option: index)
            }
        }
        return reaching.count
    }

    /// `relax` for a contextual grapheme: ways that start with a text composing with the
    /// grapheme before are left out (or typed with the layout's escape after that text,
    /// `CompositionEscapes`), and an accent's spacing symbol may be typed with the accent key
    /// (ways made for this place, kept in `adHoc`). Its loop over the options is
    /// `relax`'s own written again: shared through a function taking the test as a closure,
    /// the plain relaxation retained and released the tables per state (1,618 M instructions
    /// against 1,428 M for three layouts over hu.txt).
    mutating func relaxContextual(_ id: Int) -> Int {
        let symbolWays = symbolWays(for: id)
        // Texts that would compose with the grapheme before: ways starting with one are left out.
        let composing = tables.composingTexts(afterID: previousID, nfd: previousNFD)
        let escaped = composing.map { escapeWays(for: id, composing: $0) } ?? []
        let costs = storage.costs
        var reaching = Reaching(storage)
        let options = tables.options
        for liveIndex in 0..<storage.liveCount {
            let from = Int(storage.live[liveIndex])
            let base = id &* stateCount &+ from
            let start = Int(tables.optionStart[base])
            let fromCost = costs[from]
            for index in start..<(start + Int(tables.optionCount[base])) {
                let option = options[index]
                if let composing, composesFirst(option, composing) { continue }
                reaching.reach(option.end, at: fromCost + option.cost, from: from, option: index)
            }
            if !escaped.isEmpty {
                for (end, cost, events) in tables.transitions.cheapestEnds(of: escaped, from: from) {
                    reachAdHoc(end, cost: cost, after: fromCost, events: events, from: from, &reaching)
                }
            }
            guard !symbolWays.isEmpty else { continue }
            for (end, cost, events) in tables.transitions.cheapestEnds(of: symbolWays, from: from) {
                if let composing, let text = PlannerTables.firstOutput(events, layout: tables.layout),
                    composing[text] != nil
                {
                    continue
                }
                reachAdHoc(end, cost: cost, after: fromCost, events: events, from: from, &reaching)
            }
        }
        return reaching.count
    }

    /// Keeps a way made for this place (`cost` from state `from`, reached at `fromCost`) in
    /// `adHoc` and reaches its end with it.
    private mutating func reachAdHoc(
        _ end: Int, cost: Double, after fromCost: Double, events: [KeyEvent], from: Int, _ reaching: inout Reaching
    ) {
        adHoc.append(
            PlannerTables.Option(
                end: end, cost: cost, eventStart: Int32(adHocEvents.count), eventCount: Int32(events.count)))
        adHocEvents += events
        reaching.reach(end, at: fromCost + cost, from: from, option: -adHoc.count)
    }

    /// The ways to type grapheme `id` with the layout's escape after a text that would
    /// compose with the grapheme before (`composing`), or none.
    private func escapeWays(for id: Int, composing: [String: String]) -> [[KeyEvent]] {
        guard let escapes = tables.escapes else { return [] }
        let previous =
            previousID >= 0 ? tables.graphemes[previousID] : CanonicalComposition.composed(previousNFD)
        return escapes.ways(for: id, after: previous, composing: composing, layout: tables.layout)
    }

    /// Whether the first text `option` types composes with the grapheme before (`composing`
    /// holds the texts that do), so that it would not type its grapheme there.
    private func composesFirst(_ option: PlannerTables.Option, _ composing: [String: String]) -> Bool {
        let start = Int(option.eventStart)
        let events = UnsafeBufferPointer(rebasing: tables.optionEvents[start..<(start + Int(option.eventCount))])
        return PlannerTables.firstOutput(events, layout: tables.layout).map { composing[$0] != nil } ?? false
    }

    /// The ways to type an accent's spacing symbol with the accent key, which work only
    /// where the grapheme before cannot take the accent, or, where it can, the accent key
    /// twice when the layout declares that escape: the accented grapheme then the symbol give
    /// the grapheme and the symbol back (latn-post's `o : :` → `o:`, `Layout.textCompositions`).
    /// Where the layout says the symbol composes with the grapheme before (a rule no accent
    /// makes: latn-post's `s` `/` → ß), only that composition's escape types it.
    private func symbolWays(for id: Int) -> [[KeyEvent]] {
        guard !tables.symbolKeys[id].isEmpty else { return [] }
        let previous = previousID >= 0 ? tables.graphemeNFD[previousID] : previousNFD
        var session = TypingSession(layout: tables.layout)
        session.context = previous
        let compositions = tables.layout.textCompositions
        let symbol = tables.graphemes[id]
        let previousText = compositions.isEmpty ? "" : CanonicalComposition.composed(previous)
        return tables.symbolKeys[id].compactMap { accent, key in
            // A rule no accent makes (latn-post's `s` `/` → ß): the symbol would compose.
            if let composed = compositions[previousText]?[symbol] {
                return compositions[composed]?[symbol] == previousText + symbol ? [.tap(key), .tap(key)] : nil
            }
            let outcome = session.accentOutcome(accent, on: previous)
            if outcome == .symbol || previous.isEmpty { return [.tap(key)] }
            guard case .result(let accented, _) = outcome, !compositions.isEmpty else { return nil }
            let restored = compositions[CanonicalComposition.composed(accented)]?[symbol]
            return restored == previousText + symbol ? [.tap(key), .tap(key)] : nil
        }
    }
}

/// The states one relaxation reaches: each listed once, in the order first reached, with the
/// cheapest cost and choice (ties to the first, within 10⁻¹² s).
private struct Reaching {
    let nextCosts: UnsafeMutablePointer<Double>
    let nextChoices: UnsafeMutablePointer<SearchStorage.Choice>
    let reached: UnsafeMutablePointer<Int32>
    private(set) var count = 0

    @inline(__always)
    init(_ storage: SearchStorage) {
        nextCosts = storage.nextCosts
        nextChoices = storage.nextChoiceRow()
        reached = storage.reached
    }

    /// State `end` reached at `cost` from state `from` by option `option` (below zero, an
    /// ad-hoc option: `-(index + 1)`).
    @inline(__always)
    mutating func reach(_ end: Int, at cost: Double, from: Int, option: Int) {
        if nextCosts[end] == .infinity {
            reached[count] = Int32(end)
            count &+= 1
        }
        if cost < nextCosts[end] - 1e-12 {
            nextCosts[end] = cost
            nextChoices[end] = SearchStorage.Choice(from: Int32(from), option: Int32(option))
        }
    }
}
