import Dispatch
import LayoutEngine

/// What each line of a corpus cost on one layout, with touch errors: one entry per line in
/// every column, so that a bootstrap can resample lines.
package struct TouchLineFigures: Sendable {
    /// The columns, one value per line.
    package enum Column: Int, CaseIterable, Sendable {
        case characters, seconds, keystrokes, presses, errors, fixKeystrokes, fixSeconds
    }

    /// `values[column.rawValue][line]`.
    public private(set) var values: [[Double]] = Column.allCases.map { _ in [] }
    /// Per key (by `KeyID.rawValue`): presses over all lines (a long-press is one press).
    public internal(set) var keyPresses: [Double]

    /// Empty figures for a layout of `keyCount` keys.
    package init(keyCount: Int) { keyPresses = [Double](repeating: 0, count: keyCount) }

    /// How many lines.
    package var lines: Int { values[0].count }

    /// The column's sum over all lines.
    package func total(_ column: Column) -> Double { values[column.rawValue].reduce(0, +) }

    /// The column's values.
    package func column(_ column: Column) -> [Double] { values[column.rawValue] }

    mutating func append(line: [Double]) {
        for (index, value) in line.enumerated() { values[index].append(value) }
    }

    /// Appends the lines of `other` (the next part of the corpus).
    package mutating func append(_ other: TouchLineFigures) {
        for index in values.indices { values[index] += other.values[index] }
        for index in keyPresses.indices { keyPresses[index] += other.keyPresses[index] }
    }
}

/// Receives a line's plan and adds up its time, presses, expected touch errors and their fixes.
struct TouchLineSink: KeystrokeSink {
    let cost: TouchErrorCost
    var timer: EventTimer
    var line = [Double](repeating: 0, count: TouchLineFigures.Column.allCases.count)
    var keyPresses: [Double]

    init(cost: TouchErrorCost, keyCount: Int) {
        self.cost = cost
        timer = EventTimer(tables: cost.timerTables)
        keyPresses = [Double](repeating: 0, count: keyCount)
    }

    mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost _: Double) {
        line[TouchLineFigures.Column.characters.rawValue] += 1
        for event in events {
            let key = event.key.rawValue
            let fix = cost.fix(event)
            line[TouchLineFigures.Column.seconds.rawValue] += timer.time(event)
            line[TouchLineFigures.Column.keystrokes.rawValue] += Double(event.keystrokes)
            line[TouchLineFigures.Column.presses.rawValue] += 1
            line[TouchLineFigures.Column.errors.rawValue] += cost.targets.miss(key)
            line[TouchLineFigures.Column.fixKeystrokes.rawValue] += fix.keystrokes
            line[TouchLineFigures.Column.fixSeconds.rawValue] += fix.seconds
            keyPresses[key] += 1
        }
    }

    mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {}
}

extension Comparison {
    /// Measures running text line by line on every touch layout with the touch error model:
    /// per line, characters, seconds, presses, expected errors and the expected cost of
    /// fixing them. `nil` for hardware layouts (and under the keystrokes model), which the
    /// model does not describe.
    ///
    /// Keeps seven numbers a line per layout (56 bytes), for the bootstrap.
    /// - Throws: `CorpusError` when a source cannot be opened or read.
    package func touchErrors(
        _ sources: [CorpusSource], model: TouchErrorModel, workers: Int = 1, chunkSize: Int = 1 << 20
    ) throws(CorpusError) -> [TouchLineFigures?] {
        let costs: [TouchErrorCost?] = evaluators.map { evaluator in
            evaluator.layout.platform == .hardware || evaluator.model == .keystrokes
                ? nil : TouchErrorCost(evaluator, model: model)
        }
        var results: [TouchLineFigures?] = zip(evaluators, costs).map { evaluator, cost in
            cost == nil ? nil : TouchLineFigures(keyCount: evaluator.layout.keys.count)
        }
        let measured = costs.indices.filter { costs[$0] != nil }
        guard !measured.isEmpty else { return results }
        let feed = try ChunkFeed(sources, chunkSize: chunkSize)
        var chunks = try feed.nextBatch(max(1, workers) * 2)
        while !chunks.isEmpty {
            let batch = chunks
            let slots = Slots<TouchLineFigures>(batch.count * measured.count)
            Self.perform(iterations: batch.count * measured.count, workers: max(1, workers)) { item in
                let layout = measured[item % measured.count]
                slots.put(
                    Self.touchFigures(batch[item / measured.count], evaluators[layout], costs[layout]!), at: item)
            }
            for (item, figures) in slots.values.enumerated() {
                results[measured[item % measured.count]]!.append(figures!)
            }
            chunks = try feed.nextBatch(max(1, workers) * 2)
        }
        return results
    }

    /// The figures of every non-empty line of a chunk, each planned from the initial state.
    static func touchFigures(
        _ chunk: CorpusChunk, _ evaluator: LayoutEvaluator, _ cost: TouchErrorCost
    ) -> TouchLineFigures {
        var figures = TouchLineFigures(keyCount: evaluator.layout.keys.count)
        var sink = TouchLineSink(cost: cost, keyCount: evaluator.layout.keys.count)
        let planner = evaluator.planner
        var workspace = PlanningWorkspace(planner)
        chunk.bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd > start {
                    sink.timer.reset()
                    for index in sink.line.indices { sink.line[index] = 0 }
                    // The same plan as the comparison's: from the initial state, byte by byte.
                    _ = planner.plan(
                        utf8: UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]), from: planner.initialStateIndex,
                        workspace: &workspace, into: &sink)
                    figures.append(line: sink.line)
                }
                start = end + 1
            }
        }
        for index in figures.keyPresses.indices { figures.keyPresses[index] = sink.keyPresses[index] }
        return figures
    }
}
