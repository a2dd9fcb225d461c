import Foundation
import FuzzChecks
import LayoutEngine
import Testing

/// Inputs that fuzzing once found to fail, kept in `Fixtures/fuzz/` (named after their
/// target: `loader-*`, `session-*`, `planner-*`, `reader-*`) and replayed through the same checks.
struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz")

    static let inputs: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()

    @Test("every kept input passes its fuzz target's checks", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let problems: [String]
        if name.hasPrefix("loader-") {
            problems = FuzzChecks.layoutLoader(bytes)
        } else if name.hasPrefix("session-") {
            problems = FuzzChecks.typingSession(bytes)
        } else if name.hasPrefix("planner-") {
            problems = FuzzChecks.planner(bytes)
        } else if name.hasPrefix("reader-") {
            problems = FuzzChecks.corpusReader(bytes)
        } else {
            Issue.record("\(name): name it after its target (loader-, session-, planner-, reader-)")
            return
        }
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))")
    }

    @Test("the shipped layouts and the invalid fixtures pass the loader's checks")
    func seeds() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/invalid")
        let paths =
            LayoutCatalog.shippedIDs().map(LayoutCatalog.path(of:))
            + ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).map {
                fixtures.appendingPathComponent($0).path
            }
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(FuzzChecks.layoutLoader(bytes).isEmpty, "\(path)")
        }
    }
}
