import Foundation

// kbdbench: `swift run -c release kbdbench [FILTER] [--json] [--list]`. One line per
// benchmark: name, unit, best and median ns/op, iterations, spread, rate. Refuses debug
// builds, whose numbers mean nothing; `--help` and `--list` work in any build.

func standardError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

/// A line on standard output at once (unbuffered: each benchmark's line shows as it ends).
func outputLine(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    standardError("kbdbench: error: \(error.message)\n\(BenchOptions.usage)\n")
    exit(64)
}
if options.help {
    print(BenchOptions.help)
    exit(0)
}
#if DEBUG
    if !options.list {
        standardError("kbdbench: build in release: swift run -c release kbdbench\n")
        exit(64)
    }
#endif
let all =
    engineBenchmarks() + simulatorBenchmarks() + comparisonBenchmarks() + xkbBenchmarks() + touchErrorBenchmarks()
    + peerBenchmarks()
    + ibusBenchmarks()
    + cInterfaceBenchmarks()
    + ldmlBenchmarks()
    + optimizerBenchmarks()
    + webHostBenchmarks()
    + calibrationBenchmarks()
    + exportBenchmarks()
let selected = all.filter { options.selects($0.name) }
if selected.isEmpty {
    standardError("kbdbench: error: no benchmark matches \(options.filters.joined(separator: " ")); see --list\n")
    exit(64)
}
if options.list {
    for benchmark in selected { print(benchmark.name) }
    exit(0)
}
let table = ReportTable(names: selected.map(\.name), units: selected.map(\.unit))
var results: [[String: Any]] = []
if !options.json { outputLine(table.header) }
for benchmark in selected {
    let measurement = Harness.measure(benchmark)
    if options.json {
        results.append([
            "name": measurement.name, "unit": measurement.unit,
            "nsPerOperation": measurement.nanosecondsPerOperation,
            "nsPerOperationMedian": measurement.medianNanosecondsPerOperation,
            "iterations": measurement.iterations, "spread": measurement.spread,
        ])
    } else {
        outputLine(table.line(measurement))
    }
}
if options.json {
    let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
