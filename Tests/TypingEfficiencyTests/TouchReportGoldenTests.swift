import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// The `--touch-errors` report of the fixture corpus: a golden per format, a terminal table
/// that fits 100 columns, and the time models named once each in the heading.
@Suite("Touch-error report goldens")
struct TouchReportGoldenTests {
    /// hu-ios's file as a hardware layout: timed per keystroke, no touch errors.
    static func hardware() throws -> Layout {
        let text = try String(contentsOfFile: Shipped.sourcePath("hu-ios"), encoding: .utf8)
            .replacingOccurrences(of: "\"platform\": \"ios\"", with: "\"platform\": \"hardware\"")
            .replacingOccurrences(of: "\"id\": \"hu-ios\"", with: "\"id\": \"hu-hardware\"")
        return try #require(LayoutLoader.read(bytes: Array(text.utf8), file: "hu-hardware.json").layout)
    }

    static func reports() throws -> (ComparisonReport, TouchErrorReport) {
        let layouts = [Shipped.layout("hu-touch"), Shipped.layout("hu-squeezed"), try hardware()]
        let comparison = Comparison(layouts: layouts, model: .oneFinger)
        let source = CorpusSource.file(TestFiles.fixture("sample-hu.txt"))
        let report = try comparison.run(.runningText([source]), workers: 2)
        let figures = try comparison.touchErrors([source], model: TouchErrorModel(), workers: 2)
        let touch = TouchErrorReport(
            layouts: layouts, figures: figures, model: TouchErrorModel(), bootstrap: Bootstrap(resamples: 50))
        return (report, touch)
    }

    @Test("sample-hu.txt with --touch-errors --detail in each format", arguments: ReportFormat.allCases)
    func formats(_ format: ReportFormat) throws {
        let (report, touch) = try Self.reports()
        let ext = format == .table ? "txt" : format == .markdown ? "md" : format.rawValue
        goldenFiles.check(
            ReportFormatter.format(report, as: format, detail: true, touch: touch), "sample-hu.touch-errors.\(ext)")
    }

    @Test("the terminal table fits 100 columns and names each time model once")
    func width() throws {
        let (report, touch) = try Self.reports()
        let text = ReportFormatter.format(report, as: .table, detail: true, touch: touch)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let touchLines = lines.drop { !$0.hasPrefix("Touch errors") }
        #expect(!touchLines.isEmpty)
        for line in touchLines { #expect(line.count <= 100, "\(line.count) columns: \(line)") }
        let model = try #require(lines.first { $0.hasPrefix("Model: ") })
        #expect(model.components(separatedBy: "Fitts one finger").count == 2, "\(model)")
        #expect(model.contains("hu-touch, hu-squeezed: Fitts one finger"), "\(model)")
        #expect(lines.filter { $0.hasPrefix("Model") }.count == 1)
    }
}
