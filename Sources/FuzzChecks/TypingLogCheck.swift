import TypingCalibration

extension FuzzChecks {
    /// Arbitrary bytes as a typing-test log. Checked: the reader returns a log or a
    /// `TypingLogError` whose message names the file (it never traps); a log it accepts has
    /// touches in its test block, every touch's keys among its layout's keys, and survives
    /// `Calibration` (20 resamples) and both reports without trapping; the model file written
    /// from the fit reads back with the same constants.
    public static func typingLog(_ input: [UInt8]) -> [String] {
        let log: TypingLog
        do {
            log = try TypingLogReader.read(input, file: "fuzz.json")
        } catch {
            return error.description.hasPrefix("fuzz.json") ? [] : ["an error that does not name the file: \(error)"]
        }
        var problems: [String] = []
        if !log.phrases.contains(where: { $0.isTest && !$0.touches.isEmpty }) {
            problems.append("accepted a log without touches in its test block")
        }
        for phrase in log.phrases {
            let layout = log.layouts[phrase.layout]
            for touch in phrase.touches {
                for key in [touch.key, touch.intended].compactMap({ $0 }) where layout.key(key) == nil {
                    problems.append("accepted a touch on key \(key), which layout '\(layout.id)' lacks")
                }
            }
        }
        let result = Calibration(resamples: 20).run([log])
        _ = CalibrationReport.table(result, modelFile: "model.json")
        _ = CalibrationReport.json(result, modelFile: nil)
        let file = ModelFile(result)
        do {
            let back = try ModelFile.read(Array(file.json.utf8), file: "model.json")
            if back.constants.map(\.name) != file.constants.map(\.name) {
                problems.append("the model file reads back with other constants")
            }
        } catch {
            problems.append("the model file written does not read back: \(error)")
        }
        return problems
    }
}
