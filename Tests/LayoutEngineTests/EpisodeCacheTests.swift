import TestSupport
import Testing

@testable import LayoutEngine

/// The planner's remembered episodes (`EpisodeCache`): plans made with them are the plans
/// the search makes without them, event for event and state for state.
@Suite("Remembered search episodes")
struct EpisodeCacheTests {
    /// Lines where the search keeps several states for a while: capitals, commas and
    /// spaces, digits, quotes, accent symbols after letters that take them and that do not,
    /// and sentence ends; drawn from the layout's repertoire with a fixed seed, so that
    /// the same short episodes come again and again.
    static func lines(_ locale: String) -> [String] {
        let letters = Array(Repertoire.letters(locale))
        let pieces =
            [", ", ". ", "! ", "? ", " ", " ", " ", "12", "3,5", "%", "´", "¨", "˝", "ˇ", "-"]
            + Repertoire.quotes(locale).map(String.init)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        return (0..<400).map { _ in
            var line = ""
            for _ in 0..<(1 + next(30)) {
                line += next(3) == 0 ? pieces[next(pieces.count)] : String(letters[next(letters.count)])
            }
            return line
        }
    }

    struct Run: Equatable {
        var events: [KeyEvent]
        var untypeable: [UntypeableGrapheme]
        var end: Int
    }

    /// Plans every line, twice over, in one workspace; returns the runs and the graphemes
    /// that came from remembered episodes.
    static func plan(_ lines: [String], with planner: KeystrokePlanner, remembering: Bool) -> ([Run], Int) {
        var workspace = PlanningWorkspace(planner, remembersEpisodes: remembering)
        let runs = plan(lines, with: planner, in: &workspace)
        return (runs, workspace.search.rememberedSteps)
    }

    /// Plans every line, twice over, in `workspace`, each from the initial state.
    static func plan(_ lines: [String], with planner: KeystrokePlanner, in workspace: inout PlanningWorkspace) -> [Run]
    {
        var runs: [Run] = []
        for line in lines + lines {
            var plan = KeystrokePlan(endState: .initial(planner.layout))
            var text = line
            text.makeContiguousUTF8()
            let end = text.utf8.withContiguousStorageIfAvailable { bytes in
                planner.plan(utf8: bytes, from: planner.initialStateIndex, workspace: &workspace, into: &plan)
            }
            runs.append(Run(events: plan.events, untypeable: plan.untypeable, end: end ?? -1))
        }
        return runs
    }

    @Test("plans with remembered episodes are the search's own", arguments: Shipped.ids)
    func sameAsSearch(_ id: String) {
        let layout = Shipped.layout(id)
        let lines = Self.lines(layout.locale)
        for planner in [
            KeystrokePlanner(layout: layout), KeystrokePlanner(layout: layout, costModel: LongPressHeavy()),
        ] {
            let (remembered, steps) = Self.plan(lines, with: planner, remembering: true)
            let (searched, none) = Self.plan(lines, with: planner, remembering: false)
            #expect(none == 0)
            #expect(steps > 1000, "episodes are remembered and used")
            #expect(remembered.count == searched.count)
            for (index, (a, b)) in zip(remembered, searched).enumerated() where a != b {
                Issue.record(
                    "\(id): line \(index % lines.count) \(lines[index % lines.count].debugDescription) differs")
                break
            }
        }
    }

    /// A cost model under which long-presses are cheap, so that other episodes are searched.
    struct LongPressHeavy: KeystrokeCostModel {
        func cost(of event: KeyEvent, in layout: Layout) -> Double { event.isLongPress ? 1.25 : 1 }
    }
}
