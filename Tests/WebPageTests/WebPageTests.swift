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
    func browserTest() throws {
        let script = Self.root.appendingPathComponent("web/tests/browser_test.py").path
        // Debian's selenium belongs to Debian's python3.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script]
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let failures = text.split(separator: "\n").filter { $0.contains("FAIL") || $0.contains("browser_test:") }
        #expect(
            process.terminationStatus == 0,
            "browser_test.py exited with \(process.terminationStatus):\n\(failures.isEmpty ? text : failures.joined(separator: "\n"))"
        )
    }
}
