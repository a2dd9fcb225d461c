import Foundation
import TypingEfficiency

/// Messages of `kbdsim compare` on standard error, and the progress line.
enum CompareOutput {
    static func standardError(_ text: String) {
        printError(text)
    }

    static func error(_ message: String) { standardError("kbdsim compare: error: \(message)\n") }

    static func warning(_ message: String) { standardError("kbdsim compare: warning: \(message)\n") }

    /// Something worth knowing about a measurement that is not wrong.
    static func note(_ message: String) { standardError("kbdsim compare: note: \(message)\n") }

    /// What was wrong with the corpus, a few lines per source at most: the first invalid
    /// sequences then a count, NUL bytes, long lines, and a hint when a file looks binary.
    static func corpusWarnings(_ corpus: CorpusSummary) {
        guard !corpus.problems.isEmpty else {
            // A word list: its invalid sequences as they are.
            for invalid in corpus.invalidSequences { warning("\(invalid)") }
            if corpus.invalidCount > corpus.invalidSequences.count {
                warning("\(corpus.invalidCount - corpus.invalidSequences.count) more invalid UTF-8 sequences")
            }
            return
        }
        for source in corpus.problems {
            for invalid in source.invalid.kept { warning("\(invalid)") }
            if source.invalid.count > source.invalid.kept.count {
                warning(
                    "\(source.source): \(source.invalid.count - source.invalid.kept.count) more invalid UTF-8 sequences "
                        + "not listed (\(source.invalid.count) in all, \(source.invalid.bytes) bytes skipped)")
            }
            if source.nulCount > 0 {
                warning(
                    "\(source.source): byte \(source.firstNulOffset ?? 0): \(source.nulCount) NUL byte"
                        + "\(source.nulCount == 1 ? "" : "s") in all, counted as the untypeable character U+0000")
            }
            for line in source.longLines { warning("\(line)") }
            if source.longLineCount > source.longLines.count {
                warning("\(source.source): \(source.longLineCount - source.longLines.count) more such long lines")
            }
            if source.looksBinary {
                let share = Double(source.invalid.bytes + source.nulCount) / Double(max(1, source.bytes)) * 100
                warning(
                    "\(source.source): looks like binary data, not UTF-8 text ("
                        + String(format: "%.0f", share) + "% of its \(source.bytes) bytes are invalid UTF-8 or NUL); "
                        + "only its valid text is measured")
            }
        }
    }
}

/// A progress line on standard error, shown only when standard error is a terminal (a log
/// file or a pipe gets no `\r` lines) and once a comparison has taken a second.
final class CompareProgress: @unchecked Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds
    private let isTerminal: Bool
    private var shown = false

    /// A progress line for standard error, or one that never shows when `isTerminal` is false.
    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Called after each batch of chunks.
    func update(bytes: Int, total: Int?) {
        guard isTerminal else { return }
        let seconds = elapsed
        guard seconds >= 1 else { return }
        shown = true
        var line = "\rcompare: \(Self.megabytes(bytes))"
        if let total, total > 0 {
            line += " of \(Self.megabytes(total)) (\(Int(Double(bytes) / Double(total) * 100))%)"
        }
        line += String(format: ", %.1f MB/s  ", Double(bytes) / 1e6 / seconds)
        CompareOutput.standardError(line)
    }

    /// Ends the progress line, if one was shown.
    func finish() {
        if shown { CompareOutput.standardError("\n") }
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
}
