import Foundation
import Testing

/// Golden files in a folder next to the tests. `RECORD_SNAPSHOTS=1 swift test` rewrites
/// them, and fails, so that a recording run is never mistaken for a passing one.
///
/// A test target keeps one: `let goldenFiles = GoldenFiles(beside: #filePath)` reads
/// `Golden/` next to that file; `goldenFiles.check(screen, "hu-touch.txt")`.
public struct GoldenFiles: Sendable {
    /// The folder of the golden files.
    public let directory: URL

    /// The folder `folder` next to the file at `filePath` (pass `#filePath`).
    public init(_ folder: String = "Golden", beside filePath: String) {
        directory = PackagePaths.folder(of: filePath).appendingPathComponent(folder)
    }

    /// Compares `actual` with the golden file `name` (which may name a subfolder); records
    /// it instead when `RECORD_SNAPSHOTS=1`.
    public func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(name); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from golden \(name)", sourceLocation: sourceLocation)
    }
}
