import Foundation
import TestSupport
import Testing

/// The web page (web/) in a real browser: `web/tests/browser_test.py` builds the site,
/// serves it on 127.0.0.1 and types on it with touch events in headless Chromium (see the
/// script's own description). Debian's `chromium`, `chromium-driver` and `python3-selenium`
/// must be installed (CI installs them): without them this test fails and names them.
@Suite("Web page")
struct WebPageTests {
    @Test("web page: typing with touch in headless Chromium, portrait and landscape")
    func browserTest() async throws {
        let script = PackagePaths.root.appendingPathComponent("web/tests/browser_test.py").path
        // Debian's selenium belongs to Debian's python3.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        // Awaited, not waited for: the other tests go on during Chromium's half minute.
        let result = await ToolRun.run([python, script], timeout: 1800)
        let text = result.output + result.error
        let failures = text.split(separator: "\n").filter { $0.contains("FAIL") || $0.contains("browser_test:") }
        #expect(
            result.status == 0,
            "browser_test.py exited with \(result.status):\n\(failures.isEmpty ? text : failures.joined(separator: "\n"))"
        )
    }
}
