import LayoutEngine
import TypingCalibration

// `kbdsim calibrate`: reading and fitting one synthetic log of about 100,000 touches (one
// participant on hu-ios, long-presses included), with the default 1,000 bootstrap resamples.
// The log is made once, on the benchmark's first run, outside the measured loop (so that
// `--list` and other filters do not make it).

/// The synthetic log, made when first asked for.
private final class SyntheticLogBytes {
    lazy var bytes: [UInt8] = {
        guard let layout = try? LayoutCatalog.load("hu-ios") else { return [] }
        var participant = SyntheticParticipant(layout: layout, seed: 1)
        // About 30 touches a phrase: 3,400 phrases make a little over 100,000 touches.
        return Array(participant.log(phrases: SyntheticParticipant.hungarianPhrases, testPhrases: 3_400).utf8)
    }()
}

func calibrationBenchmarks() -> [Benchmark] {
    let log = SyntheticLogBytes()
    let calibration = Calibration()
    return [
        Benchmark(name: "calibrate/100k-taps (read and fit, 1,000 resamples)", unit: "log") { iterations in
            let bytes = log.bytes
            for _ in 0..<iterations {
                guard let log = try? TypingLogReader.read(bytes, file: "synthetic.json") else { continue }
                blackHole(calibration.run([log]).postures.count)
            }
            return iterations
        }
    ]
}
