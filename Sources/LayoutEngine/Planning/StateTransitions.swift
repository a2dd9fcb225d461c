/// How shift and layer keys move between session states, and what that costs.
///
/// A state index is `layer * 3 + shift`, over every layer and shift state.
struct StateTransitions: Sendable {
    let layout: Layout
    let stateCount: Int
    /// `switchCost[from * stateCount + to]`, infinite where unreachable.
    let switchCost: [Double]
    let switchEvents: [[KeyEvent]]
    /// Per state index: the visible layer.
    let visibleLayer: [Int]
    /// Per layer: the state indexes in which it is visible.
    let statesShowing: [[Int]]
    /// Per key: the cost of a tap and of each long-press alternate (by index).
    private let tapCost: [Double]
    private let model: any KeystrokeCostModel

    init(layout: Layout, model: some KeystrokeCostModel) {
        self.layout = layout
        self.model = model
        let count = layout.layers.count * 3
        stateCount = count
        visibleLayer = (0..<count).map { Self.state($0).visibleLayer(in: layout) }
        let visible = (0..<count).map { Self.state($0).visibleLayer(in: layout) }
        statesShowing = layout.layers.indices.map { layer in (0..<count).filter { visible[$0] == layer } }
        tapCost = layout.keys.indices.map { model.cost(of: .tap(KeyID($0)), in: layout) }
        var costs = [Double](repeating: .infinity, count: count * count)
        var events = [[KeyEvent]](repeating: [], count: count * count)
        for from in 0..<count {
            // Dijkstra over at most a few dozen states.
            var done = [Bool](repeating: false, count: count)
            costs[from * count + from] = 0
            while let current = (0..<count).filter({ !done[$0] && costs[from * count + $0].isFinite })
                .min(by: { costs[from * count + $0] < costs[from * count + $1] })
            {
                done[current] = true
                for keyID in layout.layers[visibleLayer[current]].rows.joined() {
                    guard let next = Self.after(.tap(keyID), Self.state(current), layout),
                        next != Self.state(current)
                    else { continue }
                    let target = Self.index(next)
                    let cost = costs[from * count + current] + tapCost[keyID.rawValue]
                    let isStateKey: Bool =
                        switch layout.keys[keyID.rawValue].action {
                        case .shift, .layer: true
                        default: false
                        }
                    if isStateKey, cost < costs[from * count + target] - 1e-12 {
                        costs[from * count + target] = cost
                        events[from * count + target] = events[from * count + current] + [.tap(keyID)]
                    }
                }
            }
        }
        switchCost = costs
        switchEvents = events
    }

    static func state(_ index: Int) -> SessionState {
        SessionState(layer: index / 3, shift: ShiftState(rawValue: UInt8(index % 3)) ?? .off)
    }

    static func index(_ state: SessionState) -> Int { state.layer * 3 + Int(state.shift.rawValue) }

    /// The state after `event` in `state`, or `nil` if the event's key is not on the visible layer.
    static func after(_ event: KeyEvent, _ state: SessionState, _ layout: Layout) -> SessionState? {
        let key = layout.keys[event.key.rawValue]
        guard key.layer == state.visibleLayer(in: layout) else { return nil }
        if event.isLongPress { return state.afterTyping() }
        switch key.action {
        case .text, .space, .returnKey: return state.afterTyping()
        case .shift: return state.afterShift()
        case .layer(let target): return state.afterLayerSwitch(to: target)
        case .accent, .backspace: return state
        }
    }

    /// For each state a way can end in, the cheapest of `ways` from `start`, switching as
    /// needed before each event; ends that another end reaches more cheaply are dropped.
    func cheapestEnds(of ways: [[KeyEvent]], from start: Int) -> [(end: Int, cost: Double, events: [KeyEvent])] {
        var best = [(cost: Double, events: [KeyEvent])](repeating: (.infinity, []), count: stateCount)
        for way in ways {
            var frontier = [(cost: Double, events: [KeyEvent])](repeating: (.infinity, []), count: stateCount)
            frontier[start] = (0, [])
            for event in way {
                let layer = layout.keys[event.key.rawValue].layer
                let eventCost = event.isLongPress ? model.cost(of: event, in: layout) : tapCost[event.key.rawValue]
                var next = [(cost: Double, events: [KeyEvent])](repeating: (.infinity, []), count: stateCount)
                for from in 0..<stateCount where frontier[from].cost.isFinite {
                    for via in statesShowing[layer] {
                        let cost = frontier[from].cost + switchCost[from * stateCount + via] + eventCost
                        guard cost.isFinite, let after = Self.after(event, Self.state(via), layout) else { continue }
                        let end = Self.index(after)
                        if cost < next[end].cost - 1e-12 {
                            next[end] = (cost, frontier[from].events + switchEvents[from * stateCount + via] + [event])
                        }
                    }
                }
                frontier = next
            }
            for end in 0..<stateCount where frontier[end].cost < best[end].cost - 1e-12 {
                best[end] = frontier[end]
            }
        }
        return (0..<stateCount).compactMap { end in
            guard best[end].cost.isFinite else { return nil }
            let dominated = (0..<stateCount).contains { other in
                other != end && best[other].cost + switchCost[other * stateCount + end] <= best[end].cost + 1e-12
            }
            return dominated ? nil : (end, best[end].cost, best[end].events)
        }
    }
}
