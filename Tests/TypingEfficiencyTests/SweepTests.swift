import Foundation
import TestSupport
import Testing

@testable import TypingEfficiency

/// `--sweep NAME=FROM:TO:STEP`: the values, the errors, and figures equal to separate runs.
@Suite("Constant sweeps")
struct SweepTests {
    static let sample = ComparisonInput.runningText([.file(TestFiles.fixture("sample-hu.txt"))])

    @Test("values from FROM to TO by STEP, TO included when a step lands on it")
    func values() throws {
        #expect(try ConstantSweep(parsing: "hold.ios=0.3:0.7:0.1").values.count == 5)
        #expect(try ConstantSweep(parsing: "hold.ios=0.3:0.7:0.1").values.last == 0.7)
        #expect(try ConstantSweep(parsing: "two-thumb.floor=0.05:0.12:0.02").values == [0.05, 0.07, 0.09, 0.11])
        #expect(try ConstantSweep(parsing: "thumb.a=0.2:0.2:1").values == [0.2])
    }

    @Test(
        "a wrong sweep says what is wrong",
        arguments: [
            ("hold.iso=0.3:0.7:0.1", "unknown constant \"hold.iso\" in --sweep; did you mean \"hold.ios\"?"),
            ("hold.ios", "--sweep wants NAME=FROM:TO:STEP"),
            ("hold.ios=0.3:0.7", "three numbers of seconds from 0 to 60, not \"0.3:0.7\""),
            ("hold.ios=0.3:x:0.1", "not \"0.3:x:0.1\""),
            ("hold.ios=0.7:0.3:0.1", "FROM must not exceed TO"),
            ("hold.ios=0.3:0.7:0", "STEP must be above 0"),
            ("hold.ios=0:60:0.01", "has 6001 values; at most 101: take a larger STEP"),
            // Steps so small that the count is beyond an Int, or infinite: an error, not a trap.
            ("hold.ios=0:60:1e-300", "has more values than can be counted; at most 101"),
            ("hold.ios=0:60:5e-324", "has more values than can be counted; at most 101"),
            ("hold.ios=0:60:1e-18", "has more values than can be counted; at most 101"),
            ("hold.ios=0:61:1", "from 0 to 60"),
        ])
    func errors(_ text: String, _ message: String) {
        #expect {
            _ = try ConstantSweep(parsing: text)
        } throws: { error in
            (error as? ConstantSweep.ParseError)?.message.contains(message) == true
        }
    }

    @Test("each value's figures are those of a comparison with the constant set; one pass")
    func sameAsSeparateRuns() throws {
        let layouts = ["hu-touch", "hu-ios"].map(Shipped.layout)
        let sweep = try ConstantSweep(parsing: "hold.ios=0:0.5:0.5")
        let report = try sweep.run(layouts: layouts, model: .twoThumb, input: Self.sample, workers: 2)
        #expect(report.points.count == 2 && report.affected == ["hu-touch", "hu-ios"])
        for point in report.points {
            var constants = ModelConstants()
            _ = constants.set("hold.ios", to: point.value)
            let alone = try Comparison(layouts: layouts, model: .twoThumb, constants: constants)
                .run(Self.sample, workers: 1)
            #expect(point.figures == alone.results.map(\.totals.wordsPerMinute))
        }
    }

    @Test("the ranking is marked where it changes; the table, as a golden")
    func rankingChanges() throws {
        let layouts = ["hu-touch", "hu-ios", "hu-extended"].map(Shipped.layout)
        let sweep = try ConstantSweep(parsing: "hold.ios=0:0.4:0.1")
        let report = try sweep.run(layouts: layouts, model: .oneFinger, input: Self.sample, workers: 2)
        let changes = report.points.filter(\.changed).map(\.value)
        for point in report.points {
            #expect(point.ranking == point.figures.indices.sorted { point.figures[$0] > point.figures[$1] })
        }
        #expect(
            changes.count
                == report.points.indices.dropFirst().filter {
                    report.points[$0].ranking != report.points[$0 - 1].ranking
                }.count)
        goldenFiles.check(ReportFormatter.sweep(report, as: .table), "sample-hu.sweep-hold-ios.txt")
        goldenFiles.check(ReportFormatter.sweep(report, as: .json), "sample-hu.sweep-hold-ios.json")
    }

    @Test("a layout that cannot type some of the corpus is noted, with how much; JSON counts it")
    func untypeable() throws {
        let sweep = try ConstantSweep(parsing: "hold.ios=0.3:0.4:0.1")
        let text = ComparisonInput.runningText([.text(name: "cs", bytes: Array("Přítel řekl ě.\nAhoj\n".utf8))])
        let report = try sweep.run(
            layouts: [Shipped.layout("cs-touch"), Shipped.layout("hu-touch")], model: .oneFinger, input: text,
            workers: 1)
        #expect(report.untypeable == [0, 3])
        let table = ReportFormatter.sweep(report, as: .table)
        #expect(
            table.contains("\nNote: hu-touch cannot type 3 of the characters (16.7%); its figures leave them out\n"))
        #expect(!table.contains("Note: cs-touch"))
        let json = ReportFormatter.sweep(report, as: .json)
        #expect(json.contains("\"untypeable\": {\"cs-touch\": 0, \"hu-touch\": 3},"))
    }

    @Test("the report's table names a layout's untypeable characters with their share, which its figures leave out")
    func untypeableInTable() throws {
        let text = ComparisonInput.runningText([.text(name: "cs", bytes: Array("Přítel řekl ě.\nAhoj\n".utf8))])
        let report = try Comparison(
            layouts: [Shipped.layout("cs-touch"), Shipped.layout("hu-touch")], model: .oneFinger
        )
        .run(text, workers: 1)
        let table = ReportFormatter.format(report, as: .table)
        #expect(
            table.contains(
                "\nUntypeable on hu-touch (3 of the characters, 16.7%; its figures leave them out): \"ř\" ×2, \"ě\" ×1\n"
            ),
            "\(table)")
        #expect(!table.contains("Untypeable on cs-touch"))
    }

    @Test("a constant the model does not use is noted")
    func unused() throws {
        let sweep = try ConstantSweep(parsing: "two-thumb.floor=0.05:0.1:0.05")
        let report = try sweep.run(
            layouts: [Shipped.layout("hu-touch")], model: .oneFinger, input: Self.sample, workers: 1)
        #expect(report.affected.isEmpty)
        #expect(ReportFormatter.sweep(report, as: .markdown).contains("does not enter the one-finger model"))
        #expect(report.points.allSatisfy { $0.figures == report.points[0].figures && !$0.changed })
    }
}
