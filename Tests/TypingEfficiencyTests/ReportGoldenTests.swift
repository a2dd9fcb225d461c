import Foundation
import TestSupport
import Testing

@testable import TypingEfficiency

/// The reports of a small fixture corpus, in every format, against golden files.
@Suite("Report goldens")
struct ReportGoldenTests {
    static func report(_ model: ComparisonModel) throws -> ComparisonReport {
        let comparison = Comparison(
            layouts: ["hu-touch", "hu-ios", "hu-extended"].map(Shipped.layout), model: model)
        let report = try comparison.run(.runningText([.file(TestFiles.fixture("sample-hu.txt"))]), workers: 2)
        return comparison.addingErrorCorrection(to: report)
    }

    @Test("sample-hu.txt in each format", arguments: ReportFormat.allCases)
    func formats(_ format: ReportFormat) throws {
        let report = try Self.report(.oneFinger)
        let ext = format == .table ? "txt" : format == .markdown ? "md" : format.rawValue
        goldenFiles.check(ReportFormatter.format(report, as: format), "sample-hu.one-finger.\(ext)")
        goldenFiles.check(
            ReportFormatter.format(report, as: format, detail: true, errors: true),
            "sample-hu.one-finger.detail-errors.\(ext)")
    }

    @Test(
        "sample-hu.txt under the two-thumb and keystrokes models", arguments: [ComparisonModel.twoThumb, .keystrokes])
    func models(_ model: ComparisonModel) throws {
        goldenFiles.check(
            ReportFormatter.table(try Self.report(model), detail: true), "sample-hu.\(model.rawValue).txt")
    }

    @Test("the same numbers with one worker or several, and any chunk size")
    func deterministic() throws {
        let comparison = Comparison(layouts: [Shipped.layout("hu-touch"), Shipped.layout("hu-ios")], model: .twoThumb)
        let input = ComparisonInput.runningText([.file(TestFiles.fixture("sample-hu.txt"))])
        let one = try comparison.run(input, workers: 1, chunkSize: 1 << 20)
        let many = try comparison.run(input, workers: 4, chunkSize: 64)
        for (a, b) in zip(one.results, many.results) {
            #expect(a.totals.keystrokes == b.totals.keystrokes)
            #expect(abs(a.totals.seconds - b.totals.seconds) < 1e-9)
            #expect(a.tally.keyPresses == b.tally.keyPresses)
            #expect(a.tally.keyLongPresses == b.tally.keyLongPresses)
        }
    }

    @Test("SVG: a heatmap per layout with every key of the base layer, and the bar chart")
    func svg() throws {
        let report = try Self.report(.oneFinger)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try SVGWriter.write(report, to: directory)
        #expect(
            written.map { ($0 as NSString).lastPathComponent } == [
                "hu-touch-heatmap.svg", "hu-ios-heatmap.svg", "hu-extended-heatmap.svg", "comparison.svg",
            ])
        let heatmap = try String(contentsOfFile: written[0], encoding: .utf8)
        let baseKeys = report.results[0].layout.layers[0].rows.joined().count
        #expect(heatmap.components(separatedBy: "<rect x=").count - 1 >= baseKeys)
        #expect(heatmap.contains(">˝<"))
        goldenFiles.check(try String(contentsOfFile: written[3], encoding: .utf8), "sample-hu.comparison.svg")
    }
}
