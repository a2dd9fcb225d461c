import Dispatch
import Foundation
import LayoutEngine

/// What a comparison measures.
public enum ComparisonInput: Sendable {
    /// Running text, one sentence a line; several sources add up.
    case runningText([CorpusSource])
    /// A word-frequency list: each word followed by a space, weighted by frequency.
    case wordList(WordFrequencyList, description: String)
}

/// The corpus a report was made from.
public struct CorpusSummary: Sendable {
    /// Running text or a word list.
    public enum Kind: String, Sendable {
        case runningText = "running text"
        case wordList = "word list"
    }

    /// What it is.
    public var kind: Kind
    /// What the report calls it (file names, or the embedded list's name).
    public var description: String
    /// Bytes read.
    public var bytes: Int
    /// Sentences (running text) or distinct words (word list).
    public var units: Int
    /// Characters (graphemes, line breaks excluded; weighted for word lists).
    public var characters: Double
    /// The first invalid UTF-8 sequences, and how many there were.
    public var invalidSequences: [InvalidUTF8]
    public var invalidCount: Int
    /// What was wrong with each source of running text that had problems (invalid UTF-8,
    /// NUL bytes, lines longer than a chunk), in order.
    public var problems: [SourceProblems] = []

    /// Whether there was nothing to measure.
    public var isEmpty: Bool { characters == 0 }
}

/// What a source of running text had that is not plain text, for the messages.
public struct SourceProblems: Sendable {
    /// The source's name (a path, `-`).
    public var source: String
    /// Bytes read from it.
    public var bytes: Int
    /// Its invalid UTF-8: the first sequences and the counts.
    public var invalid: InvalidUTF8Tally
    /// NUL bytes, and the offset of the first.
    public var nulCount: Int
    public var firstNulOffset: Int?
    /// Lines longer than a chunk (the first few), and how many.
    public var longLines: [CorpusReader.LongLine]
    public var longLineCount: Int

    /// Whether it looks like binary data rather than text: more than 1% of its bytes are
    /// invalid UTF-8 or NUL.
    public var looksBinary: Bool { (invalid.bytes + nulCount) * 100 > bytes }
}

/// The result for one layout.
public struct LayoutResult: Sendable {
    /// The layout.
    public let layout: Layout
    /// How its time was predicted.
    public let timeModel: TimeModel
    /// Its counts.
    public let tally: LayoutTally
    /// The planner's graphemes, by the ids the tally uses.
    public let graphemes: [String]
    /// The cost of fixing a wrong accent, when asked for.
    public var errorCorrection: ErrorCorrectionCost?

    /// The totals.
    public var totals: LayoutTotals { tally.totals }
}

/// A finished comparison: the corpus, the model and one result per layout, in the order asked.
public struct ComparisonReport: Sendable {
    /// The corpus measured.
    public var corpus: CorpusSummary
    /// The model planned and timed by.
    public var model: ComparisonModel
    /// The constants used.
    public var constants: ModelConstants
    /// One result per layout.
    public var results: [LayoutResult]
    /// The device size the touch layouts were measured at, when not the layouts' own
    /// (`--geometry`): shown under the model.
    public var geometry: String?
    /// The model file whose constants were used (`--model-file`), as given: shown under the model.
    public var modelFile: String?
    /// Each line's figures on every layout, when the run kept them (`lineSamples`).
    package var lineSamples: LineSamples?
    /// The confidence intervals, when asked for (`ConfidenceReport`): shown after the table.
    public var confidence: ConfidenceReport?
}

/// Measures a corpus on several layouts, in parallel over layouts and chunks, with results
/// merged in corpus order, so every run gives the same numbers whatever the core count.
///
/// ```swift
/// let comparison = Comparison(layouts: [huTouch, huIOS], model: .oneFinger)
/// let report = try comparison.run(.runningText([.file("hu.txt")]))
/// print(ReportFormatter.table(report))
/// ```
/// - Complexity: O(n · layouts) time, O(chunk size · workers) memory.
public struct Comparison: Sendable {
    /// One evaluator per layout.
    public let evaluators: [LayoutEvaluator]
    /// The model.
    public let model: ComparisonModel
    /// The constants.
    public let constants: ModelConstants

    /// Prepares the layouts' planners and timing tables.
    public init(layouts: [Layout], model: ComparisonModel, constants: ModelConstants = ModelConstants()) {
        self.init(settings: layouts.map { ($0, constants) }, model: model)
    }

