import LayoutEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Measures text on one layout under one model: plans every sentence with the planner
/// minimizing the model's cost, and counts and times the plan as it streams.
///
/// Immutable and `Sendable`: one evaluator serves every chunk, on any thread.
public struct LayoutEvaluator: Sendable {
    /// The layout measured.
    public let layout: Layout
    /// The model the comparison asked for.
    public let model: ComparisonModel
    /// The time model used for this layout (by model and platform).
    public let timeModel: TimeModel
    /// The layout's key geometry.
    public let geometry: KeyboardGeometry
    /// The planner, minimizing the model's cost.
    public let planner: KeystrokePlanner
    let timerTables: EventTimer.Tables
    let sinkTables: MetricsSink.Tables

    /// Prepares the tables for `layout` under `model`.
    public init(layout: Layout, model: ComparisonModel, constants: ModelConstants = ModelConstants()) {
        self.layout = layout
        self.model = model
        let geometry = KeyboardGeometry(layout)
        self.geometry = geometry
        let timeModel = TimeModel.select(model, platform: layout.platform, constants: constants)
        self.timeModel = timeModel
        timerTables = EventTimer.Tables(layout: layout, geometry: geometry, model: timeModel)
        if model == .keystrokes {
            planner = KeystrokePlanner(layout: layout, costModel: KeystrokeCount())
        } else {
            planner = KeystrokePlanner(
                layout: layout, costModel: PlanningCostModel(layout: layout, geometry: geometry, timeModel: timeModel))
        }
        sinkTables = MetricsSink.Tables(layout: layout, timerTables: timerTables, planner: planner)
    }

    /// A sink with empty counts for this layout.
    public func makeSink() -> MetricsSink {
        MetricsSink(tables: sinkTables)
    }

    /// Measures one sentence (a line without its line break) into `sink`: planned from the
    /// initial state, the finger starting on the space bar.
    @inline(__always)
    public func measure(sentence: String, into sink: inout MetricsSink) {
        sink.timer.reset()
        plan(sentence: sentence, into: &sink)
        sink.counted.totals.units += sink.weight
    }

    /// Plans one sentence into any sink, exactly as `measure` does (tests replay these plans).
    public func plan<Sink: KeystrokeSink>(sentence: String, into sink: inout Sink) {
        _ = planner.plan(sentence, from: .initial(layout), after: [], into: &sink)
    }

    /// Measures every non-empty line of valid UTF-8 bytes (a `CorpusChunk`'s).
    /// - Complexity: O(n) in the bytes.
    public func measure(lines bytes: [UInt8], into sink: inout MetricsSink) {
        var workspace = PlanningWorkspace(planner)
        let start = planner.initialStateIndex
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            let count = buffer.count
            while lineStart < count {
                let rest = UnsafeRawPointer(buffer.baseAddress! + lineStart)
                let end =
                    memchr(rest, 0x0A, count - lineStart).map { lineStart + (UnsafeRawPointer($0) - rest) } ?? count
                var lineEnd = end
                if lineEnd > lineStart, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                if lineEnd > lineStart {
                    sink.timer.reset()
                    _ = planner.plan(
                        utf8: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), from: start,
                        workspace: &workspace, into: &sink)
                    sink.counted.totals.units += sink.weight
                }
                lineStart = end + 1
            }
        }
    }

    /// Measures running text held in memory, one sentence a line.
    public func measure(text: String) -> LayoutTally {
        var sink = makeSink()
        measure(lines: Array(text.utf8), into: &sink)
        return sink.tally
    }

    /// Measures words of a frequency list: each word followed by a space, weighted.
    public func measure(words: ArraySlice<WordFrequencyList.Entry>, into sink: inout MetricsSink) {
        for entry in words {
            sink.weight = entry.weight
            measure(sentence: entry.word + " ", into: &sink)
        }
        sink.weight = 1
    }
}
