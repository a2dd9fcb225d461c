import Foundation
import LayoutEngine
import TypingCalibration

/// `kbdsim calibrate LOG.json … [-o MODEL.json]`: fits the models to typing-test logs and
/// writes a model file for `compare --model-file` and `optimize --model-file`.
/// Exit status: 0 fitted, 1 a log or the model file fails (nothing written), 64 wrong arguments.
enum CalibrateCommand: ParsableCommand {
    static func run(_ options: CalibrateOptions) -> ExitStatus {
        var logs: [TypingLog] = []
        var failed = false
        for path in options.logs {
            do {
                logs.append(try TypingLogReader.read(path: path))
            } catch {
                CompareOutput.standardError("kbdsim calibrate: error: \(error)\n")
                failed = true
            }
        }
        if failed { return .failure }
        let result = options.calibration.run(logs)
        for warning in result.warnings { CompareOutput.standardError("kbdsim calibrate: warning: \(warning)\n") }
        if let output = options.output {
            do {
                try FileWriting.write(Array(ModelFile(result).json.utf8), to: output)
            } catch {
                CompareOutput.standardError("kbdsim calibrate: error: cannot write \(output): \(error)\n")
                return .failure
            }
        }
        switch options.format {
        case .table: printOutput(CalibrationReport.table(result, modelFile: options.output))
        case .json: printOutput(CalibrationReport.json(result, modelFile: options.output))
        }
        return .success
    }
}
