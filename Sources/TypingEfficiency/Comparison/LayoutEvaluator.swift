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
    public let geometry: MillimetreKeyboardGeometry
    /// The planner, minimizing the model's cost.
    public let planner: KeystrokePlanner
    let timerTables: EventTimer.Tables
    let sinkTables: MetricsSink.Tables
    /// The planner's workspaces, handed on from chunk to chunk (so that their episode caches stay warm).
    let workspaces: PlanningWorkspacePool

    /// Prepares the tables for `layout` under `model`.
    public init(layout: Layout, model: ComparisonModel, constants: ModelConstants = ModelConstants()) {
        self.layout = layout
        self.model = model
        let geometry = MillimetreKeyboardGeometry(layout)
        self.geometry = geometry
        let timeModel = TimeModel.select(model, platform: layout.platform, constants: constants)
        self.timeModel = timeModel
        timerTables = EventTimer.Tables(
            layout: layout, geometry: geometry, model: timeModel, accentExtra: constants.accentExtra)
        if model == .keystrokes {
            planner = KeystrokePlanner(layout: layout, costModel: KeystrokeCount())
        } else {
            planner = KeystrokePlanner(
                layout: layout,
                costModel: PlanningCostModel(
                    layout: layout, geometry: geometry, timeModel: timeModel, accentExtra: constants.accentExtra))
        }
        sinkTables = MetricsSink.Tables(layout: layout, timerTables: timerTables, planner: planner)
        workspaces = PlanningWorkspacePool(planner)
    }

    /// A sink with empty counts for this layout.
    public func makeSink() -> MetricsSink {
        MetricsSink(tables: sinkTables)
    }

    /// Measures one sentence (a line without its line break) into `sink`: planned from the
    /// initial state, the finger starting on the space bar.
    @inline(__always)
    public func measure(sentence: String, into sink: inout MetricsSink) {
        var workspace = workspaces.take()
        defer { workspaces.giveBack(workspace) }
        measure(sentence: sentence, workspace: &workspace, into: &sink)
    }

    @inline(__always)
    private func measure(sentence: String, workspace: inout PlanningWorkspace, into sink: inout MetricsSink) {
        sink.timer.reset()
        plan(sentence: sentence, workspace: &workspace, into: &sink)
        sink.counted.totals.units += sink.weight
    }

    /// Plans one sentence into any sink, exactly as `measure` does (tests replay these plans).
    public func plan<Sink: KeystrokeSink>(sentence: String, into sink: inout Sink) {
        var workspace = workspaces.take()
        defer { workspaces.giveBack(workspace) }
        plan(sentence: sentence, workspace: &workspace, into: &sink)
    }

    /// Plans one sentence from the initial state with a workspace of the pool (a new one
    /// for every word of a list would fill a new episode cache each time).
    @inline(__always)
    private func plan<Sink: KeystrokeSink>(
        sentence: String, workspace: inout PlanningWorkspace, into sink: inout Sink
    ) {
        var sentence = sentence
        sentence.makeContiguousUTF8()
        let start = planner.initialStateIndex
        _ = sentence.utf8.withContiguousStorageIfAvailable { bytes in
            planner.plan(utf8: bytes, from: start, after: [], workspace: &workspace, into: &sink)
        }
    }

    /// Measures every non-empty line of valid UTF-8 bytes (a `CorpusChunk`'s).
    /// - Complexity: O(n) in the bytes.
    public func measure(lines bytes: [UInt8], into sink: inout MetricsSink) {
        var none = NoLineFigures()
        measure(lines: bytes, into: &sink, recording: &none)
    }

    /// Measures every non-empty line as `measure(lines:into:)` does, and appends each line's
    /// typed characters, keystrokes and seconds to `figures` (three numbers a line), for
    /// the confidence intervals. The tally is the same bit for bit.
    public func measure(lines bytes: [UInt8], into sink: inout MetricsSink, figures: inout [Double]) {
        var recorder = LineFigureRecorder(figures: figures)
        figures = []
        // Each line's seconds and keystrokes are read from the running totals: kept whole.
        let tracked = sink.tracksLines
        sink.settle()
        sink.tracksLines = true
        measure(lines: bytes, into: &sink, recording: &recorder)
        sink.tracksLines = tracked
        figures = recorder.figures
    }

    @inline(__always)
    private func measure<Recorder: LineRecorder>(
        lines bytes: [UInt8], into sink: inout MetricsSink, recording recorder: inout Recorder
    ) {
        var workspace = workspaces.take()
        defer { workspaces.giveBack(workspace) }
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
                    recorder.begin(sink)
                    sink.timer.reset()
                    _ = planner.plan(
                        utf8: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), from: start,
                        workspace: &workspace, into: &sink)
                    sink.counted.totals.units += sink.weight
                    recorder.end(sink)
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
        var workspace = workspaces.take()
        defer { workspaces.giveBack(workspace) }
        for entry in words {
            sink.weight = entry.weight
            measure(sentence: entry.word + " ", workspace: &workspace, into: &sink)
        }
        sink.weight = 1
    }
}

/// Sees each line measured by `LayoutEvaluator.measure(lines:…)`: the sink before and after.
private protocol LineRecorder {
    mutating func begin(_ sink: borrowing MetricsSink)
    mutating func end(_ sink: borrowing MetricsSink)
}

/// Records nothing (the comparison without intervals).
private struct NoLineFigures: LineRecorder {
    @inline(__always) func begin(_ sink: borrowing MetricsSink) {}
    @inline(__always) func end(_ sink: borrowing MetricsSink) {}
}

/// Records each line's typed characters, keystrokes and seconds: what the sink's running
/// totals grew by over the line.
private struct LineFigureRecorder: LineRecorder {
    var figures: [Double]
    private var typed = 0.0
    private var keystrokes = 0.0
    private var seconds = 0.0
    private var quanta: Int64 = 0

    init(figures: [Double]) { self.figures = figures }

    mutating func begin(_ sink: borrowing MetricsSink) {
        typed = sink.counted.totals.typedCharacters
        keystrokes = sink.keystrokesSoFar
        seconds = sink.counted.totals.seconds
        quanta = sink.runningQuanta
    }

    mutating func end(_ sink: borrowing MetricsSink) {
        figures.append(sink.counted.totals.typedCharacters - typed)
        figures.append(sink.keystrokesSoFar - keystrokes)
        figures.append(
            (sink.counted.totals.seconds - seconds) + Double(sink.runningQuanta &- quanta) * TimeQuanta.quantum)
    }
}
