import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// The batch loop of `MetricsSink` against the per-grapheme path it replaces: same counts
/// and the same seconds, bit for bit, on every model.
@Suite("Metrics sink batches")
struct MetricsSinkBatchTests {
    /// Forwards grapheme by grapheme, so the planner's batches go through the protocol's
    /// default `typed(_ batch:)` and `MetricsSink.typed(_:events:cost:)`.
    struct PerGrapheme: KeystrokeSink {
        var inner: MetricsSink

        mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double) {
            inner.typed(grapheme, events: events, cost: cost)
        }

        mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {
            inner.untypeable(grapheme, scalarOffset: scalarOffset)
        }
    }

    static let text = (try? String(contentsOfFile: TestFiles.fixture("sample-hu.txt"), encoding: .utf8)) ?? ""

    @Test(
        "batch and per-grapheme paths agree exactly",
        arguments: ["hu-touch", "hu-ios", "hu-extended"], ComparisonModel.allCases)
    func agree(_ id: String, _ model: ComparisonModel) {
        let evaluator = LayoutEvaluator(layout: Shipped.layout(id), model: model)
        let sentences = (Self.text + "\nŐSZ ÁRVÍZTŰRŐ 🙂 x\n„Győr” 12,5%").split(separator: "\n").map(String.init)
        #expect(sentences.count > 3)
        var batched = evaluator.makeSink()
        var single = PerGrapheme(inner: evaluator.makeSink())
        for (index, sentence) in sentences.enumerated() {
            // A weight other than 1 too, as word lists use.
            batched.weight = index % 2 == 0 ? 1 : 0.37
            single.inner.weight = batched.weight
            batched.timer.reset()
            single.inner.timer.reset()
            evaluator.plan(sentence: sentence, into: &batched)
            evaluator.plan(sentence: sentence, into: &single)
        }
        let a = batched.tally
        Self.expectSame(a, single.inner.tally)
        #expect(a.totals.longPresses > 0 || id != "hu-ios")
        #expect(abs(a.keyLongPresses.reduce(0, +) - a.totals.longPresses) < 1e-9)
    }

    /// Running text is counted per way and added when the tally is read: a copy of a sink
    /// counts on its own, and reading or setting the tally in between changes nothing.
    @Test("copies of a sink count on their own", arguments: ["hu-touch", "hu-ios"])
    func copies(_ id: String) {
        let evaluator = LayoutEvaluator(layout: Shipped.layout(id), model: .oneFinger)
        let sentences = Self.text.split(separator: "\n").map(String.init)
        #expect(sentences.count > 3)
        let half = sentences.count / 2
        var first = evaluator.makeSink()
        for sentence in sentences[..<half] { evaluator.measure(sentence: sentence, into: &first) }
        var second = first
        for sentence in sentences[half...] { evaluator.measure(sentence: sentence, into: &first) }
        second.tally.totals.units += 0  // a read and a write of the tally
        for sentence in sentences[..<half].reversed() { evaluator.measure(sentence: sentence, into: &second) }

        var all = evaluator.makeSink()
        for sentence in sentences { evaluator.measure(sentence: sentence, into: &all) }
        var twice = evaluator.makeSink()
        for sentence in sentences[..<half] + sentences[..<half].reversed() {
            evaluator.measure(sentence: sentence, into: &twice)
        }
        for (a, b) in [(first.tally, all.tally), (second.tally, twice.tally)] {
            #expect(a.totals.keystrokes == b.totals.keystrokes)
            #expect(a.totals.characters == b.totals.characters)
            #expect(a.keyPresses == b.keyPresses)
            #expect(a.keyLongPresses == b.keyLongPresses)
            #expect(a.graphemeCount == b.graphemeCount)
            #expect(a.graphemeKeystrokes == b.graphemeKeystrokes)
        }
        #expect(first.tally.totals.keystrokes != second.tally.totals.keystrokes)
    }

    /// Under one finger, running text is counted by pairs (the key the finger rests on, the
    /// way) and timed when the tally is read; with the lines' figures kept it is timed at
    /// once; one grapheme at a time, event by event. All three give the same tally, and the
    /// lines' seconds add up to the total exactly.
    @Test(
        "one finger: counting by pairs, timing each grapheme at once and event by event agree exactly",
        arguments: ["hu-touch", "hu-ios", "hu-extended", "cs-touch", "gestures"])
    func pairsAgree(_ id: String) throws {
        let layout = id == "gestures" ? GestureCostTests.layout : Shipped.layout(id)
        let evaluator = LayoutEvaluator(layout: layout, model: .oneFinger)
        // After a consonant an accent key types its symbol: a way of the batch's own.
        let text = Self.text + "\nb´ x¨ ŐSZ ÁRVÍZTŰRŐ 🙂 „Győr” 12,5%\n²₂á a\n"
        let bytes = Array(text.utf8)
        var byPairs = evaluator.makeSink()
        evaluator.measure(lines: bytes, into: &byPairs)
        var inOrder = evaluator.makeSink()
        var figures: [Double] = []
        evaluator.measure(lines: bytes, into: &inOrder, figures: &figures)
        var single = PerGrapheme(inner: evaluator.makeSink())
        for line in text.split(separator: "\n") {
            single.inner.timer.reset()
            evaluator.plan(sentence: String(line), into: &single)
            single.inner.tally.totals.units += 1
        }
        let a = byPairs.tally
        #expect(a.totals.seconds > 0 && a.totals.typedCharacters > 5)
        for b in [inOrder.tally, single.inner.tally] { Self.expectSame(a, b) }
        let lineSeconds = stride(from: 2, to: figures.count, by: 3).map { figures[$0] }
        #expect(lineSeconds.count == Int(a.totals.units))
        #expect(lineSeconds.reduce(0, +) == a.totals.seconds)
    }

    /// Expects two tallies to be the same, bit for bit.
    static func expectSame(_ a: LayoutTally, _ b: LayoutTally, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.totals == b.totals, sourceLocation: sourceLocation)
        #expect(a.keyPresses == b.keyPresses, sourceLocation: sourceLocation)
        #expect(a.keyLongPresses == b.keyLongPresses, sourceLocation: sourceLocation)
        #expect(a.graphemeCount == b.graphemeCount, sourceLocation: sourceLocation)
        #expect(a.graphemeKeystrokes == b.graphemeKeystrokes, sourceLocation: sourceLocation)
        #expect(a.graphemeSeconds == b.graphemeSeconds, sourceLocation: sourceLocation)
        #expect(a.untypeable == b.untypeable, sourceLocation: sourceLocation)
    }
}
