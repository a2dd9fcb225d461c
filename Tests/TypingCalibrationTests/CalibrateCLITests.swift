import Foundation
import Testing
import TestSupport
import TypingCalibration

private let goldenFiles = GoldenFiles(beside: #filePath)

/// `kbdsim calibrate` as a user runs it: logs in, a report and a model file out.
@Suite(.serialized) struct CalibrateCLITests {
    static func kbdsim(_ arguments: [String]) -> ToolRun.Result {
        ToolRun.run([BuiltProducts.expectedPath(of: "kbdsim")] + arguments, timeout: 60)
    }

    /// Writes `logs` (name → text) into a new folder; returns it.
    static func folder(_ logs: [String: String]) throws -> URL {
        let folder = try TemporaryFolder.make("calibrate")
        for (name, text) in logs { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func `the table report of one fixed synthetic log`() throws {
        let folder = try Self.folder(["p01.json": SyntheticLogs.log(phrases: 20, seed: 11)])
        defer { TemporaryFolder.remove(folder) }
        let model = folder.appendingPathComponent("model.json").path
        let run = Self.kbdsim(["calibrate", folder.appendingPathComponent("p01.json").path, "-o", model, "--bootstrap", "200"])
        #expect(run.status == 0, "\(run.error)")
        goldenFiles.check(run.output.replacingOccurrences(of: folder.path + "/", with: ""), "p01-table.txt")
        #expect(run.error.contains("warning: one participant only (p01): the constants describe one person"))
        let file = try ModelFile.read(path: model)
        #expect(file.participants == ["p01"])
        // hu-touch types accents with its accent keys: no long-press, so no hold (the report says why).
        #expect(file.constants.map(\.name) == ["one-finger.a", "one-finger.b", "accent.extra"])
        #expect(run.output.contains("hold.ios: not enough data: 0 long-presses with a choice, at least 3 needed"))
        #expect(file.touchY != nil)
    }
}
