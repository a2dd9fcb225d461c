import Foundation
import LayoutEngine
import TypingEfficiency

/// `kbdsim compare --sweep NAME=FROM:TO:STEP`: the layouts measured at every value of one
/// model constant, in one pass over the corpus, printed as a sweep instead of the report.
enum CompareSweep {
    /// Runs the sweep and prints it; the exit status as `CompareCommand.run`'s.
    static func run(
        _ sweep: ConstantSweep, _ options: CompareOptions, _ layouts: [Layout], _ input: ComparisonInput
    ) -> ExitStatus {
        let progress = CompareProgress()
        var report: SweepReport
        do {
            report = try sweep.run(
                layouts: layouts, model: options.model, constants: options.constants, input: input,
                workers: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount, progress: progress.update)
        } catch {
            progress.finish()
            CompareOutput.error("\(error)")
            return .failure
        }
        progress.finish()
        report.modelFile = options.modelFile
        CompareOutput.corpusWarnings(report.corpus)
        if report.corpus.isEmpty {
            CompareOutput.error(
                "the corpus \(CompareCommand.corpusName(options, report.corpus)) is empty: nothing to measure")
            return .failure
        }
        printOutput(ReportFormatter.sweep(report, as: options.format))
        return .success
    }
}
