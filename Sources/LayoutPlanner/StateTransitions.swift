import LayoutCore

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
    /// Per key: the cost of a tap (other gestures are asked of the model).
    private let tapCost: [Double]
    /// `tapEnd[key * stateCount + state]`: the state a tap of the key leads to, -1 where
    /// the key is not on the visible layer; `typedEnd[state]`: the state after typing a
    /// long-press alternate, a multi-tap or a flick there.
    private let tapEnd: [Int32]
    private let typedEnd: [Int32]
    /// The model's cost of an event that is not a tap (a closure, not an existential, so
    /// that the planner builds with Embedded Swift).
    private let cost: @Sendable (KeyEvent, Layout) -> Double

    init(layout: Layout, model: some KeystrokeCostModel) {
        self.layout = layout
        self.cost = { model.cost(of: $0, in: $1) }
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
        func denseEnd(_ next: SessionState?) -> Int32 {
            next.flatMap { Self.dense(Self.index($0), slotSize: slots, latchTargets) }.map(Int32.init) ?? -1
        }
        tapEnd = layout.keys.indices.flatMap { key in
            states.map { denseEnd(Self.after(.tap(KeyID(key)), $0, layout)) }
        }
        typedEnd = states.map { denseEnd($0.afterTyping()) }
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
        if !event.isTap { return state.afterTyping() }
        return state.afterTap(of: key.action, onHardware: layout.platform == .hardware)
    }

    /// For each state a way can end in, the cheapest of `ways` from `start`, switching as
    /// needed before each event; ends that another end reaches more cheaply are dropped.
    func cheapestEnds(of ways: [[KeyEvent]], from start: Int) -> [(end: Int, cost: Double, events: [KeyEvent])] {
        var scratch = CheapestEndsScratch()
        var found: [(end: Int, cost: Double, events: [KeyEvent])] = []
        cheapestEnds(of: ways, from: start, scratch: &scratch) { found.append(($0, $1, $2)) }
        return found
    }

    /// `cheapestEnds(of:from:)` with its buffers in `scratch`, reused from call to call
    /// (the planner's tables make one call per grapheme and state), handing each end, its
    /// cost and its events to `found` in state order.
    func cheapestEnds(
        of ways: [[KeyEvent]], from start: Int, scratch: inout CheapestEndsScratch,
        _ found: (_ end: Int, _ cost: Double, _ events: [KeyEvent]) -> Void
    ) {
        let count = stateCount
        scratch.best.reset(to: .infinity, count: count)
        scratch.bestEvents.reset(to: [], count: count)
        for way in ways {
            // Per step and state: the cheapest cost, and the state before and the state
            // switched to before the step's event (`from * count + via`).
            let size = (way.count + 1) * count
            scratch.costs.reset(to: .infinity, count: size)
            scratch.steps.reset(to: -1, count: size)
            scratch.costs[start] = 0
            for (step, event) in way.enumerated() {
                let key = event.key.rawValue
                let eventCost = event.isTap ? tapCost[key] : cost(event, layout)
                let here = step * count
                let there = here + count
                let showing = statesShowing[layout.keys[key].layer]
                for from in 0..<count where scratch.costs[here + from].isFinite {
                    for via in showing {
                        let cost = scratch.costs[here + from] + switchCost[from * count + via] + eventCost
                        let end = Int(event.isTap ? tapEnd[key * count + via] : typedEnd[via])
                        guard cost.isFinite, end >= 0 else { continue }
                        if cost < scratch.costs[there + end] - 1e-12 {
                            scratch.costs[there + end] = cost
                            scratch.steps[there + end] = Int32(from * count + via)
                        }
                    }
                }
            }
            let last = way.count * count
            for end in 0..<count where scratch.costs[last + end] < scratch.best[end] - 1e-12 {
                scratch.best[end] = scratch.costs[last + end]
                scratch.bestEvents[end] = events(of: way, endingIn: end, scratch.steps, switches: &scratch.switches)
            }
        }
        for end in 0..<count where scratch.best[end].isFinite {
            let cost = scratch.best[end]
            // Two ends that reach each other at no cost beyond their own (switch keys that
            // take no time) would each drop the other: the lower state is kept.
            var dominated = false
            for other in 0..<count where other != end {
                if scratch.best[other] + switchCost[other * count + end] <= cost + 1e-12
                    && !(end < other && cost + switchCost[end * count + other] <= scratch.best[other] + 1e-12)
                {
                    dominated = true
                    break
                }
            }
            if !dominated { found(end, cost, scratch.bestEvents[end]) }
        }
    }

    /// The events of `way`'s cheapest path to `end`, switches included, walked back
    /// through `steps` (see `cheapestEnds`); `switches` is a buffer kept between calls.
    private func events(
        of way: [KeyEvent], endingIn end: Int, _ steps: [Int32], switches: inout [Int]
    ) -> [KeyEvent] {
        // Per step: from * stateCount + via.
        switches.reset(to: 0, count: way.count)
        var state = end
        var length = way.count
        for step in way.indices.reversed() {
            let choice = Int(steps[(step + 1) * stateCount + state])
            switches[step] = choice
            length += switchEvents[choice].count
            state = choice / stateCount
        }
        var events: [KeyEvent] = []
        events.reserveCapacity(length)
        for (step, event) in way.enumerated() {
            events += switchEvents[switches[step]]
            events.append(event)
        }
        return events
    }
}

extension Array {
    /// Makes the array `count` copies of `value`, keeping its storage: the buffers of
    /// `cheapestEnds`, filled again for every way. (Appending a `repeatElement` goes through a
    /// generic iterator element by element, which unoptimized builds, the tests', run slowly.)
    fileprivate mutating func reset(to value: Element, count: Int) {
        if self.count > count { removeLast(self.count - count) }
        withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        if self.count < count { append(contentsOf: Array(repeating: value, count: count - self.count)) }
    }
}

/// The buffers of `StateTransitions.cheapestEnds`, kept between calls.
struct CheapestEndsScratch {
    var costs: [Double] = []
    var steps: [Int32] = []
    var best: [Double] = []
    var bestEvents: [[KeyEvent]] = []
    var switches: [Int] = []
}
