import Foundation
import TestSupport
import Testing

@testable import TypingEfficiency

/// The confidence intervals of a comparison: the lines' figures, the blocks they fold into
/// on a long corpus, the paired differences, and the sections of each format.
@Suite("Confidence intervals")
struct ConfidenceTests {
    static let ids = ["hu-touch", "hu-ios", "hu-extended"]
    static let sample = ComparisonInput.runningText([.file(TestFiles.fixture("sample-hu.txt"))])

    /// Built once: a planner takes a while in a debug build.
    static let comparison = Comparison(layouts: ids.map(Shipped.layout), model: .oneFinger)

    static func report(workers: Int = 2, chunkSize: Int = 1 << 20, limit: Int = LineSamples.defaultLimit) throws
        -> ComparisonReport
    {
        var report = try comparison.run(sample, workers: workers, chunkSize: chunkSize, lineSamples: limit)
        report.confidence = ConfidenceReport(report, bootstrap: Bootstrap())
        return report
    }

    @Test("the intervals in each format, after the main table", arguments: ReportFormat.allCases)
    func golden(_ format: ReportFormat) throws {
        let ext = format == .table ? "txt" : format == .markdown ? "md" : format.rawValue
        goldenFiles.check(ReportFormatter.format(try Self.report(), as: format), "sample-hu.one-finger.ci.\(ext)")
    }

    @Test("each line's figures are what measuring the line alone gives")
    func lineFigures() throws {
        let report = try Self.report()
        let samples = try #require(report.lineSamples)
        let lines = try String(contentsOfFile: TestFiles.fixture("sample-hu.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(samples.lines == lines.count && samples.units == lines.count && samples.linesPerUnit == 1)
        for (layout, id) in Self.ids.enumerated() {
            let evaluator = Self.comparison.evaluators[layout]
            for (index, line) in lines.enumerated() {
                let alone = evaluator.measure(text: line).totals
                let unit = index * samples.width + layout * 3
                #expect(samples.values[unit] == alone.typedCharacters, "\(id) line \(index) characters")
                #expect(samples.values[unit + 1] == alone.keystrokes, "\(id) line \(index) keystrokes")
                #expect(samples.values[unit + 2] == alone.seconds, "\(id) line \(index) seconds")
            }
        }
    }

    @Test("a line's keystrokes count multi-taps and flicks as the report does")
    func gestureKeystrokes() {
        let evaluator = LayoutEvaluator(layout: GestureCostTests.layout, model: .oneFinger)
        var sink = evaluator.makeSink()
        var figures: [Double] = []
        evaluator.measure(lines: Array("²₂á\n²₂á a\n".utf8), into: &sink, figures: &figures)
        #expect(figures.count == 6 && figures[1] == 8 && figures[4] == 10)
        #expect(figures[1] + figures[4] == sink.tally.totals.keystrokes)
    }

    @Test("keeping the lines changes nothing in the report")
    func reportUnchanged() throws {
        let comparison = Self.comparison
        let plain = try comparison.run(Self.sample, workers: 1)
        let kept = try comparison.run(Self.sample, workers: 1, lineSamples: 8)
        for (a, b) in zip(plain.results, kept.results) {
            #expect(a.totals == b.totals)
            #expect(a.tally.keyPresses == b.tally.keyPresses)
            #expect(a.tally.graphemeSeconds == b.tally.graphemeSeconds)
        }
    }

    @Test("the same intervals with one worker or several, and any chunk size")
    func deterministic() throws {
        let one = try #require(try Self.report(workers: 1).confidence)
        let many = try #require(try Self.report(workers: 4, chunkSize: 64).confidence)
        for (a, b) in zip(one.rows, many.rows) {
            #expect(abs(a.kspc.low - b.kspc.low) < 1e-12 && abs(a.wpm.high - b.wpm.high) < 1e-9)
        }
        #expect(one.units == many.units)
    }

    @Test("a layout against itself differs by exactly nothing; a difference is paired")
    func paired() throws {
        let layout = Shipped.layout("hu-touch")
        let comparison = Comparison(layouts: [layout, layout, Shipped.layout("hu-ios")], model: .oneFinger)
        let report = try comparison.run(Self.sample, workers: 1, lineSamples: 100)
        let confidence = try #require(ConfidenceReport(report, bootstrap: Bootstrap()))
        let same = confidence.differences[0]
        #expect(same.kspc.low == 0 && same.kspc.high == 0 && same.wpm.low == 0 && same.wpm.high == 0)
        // hu-ios types every letter with the same keystrokes as hu-touch here: KSPC ties on every line.
        #expect(confidence.differences[1].kspc.low == 0 && confidence.differences[1].kspc.high == 0)
        // Paired, the speed difference's interval is narrower than either layout's.
        let difference = confidence.differences[1].wpm
        #expect(difference.high - difference.low < confidence.rows[0].wpm.high - confidence.rows[0].wpm.low)
    }

    @Test("past the limit, lines fold into blocks of consecutive lines; the sums stay")
    func blocks() {
        var samples = LineSamples(layouts: 1, limit: 4)
        for line in 1...11 { samples.append(line: [Double(line), 1, 0.5]) }
        #expect(samples.lines == 11 && samples.linesPerUnit == 4 && samples.units == 3)
        #expect(samples.column(layout: 0, 0) == [10.0, 26.0, 30.0])
        #expect(samples.column(layout: 0, 1) == [4, 4, 3])
        samples.extendLastLine(with: [100, 0, 0])
        #expect(samples.lines == 11 && samples.column(layout: 0, 0).last == 130)
    }

    @Test("a comparison with few units kept: blocks in the report, the same estimates")
    func blockedReport() throws {
        let lines = try #require(try Self.report(limit: 2).confidence)
        let full = try #require(try Self.report().confidence)
        #expect(lines.linesPerUnit == 2 && lines.units == 2 && lines.lines == 4)
        #expect(lines.rows.map(\.wpm.estimate) == full.rows.map(\.wpm.estimate))
        let text = ReportFormatter.confidence(lines, as: .table)
        #expect(text.contains("4 lines in 2 blocks of 2 consecutive lines"))
    }

    @Test("a word list keeps no lines: no intervals")
    func wordList() throws {
        let comparison = Comparison(layouts: [Shipped.layout("hu-touch")], model: .oneFinger)
        let list = try WordFrequencyList(parsing: Array("és\t10\ngyőr\t2\n".utf8), name: "test")
        let report = try comparison.run(.wordList(list, description: "test"), workers: 1, lineSamples: 100)
        #expect(report.lineSamples == nil && ConfidenceReport(report, bootstrap: Bootstrap()) == nil)
    }
}
