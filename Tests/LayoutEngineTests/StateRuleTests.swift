import TestSupport
import Testing

@testable import LayoutEngine

/// `SessionState.afterTap(of:onHardware:)` is the one rule of state changes: the session
/// follows it for every key it handles, so the planner's predictions are the session's states.
struct StateRuleTests {
    static let layouts: [Layout] = Shipped.ids.map(Shipped.layout) + [DeadKeyTests.layout]

    @Test("every key of every state reached in four presses leaves the state the rule says", arguments: layouts.indices)
    func sessionFollowsTheRule(_ index: Int) {
        let layout = Self.layouts[index]
        let hardware = layout.platform == .hardware
        var frontier = [TypingSession(layout: layout)]
        var seen: Set<SessionState> = [frontier[0].state]
        var checked = 0
        for _ in 0..<4 {
            var next: [TypingSession] = []
            for session in frontier {
                let visible = session.visibleLayer
                for id in layout.layers[visible].rows.joined() {
                    let key = layout.keys[id.rawValue]
                    var tapped = session
                    _ = tapped.handle(.tap(id))
                    #expect(
                        tapped.state == session.state.afterTap(of: key.action, onHardware: hardware),
                        "\(layout.id): \(KeyNames.name(of: id, in: layout)) in \(session.state)")
                    checked += 1
                    if !key.longPress.isEmpty {
                        var pressed = session
                        _ = pressed.handle(.longPress(id))
                        #expect(pressed.state == session.state.afterTyping(), "\(layout.id): long-press of \(key)")
                    }
                    if seen.insert(tapped.state).inserted { next.append(tapped) }
                }
            }
            frontier = next
        }
        #expect(seen.count >= 3 && checked > 30, "\(layout.id): \(seen.count) states, \(checked) taps")
    }
}
