/// How shift, caps lock, layer and latch keys move between session states, and what that costs.
///
/// A (dense) state index is `slot * layers * 3 + layer * 3 + shift`, over every layer and
/// shift state, where `slot` is 0 without a latched level and `i + 1` with `latchTargets[i]`
/// latched. Layouts without latch keys have `layer * 3 + shift` only. `index(_:)` and
/// `state(_:)` convert states to and from a code that does not depend on the layout, which
/// equals the dense index for unlatched states; `dense(_:)` and `code(_:)` convert codes.
struct StateTransitions: Sendable {
    let layout: Layout
    let stateCount: Int
    /// The layers latch keys latch, in key order.
    let latchTargets: [Int]
    /// States per latch slot: `layers * 3`.
    private let slotSize: Int
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
        var latchTargets: [Int] = []
        for key in layout.keys {
            if case .latch(let target) = key.action, !latchTargets.contains(target) { latchTargets.append(target) }
        }
        self.latchTargets = latchTargets
        let slots = layout.layers.count * 3
        slotSize = slots
        let count = slots * (latchTargets.count + 1)
        stateCount = count
        let states = (0..<count).map { Self.state(Self.code(dense: $0, slotSize: slots, latchTargets)) }
        let visible = states.map { $0.visibleLayer(in: layout) }
        visibleLayer = visible
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
                for keyID in layout.layers[visible[current]].rows.joined() {
                    guard let next = Self.after(.tap(keyID), states[current], layout), next != states[current],
                        let target = Self.dense(Self.index(next), slotSize: slots, latchTargets)
                    else { continue }
                    let cost = costs[from * count + current] + tapCost[keyID.rawValue]
                    let isStateKey: Bool =
                        switch layout.keys[keyID.rawValue].action {
                        case .shift, .layer, .latch, .capsLock: true
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

    /// Codes of latched states start at `(latch + 1) * latchStride`.
    private static let latchStride = 3 * 1024

    /// The state with this layout-independent code.
    static func state(_ code: Int) -> SessionState {
        let latch = code / latchStride
        let rest = code % latchStride
        return SessionState(
            layer: rest / 3, shift: ShiftState(rawValue: UInt8(rest % 3)) ?? .off, latch: latch > 0 ? latch - 1 : nil)
    }

    /// The layout-independent code of a state: `layer * 3 + shift`, plus `(latch + 1) * 3072` when latched.
    static func index(_ state: SessionState) -> Int {
        state.layer * 3 + Int(state.shift.rawValue) + (state.latch.map { ($0 + 1) * latchStride } ?? 0)
    }

    /// The dense index of a state code, or `nil` when the layout has no such state.
    func dense(_ code: Int) -> Int? { Self.dense(code, slotSize: slotSize, latchTargets) }

    /// The state code of a dense index.
    func code(_ dense: Int) -> Int { Self.code(dense: dense, slotSize: slotSize, latchTargets) }

    private static func dense(_ code: Int, slotSize: Int, _ latchTargets: [Int]) -> Int? {
        let latch = code / latchStride
        let rest = code % latchStride
        guard rest < slotSize else { return nil }
        if latch == 0 { return rest }
        guard let slot = latchTargets.firstIndex(of: latch - 1) else { return nil }
        return (slot + 1) * slotSize + rest
    }

    private static func code(dense: Int, slotSize: Int, _ latchTargets: [Int]) -> Int {
        let slot = dense / slotSize
        let rest = dense % slotSize
        return slot == 0 ? rest : (latchTargets[slot - 1] + 1) * latchStride + rest
    }

    /// The state with this dense index.
    func state(dense: Int) -> SessionState { Self.state(code(dense)) }

    /// The state after `event` in `state`, or `nil` if the event's key is not on the visible layer.
    static func after(_ event: KeyEvent, _ state: SessionState, _ layout: Layout) -> SessionState? {
        let key = layout.keys[event.key.rawValue]
        guard key.layer == state.visibleLayer(in: layout) else { return nil }
        if event.isLongPress { return state.afterTyping() }
        switch key.action {
        case .text, .space, .returnKey, .deadKey: return state.afterTyping()
        case .shift: return state.afterShift()
        case .capsLock: return state.afterCapsLock()
        case .latch(let target): return state.afterLatch(to: target)
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
                        guard cost.isFinite, let after = Self.after(event, state(dense: via), layout),
                            let end = dense(Self.index(after))
                        else { continue }
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
