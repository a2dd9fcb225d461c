import Foundation

/// Messages of `kbdsim compare` on standard error, and the progress line.
enum CompareOutput {
    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func error(_ message: String) { standardError("kbdsim compare: error: \(message)\n") }

    static func warning(_ message: String) { standardError("kbdsim compare: warning: \(message)\n") }
}

/// A progress line on standard error, shown only once a comparison has taken a second.
final class CompareProgress: @unchecked Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds
    private var shown = false

    private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Called after each batch of chunks.
    func update(bytes: Int, total: Int?) {
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
