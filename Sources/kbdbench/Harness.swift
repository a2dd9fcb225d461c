import Foundation

/// One benchmark: `run(iterations)` does the work `iterations` times and returns how many
/// operations that was (events, bytes, …), so results read as nanoseconds per operation.
struct Benchmark {
    /// `group/name`, matched by the filter argument.
    let name: String
    /// What one operation is, for the report (`event`, `byte`, `frame`, `layout`).
    let unit: String
    let run: (Int) -> Int
}

/// The measurement of one benchmark.
struct Measurement {
    let name: String
    let unit: String
    /// The fastest sample's nanoseconds per operation.
    let nanosecondsPerOperation: Double
    /// The median sample's nanoseconds per operation.
    let medianNanosecondsPerOperation: Double
    let iterations: Int
    /// (slowest − fastest) / fastest over the samples.
    let spread: Double
}

/// Times benchmarks the way libxkbcommon's bench does: double the iterations until one
/// sample takes long enough, then take several samples and report the fastest and the
/// median, with the spread.
enum Harness {
    static func measure(_ benchmark: Benchmark, minimumSampleTime: Double = 0.2, samples: Int = 5) -> Measurement {
        var iterations = 1
        while true {
            let (seconds, _) = time { benchmark.run(iterations) }
            if seconds >= minimumSampleTime || iterations >= 1 << 30 { break }
            iterations *= seconds < minimumSampleTime / 16 ? 8 : 2
        }
        var perOperation: [Double] = []
        for _ in 0..<samples {
            let (seconds, count) = time { benchmark.run(iterations) }
            perOperation.append(seconds * 1e9 / Double(max(1, count)))
        }
        return measurement(benchmark, iterations: iterations * samples, samples: perOperation)
    }

    /// The measurement of `samples` (nanoseconds per operation each).
    static func measurement(_ benchmark: Benchmark, iterations: Int, samples: [Double]) -> Measurement {
        let fastest = samples.min() ?? 0
        let slowest = samples.max() ?? 0
        return Measurement(
            name: benchmark.name, unit: benchmark.unit, nanosecondsPerOperation: fastest,
            medianNanosecondsPerOperation: median(samples), iterations: iterations,
            spread: fastest > 0 ? (slowest - fastest) / fastest : 0)
    }

    /// The middle value (the mean of the two middle ones for an even count); 0 for none.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func time(_ work: () -> Int) -> (Double, Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let count = work()
        let end = DispatchTime.now().uptimeNanoseconds
        return (Double(end - start) / 1e9, count)
    }
}

/// The text report: a header and one line per measurement, every column aligned for the
/// names and units of the benchmarks that run (known before the first is measured, so lines
/// print as they come).
struct ReportTable {
    let nameWidth: Int
    let unitWidth: Int

    init(names: [String], units: [String]) {
        nameWidth = max("benchmark".count, names.map(\.count).max() ?? 0)
        unitWidth = max("unit".count, units.map(\.count).max() ?? 0)
    }

    var header: String {
        pad("benchmark", nameWidth) + "  " + pad("unit", unitWidth) + "  " + right("best ns", 12) + "  "
            + right("median ns", 12) + "  " + right("iterations", 10) + "  " + right("spread", 7) + "  best rate"
    }

    func line(_ measurement: Measurement) -> String {
        let perSecond = measurement.nanosecondsPerOperation > 0 ? 1e9 / measurement.nanosecondsPerOperation : 0
        return pad(measurement.name, nameWidth) + "  " + pad(measurement.unit, unitWidth) + "  "
            + String(format: "%12.2f", measurement.nanosecondsPerOperation) + "  "
            + String(format: "%12.2f", measurement.medianNanosecondsPerOperation) + "  "
            + String(format: "%10d", measurement.iterations) + "  "
            + right(String(format: "±%.1f%%", measurement.spread * 100), 7) + "  "
            + String(format: "%.3g", perSecond) + " \(measurement.unit)/s"
    }

    /// `text` and spaces to `width` characters (graphemes: `×` is one column).
    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// Spaces and `text`, right-aligned in `width` characters.
    private func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
