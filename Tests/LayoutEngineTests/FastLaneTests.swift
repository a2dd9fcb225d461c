import TestSupport
import Testing

@testable import LayoutEngine

/// The planner's fast lane (`PlanSearch.runFastLane`): plans made with it are the plans made
/// grapheme by grapheme without it, event for event, untypeable for untypeable and state
/// for state.
@Suite("The planner's fast lane")
struct FastLaneTests {
    /// Lines where the lane's byte steps meet everything that stops them: two-byte letters
    /// next to capitals (a change of state at a lead byte), combining marks after one- and
    /// two-byte letters, CR, scalars of three and four bytes, letters at the text's end, and
    /// a line longer than a batch.
    static func lines(_ locale: String) -> [String] {
        let letters = Array(Repertoire.letters(locale))
        let edges = [
            "ÁÉÍ Őrült ŰŰ őŐ", "a\u{301}b", "é\u{301}", "ö\u{308}\u{301}x", "x\r\ny\r", "–„Ő”–", "ő€ő👩‍👩‍👧ő",
            "Őő", "ő", "Ő", "ű.", "ß ñ Æ ø", "ǅ ȁ ˇ ˝", "\u{2FF}\u{300}\u{301}",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let long = String((0..<9000).map { _ in next(4) == 0 ? " " : letters[next(letters.count)] })
        return edges + EpisodeCacheTests.lines(locale) + [long, long + "Ő", long + "\u{301}"]
    }

    @Test("plans with the fast lane are the plans without it", arguments: Shipped.ids)
    func sameWithoutLane(_ id: String) {
        let layout = Shipped.layout(id)
        let lines = Self.lines(layout.locale)
        let planner = KeystrokePlanner(layout: layout)
        var lane = PlanningWorkspace(planner, takesFastLane: true)
        var noLane = PlanningWorkspace(planner, takesFastLane: false)
        let laned = EpisodeCacheTests.plan(lines, with: planner, in: &lane)
        let stepped = EpisodeCacheTests.plan(lines, with: planner, in: &noLane)
        #expect(laned.count == stepped.count)
        for (index, (a, b)) in zip(laned, stepped).enumerated() where a != b {
            Issue.record(
                "\(id): line \(index % lines.count) \(lines[index % lines.count].prefix(60).debugDescription) differs")
            break
        }
        // Not vacuous: the lines type.
        #expect(stepped.reduce(0) { $0 + $1.events.count } > 10_000)
    }
}
