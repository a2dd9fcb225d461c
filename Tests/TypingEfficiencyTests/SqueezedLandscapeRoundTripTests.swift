import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// hu-squeezed in landscape plans and replays every sentence of the Hungarian corpus (plans
/// under Fitts' law depend on the geometry); hu-squeezed in portrait and hu-touch in landscape
/// every eighth sentence, so that the suite stays quick in a debug build.
@Suite("Squeezed and landscape round trips")
struct SqueezedLandscapeRoundTripTests {
    static let cases: [(layout: String, geometry: DeviceGeometry, model: ComparisonModel, every: Int)] = [
        ("hu-squeezed", .landscape, .twoThumb, 1),
        ("hu-squeezed", .portrait, .oneFinger, 8),
        ("hu-touch", .landscape, .oneFinger, 8),
    ]

    @Test(
        "the sentences of hu.txt", .enabled(if: SharedCorpora.path("hu.txt") != nil, "needs ../shared/corpora/hu.txt"),
        arguments: cases.indices)
    func roundTrip(_ index: Int) throws {
        let (id, geometry, model, every) = Self.cases[index]
        let text = try String(contentsOfFile: SharedCorpora.path("hu.txt")!, encoding: .utf8)
        let all = text.split(separator: "\n").map(String.init)
        let lines = stride(from: 0, to: all.count, by: every).map { all[$0] }
        let evaluator = LayoutEvaluator(layout: Shipped.layout(id).with(geometry), model: model)
        var failures = 0
        for line in lines {
            var sink = RecordingSink()
            evaluator.plan(sentence: line, into: &sink)
            let replayed = replay(sink.events, on: evaluator.layout)
            if replayed != UntypeableGrapheme.text(line, without: sink.untypeable) {
                failures += 1
                if failures <= 3 { Issue.record("\(id) \(geometry): \(line) → \(replayed)") }
            }
        }
        #expect(failures == 0, "\(id) \(geometry): \(failures) of \(lines.count) sentences differ")
        #expect(all.count > 50_000)
    }

    @Test("hu-squeezed types all nine accented letters, capitals too, with one key each (and shift)")
    func squeezedKeys() {
        let evaluator = LayoutEvaluator(layout: Shipped.layout("hu-squeezed"), model: .keystrokes)
        let totals = evaluator.measure(text: "áéíóöőúüű\nÁ\n").totals
        #expect(totals.keystrokes == 11)
        #expect(totals.longPresses == 0 && totals.untypeable == 0)
    }
}
