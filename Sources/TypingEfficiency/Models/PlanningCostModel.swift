import LayoutEngine

/// The cost the planner minimizes for a time model: each event's expected time.
///
/// The planner prices events without knowing the key before (so that plans can be
/// precomputed per grapheme); this model prices a tap by its Fitts time from the average
/// position of the keys on the same layer (for two thumbs, the same half), a long-press by
/// that plus the hold and the move to the item, a multi-tap and a flick by that plus
/// `EventTimer.Tables.extra(of:)` (further taps on the same key; slides of a key width). The chosen plan is then
/// timed exactly, key after key, by `EventTimer`.
package struct PlanningCostModel: KeystrokeCostModel {
    /// Per key: the expected time of a tap.
    let tapCost: [Double]
    /// Per key: where its alternates start in `longPressExtra`.
    let popupStart: [Int]
    /// Per key and alternate: hold plus popup move.
    let longPressExtra: [Double]
    let defaultAlternate: [Int]
    /// The timer's tables, for the extra time of multi-taps and flicks.
    let timer: EventTimer.Tables
    /// 1 plus a millionth per keystroke model (ties go to plain taps), else 1.
    let gestureFactor: Double

    /// The cost model for `timeModel` on `layout`.
    /// `accentExtra` (`accent.extra`) comes with the moves into an accent key, from the timer's tables.
    package init(layout: Layout, geometry: MillimetreKeyboardGeometry, timeModel: TimeModel, accentExtra: Double = 0) {
        let timer = EventTimer.Tables(layout: layout, geometry: geometry, model: timeModel, accentExtra: accentExtra)
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
        self.timer = timer
        if case .perKeystroke = timeModel { gestureFactor = 1.000_001 } else { gestureFactor = 1 }
        popupStart = timer.popupStart
        defaultAlternate = timer.defaultAlternate
        if case .perKeystroke(let seconds) = timeModel {
            // A long-press counts two keystrokes; ties go to plain taps.
            longPressExtra = timer.popupMove.map { _ in seconds * 1.000_001 }
        } else {
            longPressExtra = timer.popupMove
        }
    }

    package func cost(of event: KeyEvent, in layout: Layout) -> Double {
        let key = event.key.rawValue
        guard key >= 0, key < tapCost.count else { return .infinity }
        if event.isTap { return tapCost[key] }
        if event.isMultiTap || event.isFlick { return tapCost[key] + timer.extra(of: event) * gestureFactor }
        let pick = event.alternate ?? defaultAlternate[key]
        let index = popupStart[key] + pick
        guard pick >= 0, index < longPressExtra.count, pick < layout.keys[key].longPress.count else { return .infinity }
        return tapCost[key] + longPressExtra[index]
    }
}
