import Foundation
import TestSupport
import Testing
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
        for (name, text) in logs {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func `the table report of one fixed synthetic log`() throws {
        let folder = try Self.folder(["p01.json": SyntheticLogs.log(phrases: 20, seed: 11)])
        defer { TemporaryFolder.remove(folder) }
        let model = folder.appendingPathComponent("model.json").path
        let run = Self.kbdsim([
            "calibrate", folder.appendingPathComponent("p01.json").path, "-o", model, "--bootstrap", "200",
        ])
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

    @Test func `a log that fails: exit 1, its message, and no model file written`() throws {
        let broken = SyntheticLogs.log(phrases: 2, seed: 1).replacingOccurrences(
            of: "\"version\": 1", with: "\"version\": 2")
        let folder = try Self.folder(["good.json": SyntheticLogs.log(phrases: 5, seed: 2), "v2.json": broken])
        defer { TemporaryFolder.remove(folder) }
        let model = folder.appendingPathComponent("model.json").path
        let v2 = folder.appendingPathComponent("v2.json").path
        let run = Self.kbdsim(["calibrate", folder.appendingPathComponent("good.json").path, v2, "-o", model])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("kbdsim calibrate: error: \(v2):1:"))
        #expect(run.error.contains("version: version 2: this kbdsim reads version 1 logs"))
        #expect(!FileManager.default.fileExists(atPath: model))
        #expect(run.output.isEmpty)
    }

    @Test func `warnings: assumed millimetres and several postures; JSON for programs`() throws {
        let folder = try Self.folder([
            "a.json": SyntheticLogs.log(phrases: 6, seed: 3, measured: false),
            "b.json": SyntheticLogs.log(
                SyntheticLogs.huIOS, posture: .oneThumb, participant: "p02", phrases: 6, seed: 4),
        ])
        defer { TemporaryFolder.remove(folder) }
        let paths = ["a.json", "b.json"].map { folder.appendingPathComponent($0).path }
        let run = Self.kbdsim(["calibrate"] + paths + ["--format", "json", "--bootstrap", "50"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("warning: millimetres are assumed at 96 px/in, not measured"))
        #expect(
            run.error.contains("warning: the logs are of 2 postures (one-finger, one-thumb): the fits are per posture"))
        #expect(!run.error.contains("one participant only"))
        #expect(run.output.contains("\"one-thumb.a\": {\"estimate\": "))
        #expect(run.output.contains("\"modelFile\": null"))
    }

    @Test func `calibrate --help documents the exit statuses`() {
        let run = Self.kbdsim(["calibrate", "--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("usage: kbdsim calibrate LOG.json …"))
        #expect(run.output.contains("Exit status: 0 fitted"))
    }

    /// The generator and the schema agree: a synthetic log (long-presses included) validates
    /// against docs/typing-log.schema.json with Python's jsonschema.
    @Test(.enabled(if: ToolRun.available("python3"))) func `a synthetic log validates against the JSON schema`() throws
    {
        let folder = try Self.folder(["log.json": SyntheticLogs.log(SyntheticLogs.huIOS, phrases: 3, seed: 6)])
        defer { TemporaryFolder.remove(folder) }
        let schema = PackagePaths.root.appendingPathComponent("docs/typing-log.schema.json").path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            log = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker()).validate(log)
            print("valid")
            """
        let run = ToolRun.run(
            ["python3", "-c", script, schema, folder.appendingPathComponent("log.json").path], timeout: 60)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "valid\n")
    }
}
