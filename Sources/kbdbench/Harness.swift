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
    let nanosecondsPerOperation: Double
    let iterations: Int
    /// (slowest − fastest) / fastest over the samples.
    let spread: Double
}

/// Times benchmarks the way libxkbcommon's bench does: double the iterations until one
/// sample takes long enough, then take several samples and report the fastest with the spread.
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
        let fastest = perOperation.min() ?? 0
        let slowest = perOperation.max() ?? 0
        return Measurement(
            name: benchmark.name, unit: benchmark.unit, nanosecondsPerOperation: fastest,
            iterations: iterations * samples, spread: fastest > 0 ? (slowest - fastest) / fastest : 0)
    }

    static func time(_ work: () -> Int) -> (Double, Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let count = work()
        let end = DispatchTime.now().uptimeNanoseconds
        return (Double(end - start) / 1e9, count)
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
