import LayoutEngine
import TypingEfficiency

extension FuzzChecks {
    /// Measures `chunks` on `evaluator` three ways, each into one sink as `compare` reads a
    /// corpus chunk after chunk: as `compare` does (with one finger, running text counted by
    /// pairs and timed when the tally is read), keeping each line's figures (timed as it goes),
    /// and grapheme by grapheme through `MetricsSink.typed(_:events:cost:)`. The three tallies
    /// must be the same bit for bit and, with one finger, the lines' seconds must add up to
    /// the total exactly (whole quanta: see `MetricsSink`). (Compared once, at the end: reading
    /// a tally adds up every way the planner has, which after every chunk of a few bytes was
    /// most of the fuzz target's time; counts only grow, so a chunk counted wrong stays wrong.)
    static func checkSinkAgreement(_ chunks: [CorpusChunk], _ evaluator: LayoutEvaluator) -> [String] {
        var batched = evaluator.makeSink()
        var kept = evaluator.makeSink()
        var figures: [Double] = []
        var single = GraphemeByGrapheme(inner: evaluator.makeSink())
        var lines = 0.0
        for chunk in chunks {
            evaluator.measure(lines: chunk.bytes, into: &batched)
            evaluator.measure(lines: chunk.bytes, into: &kept, figures: &figures)
            for var line in chunk.bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
                if line.last == 0x0D { line = line.dropLast() }
                guard !line.isEmpty else { continue }
                single.inner.timer.reset()
                evaluator.plan(sentence: String(decoding: line, as: UTF8.self), into: &single)
                lines += 1
            }
        }
        single.inner.tally.totals.units += lines
        let name = "\(evaluator.layout.id) (\(evaluator.model))"
        var problems: [String] = []
        let reference = batched.tally
        for (way, tally) in [("with the lines' figures", kept.tally), ("grapheme by grapheme", single.inner.tally)] {
            if tally.totals != reference.totals || tally.keyPresses != reference.keyPresses
                || tally.keyLongPresses != reference.keyLongPresses || tally.graphemeCount != reference.graphemeCount
                || tally.graphemeKeystrokes != reference.graphemeKeystrokes
                || tally.graphemeSeconds != reference.graphemeSeconds || tally.untypeable != reference.untypeable
            {
                problems.append(
                    "\(name): the tally \(way) differs from compare's: \(tally.totals) ≠ \(reference.totals)")
            }
        }
        let lineSeconds = stride(from: 2, to: figures.count, by: 3).reduce(0.0) { $0 + figures[$1] }
        if evaluator.model == .oneFinger, lineSeconds != reference.totals.seconds {
            problems.append(
                "\(name): the lines' seconds add up to \(lineSeconds), the total is \(reference.totals.seconds)")
        }
        return problems
    }

    /// Hands the planner's batches to a `MetricsSink` one grapheme at a time.
    struct GraphemeByGrapheme: KeystrokeSink {
        var inner: MetricsSink

        mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double) {
            inner.typed(grapheme, events: events, cost: cost)
        }

        mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {
            inner.untypeable(grapheme, scalarOffset: scalarOffset)
        }
    }
}
