import Foundation
import TestSupport
import Testing

/// The web page's typing test (web/src/typing-test/, docs/typing-test.md): its measures in
/// Node, its plans against the planner, and a whole simulated session in headless Chromium.
@Suite("Web page: typing test")
struct TypingTestTests {
    /// Debian's selenium and jsonschema belong to Debian's python3.
    static let python =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

    /// The lines of a run's output that say what failed, or all of it.
    static func failures(_ result: ToolRun.Result) -> String {
        let text = result.output + result.error
        let lines = text.split(separator: "\n").filter {
            $0.contains("FAIL") || $0.contains(": error") || $0.hasPrefix("generate_")
        }
        return lines.isEmpty ? text : lines.joined(separator: "\n")
    }

    @Test("typing test: measures and counterbalancing, known answers in Node")
    func measures() async throws {
        let node = try #require(
            ToolRun.path(of: "node"), "node is not on PATH (Debian's nodejs; tools/install-deps.sh)")
        let script = PackagePaths.root.appendingPathComponent("web/tests/measures_test.mjs").path
        let result = await ToolRun.run([node, script], timeout: 120)
        #expect(result.status == 0, "measures_test.mjs exited with \(result.status):\n\(Self.failures(result))")
    }

    @Test("typing test: plans.json is what the planner types now, and the phrases keep the rules")
    func plansAreCurrent() async throws {
        let script = PackagePaths.root.appendingPathComponent("tools/generate_typing_plans.py").path
        let kbdsim = BuiltProducts.expectedPath(of: "kbdsim")
        let result = await ToolRun.run([Self.python, script, "--check", "--kbdsim", kbdsim], timeout: 600)
        #expect(
            result.status == 0,
            "run tools/generate_typing_plans.py (plans.json is stale or a phrase breaks a rule):\n\(Self.failures(result))"
        )
    }

    @Test("typing test: a simulated session in headless Chromium, its log checked, then kbdsim calibrate on it")
    func session() async throws {
        let script = PackagePaths.root.appendingPathComponent("web/tests/typing_test_session.py").path
        let kbdsim = BuiltProducts.expectedPath(of: "kbdsim")
        let result = await ToolRun.run([Self.python, script, "--kbdsim", kbdsim], timeout: 1800)
        #expect(result.status == 0, "typing_test_session.py exited with \(result.status):\n\(Self.failures(result))")
    }
}