    /// Prepares one evaluator per layout and its constants: a sweep (`ConstantSweep`)
    /// measures the same layouts under several constants in one pass. The report's
    /// constants are the first layout's.
    public init(settings: [(layout: Layout, constants: ModelConstants)], model: ComparisonModel) {
        self.model = model
        self.constants = settings.first?.constants ?? ModelConstants()
        let slots = Slots<LayoutEvaluator>(settings.count)
        DispatchQueue.concurrentPerform(iterations: settings.count) { index in
            let (layout, constants) = settings[index]
            slots.put(LayoutEvaluator(layout: layout, model: model, constants: constants), at: index)
        }
        evaluators = slots.values.map { $0! }
    }

    /// Runs the comparison.
    /// - Parameters:
    ///   - workers: threads to use (defaults to the active processors).
    ///   - chunkSize: bytes per chunk of running text.
    ///   - progress: called after each batch of chunks with bytes done and the total when known.
    ///   - lineSamples: for running text, also keep each line's figures (`LineSamples`) in at
    ///     most this many units, for the confidence intervals; `nil` keeps none.
    /// - Throws: `CorpusError` when a source cannot be opened or read.
    public func run(
        _ input: ComparisonInput, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        chunkSize: Int = 1 << 20, progress: ((Int, Int?) -> Void)? = nil, lineSamples: Int? = nil
    ) throws(CorpusError) -> ComparisonReport {
        switch input {
        case .runningText(let sources):
            let samples = lineSamples.map { LineSamples(layouts: evaluators.count, limit: $0) }
            return try runText(
                sources, workers: max(1, workers), chunkSize: chunkSize, progress: progress, samples: samples)
        case .wordList(let list, let description):
            return runWords(list, description: description, workers: max(1, workers))
        }
    }

    private func runText(
        _ sources: [CorpusSource], workers: Int, chunkSize: Int, progress: ((Int, Int?) -> Void)?,
        samples: LineSamples?
    ) throws(CorpusError) -> ComparisonReport {
        var samples = samples
        var totals = evaluators.map { $0.makeSink().tally }
        var bytes = 0
        let knownTotal = Self.totalSize(sources)
        let feed = try ChunkFeed(sources, chunkSize: chunkSize)
        let batchSize = workers * 2
        let layoutCount = evaluators.count
        var chunks = try feed.nextBatch(batchSize)
        while !chunks.isEmpty {
            let (measures, next) = measureBatch(chunks, feed: feed, workers: workers, keepLines: samples != nil)
            for item in measures.indices { totals[item % layoutCount].add(measures[item].tally) }
            if samples != nil {
                for (index, chunk) in chunks.enumerated() {
                    Self.addLines(measures[(index * layoutCount)..<((index + 1) * layoutCount)], chunk, to: &samples!)
                }
            }
            bytes += chunks.reduce(0) { $0 + $1.sourceByteCount }
            progress?(bytes, knownTotal)
            // The batch's memory goes to the batch after the next (the next is read already
            // with more than one worker).
            feed.recycle(&chunks, keeping: batchSize)
            if let next {
                chunks = try next.get()
            } else {
                chunks = try feed.nextBatch(batchSize)
            }
        }
        let summary = CorpusSummary(
            kind: .runningText, description: sources.map { Self.displayName($0.name) }.joined(separator: " + "),
            bytes: bytes, units: Int(totals.first?.totals.units ?? 0), characters: totals.first?.totals.characters ?? 0,
            invalidSequences: feed.invalid.kept, invalidCount: feed.invalid.count, problems: feed.problems)
        var result = report(summary, totals)
        result.lineSamples = samples
        return result
    }

    /// Measures every chunk of `batch` on every layout (in chunk-major order); with more than
    /// one worker, one of them reads the next batch from `feed` meanwhile (returned, else nil).
    private func measureBatch(
        _ batch: [CorpusChunk], feed: ChunkFeed, workers: Int, keepLines: Bool
    ) -> (measures: [ChunkMeasure], next: Result<[CorpusChunk], CorpusError>?) {
        let layoutCount = evaluators.count
        let slots = Slots<ChunkMeasure>(batch.count * layoutCount)
        let reading = workers > 1 ? 1 : 0
        let next = Slots<Result<[CorpusChunk], CorpusError>>(1)
        let batchSize = workers * 2
        Self.perform(iterations: reading + batch.count * layoutCount, workers: workers) { item in
            guard item >= reading else {
                next.put(Result { () throws(CorpusError) in try feed.nextBatch(batchSize) }, at: 0)
                return
            }
            let measured = item - reading
            slots.put(
                measure(batch[measured / layoutCount], evaluators[measured % layoutCount], keepLines: keepLines),
                at: measured)
        }
        return (slots.values.map { $0! }, next.values[0])
    }

