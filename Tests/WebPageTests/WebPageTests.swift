import Foundation
import Testing

/// The web page (web/) in a real browser: `web/tests/browser_test.py` builds the site,
/// serves it on 127.0.0.1 and types on it with touch events in headless Chromium (see the
/// script's own description). Debian's `chromium`, `chromium-driver` and `python3-selenium`
/// must be installed (CI installs them): without them this test fails and names them.
@Suite("Web page")
struct WebPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("web page: typing with touch in headless Chromium, portrait and landscape")
    func browserTest() async throws {
        let script = Self.root.appendingPathComponent("web/tests/browser_test.py").path
        // Debian's selenium belongs to Debian's python3.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let (status, text) = try await Self.run("/usr/bin/env", [python, script])
        let failures = text.split(separator: "\n").filter { $0.contains("FAIL") || $0.contains("browser_test:") }
        #expect(
            status == 0,
            "browser_test.py exited with \(status):\n\(failures.isEmpty ? text : failures.joined(separator: "\n"))"
        )
    }

    /// Runs `program` in the package root; its output (and errors) go to a file, read back.
    /// Awaits the exit without holding a thread: the browser test takes half a minute, most of
    /// it Chromium's, and the rest of the suite goes on meanwhile.
    static func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "web-page-test-\(getpid())-\(UUID().uuidString.prefix(8)).log")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try handle.close()
        return (status, try String(contentsOf: outputFile, encoding: .utf8))
    }
}
