import Foundation

// kbdbench: `swift run -c release kbdbench [FILTER] [--json]`. One line per benchmark:
// name, ns/op, iterations, spread. Refuses debug builds, whose numbers mean nothing.

#if DEBUG
    FileHandle.standardError.write(Data("kbdbench: build in release: swift run -c release kbdbench\n".utf8))
    exit(64)
#else
    let arguments = Array(CommandLine.arguments.dropFirst())
    let json = arguments.contains("--json")
    let filters = arguments.filter { !$0.hasPrefix("--") }
    let all =
        engineBenchmarks() + simulatorBenchmarks() + comparisonBenchmarks() + xkbBenchmarks() + optimizerBenchmarks()
    let selected = all.filter { benchmark in filters.isEmpty || filters.contains { benchmark.name.contains($0) } }
    if selected.isEmpty {
        FileHandle.standardError.write(Data("kbdbench: no benchmark matches \(filters)\n".utf8))
        exit(64)
    }
    var results: [[String: Any]] = []
    for benchmark in selected {
        let measurement = Harness.measure(benchmark)
        if json {
            results.append([
                "name": measurement.name, "unit": measurement.unit,
                "nsPerOperation": measurement.nanosecondsPerOperation, "iterations": measurement.iterations,
                "spread": measurement.spread,
            ])
        } else {
            let perSecond = 1e9 / measurement.nanosecondsPerOperation
            let line =
                measurement.name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(
                    format: "%12.2f ns/%@  %10d it  ±%4.1f%%  (%.3g %@/s)", measurement.nanosecondsPerOperation,
                    measurement.unit, measurement.iterations, measurement.spread * 100, perSecond, measurement.unit)
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
    if json {
        let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    }
#endif
