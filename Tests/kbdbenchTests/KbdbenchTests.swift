import Foundation
import TestSupport
import Testing

@testable import kbdbench

/// `kbdbench`'s command line and report: help, options, whole names in aligned columns, the
/// median beside the best.
@Suite("kbdbench")
struct KbdbenchTests {
    /// Runs the built `kbdbench` (beside the test bundle or in the package's `.build/debug`).
    static func run(_ arguments: [String]) throws -> ToolRun.Result {
        let binary = try #require(BuiltProducts.path(of: "kbdbench"), "kbdbench is not built next to the tests")
        return ToolRun.run([binary] + arguments, timeout: 600)
    }

    @Test("--help prints the usage and exits 0 without running anything, in any build")
    func help() throws {
        let run = try Self.run(["--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("usage: swift run -c release kbdbench"))
        #expect(run.output.contains("median"))
        #expect(run.error.isEmpty)
    }

    @Test("a misspelled option exits 64 with the nearest one")
    func misspelled() throws {
        let run = try Self.run(["--jsno"])
        #expect(run.status == 64)
        #expect(run.error.contains("unknown option \"--jsno\"; did you mean \"--json\"?"))
        #expect(run.error.contains("usage: "))
    }

    @Test("options: filters, --json, --list, -h")
    func options() throws {
        let options = try BenchOptions.parse(["compare", "--json", "xkb", "-h", "--list"])
        #expect(options == BenchOptions(filters: ["compare", "xkb"], json: true, list: true, help: true))
        #expect(options.selects("xkb/hu session key events"))
        #expect(!options.selects("layout/load hu-touch"))
        #expect(BenchOptions().selects("anything"))
    }

    @Test("the median of the samples, beside the best")
    func median() {
        #expect(Harness.median([5, 1, 4, 2, 3]) == 3)
        #expect(Harness.median([4, 1, 3, 2]) == 2.5)
        #expect(Harness.median([]) == 0)
        let benchmark = Benchmark(name: "x", unit: "byte") { $0 }
        let measurement = Harness.measurement(benchmark, iterations: 10, samples: [12, 10, 30, 11, 13])
        #expect(measurement.nanosecondsPerOperation == 10)
        #expect(measurement.medianNanosecondsPerOperation == 12)
        #expect(measurement.spread == 2)
    }

    @Test("names are never cut and every column lines up, whatever the name and unit lengths")
    func columns() {
        let long = "compare/one-finger/hu-extended/3-layouts/2-core (a corpus with a long name.txt)"
        let measurements = [
            Measurement(
                name: "xkb/hu session key events", unit: "event", nanosecondsPerOperation: 38.5,
                medianNanosecondsPerOperation: 40.25, iterations: 1_048_576, spread: 0.05),
            Measurement(
                name: long, unit: "byte×layout", nanosecondsPerOperation: 12_345.678,
                medianNanosecondsPerOperation: 13_000, iterations: 5, spread: 0.123),
        ]
        let table = ReportTable(names: measurements.map(\.name), units: measurements.map(\.unit))
        let lines = [table.header] + measurements.map(table.line)
        #expect(lines[2].hasPrefix(long + "  byte×layout"))
        #expect(lines[1].contains("      38.50         40.25"))
        // Each column starts at the same character in every line.
        for column in ["best ns", "median ns", "iterations", "spread"] {
            let header = Array(lines[0])
            let end = header.count - (lines[0].components(separatedBy: column).last?.count ?? 0)
            for line in lines.dropFirst() {
                let characters = Array(line)
                #expect(characters.count > end)
                #expect(characters[end - 1] != " ", "\(column) ends at \(end) in \(line)")
                #expect(characters[end] == " ", "\(column) ends at \(end) in \(line)")
            }
        }
    }
}