    /// One chunk measured on one layout: the tally, and the lines' figures when kept.
    struct ChunkMeasure {
        var tally: LayoutTally
        var lines: [Double]
        /// Whether the chunk's first line is the rest of the last chunk's last line.
        var continuesLine: Bool
    }

    /// Measures one chunk on one layout.
    private func measure(_ chunk: CorpusChunk, _ evaluator: LayoutEvaluator, keepLines: Bool) -> ChunkMeasure {
        var sink = evaluator.makeSink()
        var lines: [Double] = []
        if keepLines {
            evaluator.measure(lines: chunk.bytes, into: &sink, figures: &lines)
        } else {
            evaluator.measure(lines: chunk.bytes, into: &sink)
        }
        // The rest of a long line cut into pieces is not a sentence of its own.
        let continues = chunk.continuesLine && Self.firstLineMeasured(chunk.bytes)
        if continues { sink.counted.totals.units -= 1 }
        return ChunkMeasure(tally: sink.tally, lines: lines, continuesLine: continues)
    }

    /// Whether the line at the start of `bytes` is not empty (so it was measured).
    static func firstLineMeasured(_ bytes: [UInt8]) -> Bool {
        var end = bytes.firstIndex(of: 0x0A) ?? bytes.count
        if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
        return end > 0
    }

    /// Adds the lines of one chunk, measured on every layout (`measures`, in layout order),
    /// to `samples`; the rest of a line cut into pieces joins the line it belongs to.
    static func addLines(_ measures: ArraySlice<ChunkMeasure>, _ chunk: CorpusChunk, to samples: inout LineSamples) {
        let per = LineSamples.columnsPerLayout
        guard let first = measures.first else { return }
        var row = [Double](repeating: 0, count: samples.width)
        for line in 0..<(first.lines.count / per) {
            for (layout, measure) in measures.enumerated() {
                for column in 0..<per { row[layout * per + column] = measure.lines[line * per + column] }
            }
            if line == 0, first.continuesLine {
                samples.extendLastLine(with: row)
            } else {
                samples.append(line: row)
            }
        }
    }

    /// Runs `body` for every iteration: on the calling thread alone for one worker, else
    /// spread over the processors.
    static func perform(iterations: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
        if workers == 1 {
            for item in 0..<iterations { body(item) }
        } else {
            DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
        }
    }

    private func runWords(_ list: WordFrequencyList, description: String, workers: Int) -> ComparisonReport {
        let slice = 2048
        let sliceCount = (list.entries.count + slice - 1) / slice
        let layoutCount = evaluators.count
        let slots = Slots<LayoutTally>(sliceCount * layoutCount)
        Self.perform(iterations: sliceCount * layoutCount, workers: workers) { item in
            let evaluator = evaluators[item % layoutCount]
            let start = (item / layoutCount) * slice
            var sink = evaluator.makeSink()
            evaluator.measure(words: list.entries[start..<min(start + slice, list.entries.count)], into: &sink)
            slots.put(sink.tally, at: item)
        }
        var totals = evaluators.map { $0.makeSink().tally }
        for (item, tally) in slots.values.enumerated() { totals[item % layoutCount].add(tally!) }
        let summary = CorpusSummary(
            kind: .wordList, description: description, bytes: list.byteCount, units: list.entries.count,
            characters: totals.first?.totals.characters ?? 0, invalidSequences: list.invalidSequences,
            invalidCount: list.invalidSequences.count)
        return report(summary, totals)
    }

    private func report(_ summary: CorpusSummary, _ totals: [LayoutTally]) -> ComparisonReport {
        let results = zip(evaluators, totals).map { evaluator, tally in
            LayoutResult(
                layout: evaluator.layout, timeModel: evaluator.timeModel, tally: tally,
                graphemes: (0..<evaluator.planner.graphemeCount).map(evaluator.planner.grapheme))
        }
        return ComparisonReport(corpus: summary, model: model, constants: constants, results: results)
    }

    /// The sum of the files' sizes, or `nil` when a source's size is unknown (standard input).
    static func totalSize(_ sources: [CorpusSource]) -> Int? {
        var total = 0
        for source in sources {
            switch source {
            case .file(let path):
                guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
                    return nil
                }
                total += size
            case .standardInput: return nil
            case .text(_, let bytes): total += bytes.count
            }
        }
        return total
    }

    /// A source's name as reports show it: a file's last path component.
    static func displayName(_ name: String) -> String {
        name == "-" ? "standard input" : (name as NSString).lastPathComponent
    }
}

/// Results written by parallel workers, one slot each, read after they finish.
final class Slots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(_ count: Int) { storage = [Value?](repeating: nil, count: count) }

    func put(_ value: Value, at index: Int) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Value?] { storage }
}
