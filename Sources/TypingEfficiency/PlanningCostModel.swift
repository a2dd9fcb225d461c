import LayoutEngine

/// The cost the planner minimizes for a time model: each event's expected time.
///
/// The planner prices events without knowing the key before (so that plans can be
/// precomputed per grapheme); this model prices a tap by its Fitts time from the average
/// position of the keys on the same layer (for two thumbs, the same half), and a
/// long-press by that plus the hold and the move to the item. The chosen plan is then
/// timed exactly, key after key, by `EventTimer`.
public struct PlanningCostModel: KeystrokeCostModel {
    /// Per key: the expected time of a tap.
    let tapCost: [Double]
    /// Per key: where its alternates start in `longPressExtra`.
    let popupStart: [Int]
    /// Per key and alternate: hold plus popup move.
    let longPressExtra: [Double]
    let defaultAlternate: [Int]

    /// The cost model for `timeModel` on `layout`.
    public init(layout: Layout, geometry: KeyboardGeometry, timeModel: TimeModel) {
        let timer = EventTimer.Tables(layout: layout, geometry: geometry, model: timeModel)
        let count = layout.keys.count
        var tapCost = [Double](repeating: 0, count: count)
        for to in 0..<count {
            switch timeModel {
            case .perKeystroke(let seconds):
                tapCost[to] = seconds
            case .oneFinger, .twoThumb:
                let sameHalf: (Int) -> Bool = { from in
                    guard case .twoThumb = timeModel else { return true }
                    return geometry.side[from] == 2 || geometry.side[to] == 2
                        || geometry.side[from] == geometry.side[to]
                }
                let sources = (0..<count).filter { layout.keys[$0].layer == layout.keys[to].layer && sameHalf($0) }
                let total = sources.reduce(0.0) { $0 + timer.movement[$1 * count + to] }
                tapCost[to] = sources.isEmpty ? timer.movement[to * count + to] : total / Double(sources.count)
                if case .twoThumb(_, let floor, _) = timeModel { tapCost[to] = max(tapCost[to], floor) }
            }
        }
        self.tapCost = tapCost
        popupStart = timer.popupStart
        defaultAlternate = timer.defaultAlternate
        if case .perKeystroke(let seconds) = timeModel {
            // A long-press counts two keystrokes; ties go to plain taps.
            longPressExtra = timer.popupMove.map { _ in seconds * 1.000_001 }
        } else {
            longPressExtra = timer.popupMove
        }
    }

    public func cost(of event: KeyEvent, in layout: Layout) -> Double {
        let key = event.key.rawValue
        guard key >= 0, key < tapCost.count else { return .infinity }
        guard event.isLongPress else { return tapCost[key] }
        let pick = event.alternate ?? defaultAlternate[key]
        let index = popupStart[key] + pick
        guard pick >= 0, index < longPressExtra.count, pick < layout.keys[key].longPress.count else { return .infinity }
        return tapCost[key] + longPressExtra[index]
    }
}
