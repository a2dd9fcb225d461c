import Foundation
import TestSupport
import Testing
import TypingCalibration

/// `compare --model-file` and `optimize --model-file`: the file's constants take effect, and
/// every report names the file.
@Suite(.serialized) struct ModelFileCLITests {
    static let sample = PackagePaths.root.appendingPathComponent("Tests/TypingEfficiencyTests/Fixtures/sample-hu.txt")
        .path

    static func kbdsim(_ arguments: [String]) -> ToolRun.Result { CalibrateCLITests.kbdsim(arguments) }

    /// A model file with these constants (and no touch spread).
    static func modelFile(_ constants: String, touch: String = "") throws -> (URL, String) {
        let folder = try TemporaryFolder.make("model-file")
        let path = folder.appendingPathComponent("model.json").path
        let text = """
            {"format": "kbdsim-model", "version": 1, "logs": ["p01.json"], "participants": ["p01"],
             "constants": {\(constants)}, "touch": {\(touch)}, "fits": {}}
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    /// The WPM column of a CSV report, per layout.
    static func wpm(_ csv: String) -> [String: Double] {
        let lines = csv.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        guard let header = lines.first, let layout = header.firstIndex(of: "layout"),
            let wpm = header.firstIndex(of: "wpm")
        else { return [:] }
        var out: [String: Double] = [:]
        for line in lines.dropFirst() where line.count == header.count { out[String(line[layout])] = Double(line[wpm]) }
        return out
    }

    @Test func `per-keystroke doubled in the file halves the keystroke model's WPM, and --set goes on top`() throws {
        let (folder, path) = try Self.modelFile("\"per-keystroke\": 0.462")
        defer { TemporaryFolder.remove(folder) }
        let base = [
            "compare", "--layouts", "hu-touch", "--corpus", Self.sample, "--model", "keystrokes", "--format", "csv",
        ]
        let plain = Self.kbdsim(base)
        let fitted = Self.kbdsim(base + ["--model-file", path])
        let overridden = Self.kbdsim(base + ["--model-file", path, "--set", "per-keystroke=0.231"])
        #expect(fitted.status == 0, "\(fitted.error)")
        let (before, after) = (Self.wpm(plain.output)["hu-touch"] ?? 0, Self.wpm(fitted.output)["hu-touch"] ?? 0)
        #expect(before > 0)
        #expect(abs(after - before / 2) < 0.01, "\(before) → \(after)")
        #expect(Self.wpm(overridden.output)["hu-touch"] == before)
        #expect(fitted.output.hasPrefix("corpus,corpus_kind,corpus_bytes,model,model_file,"))
        #expect(fitted.output.contains(",\(path),"))
    }

    @Test func `one-finger.a doubled in the file times as --set does, and each format names the file`() throws {
        let (folder, path) = try Self.modelFile("\"one-finger.a\": 0.166")
        defer { TemporaryFolder.remove(folder) }
        let base = ["compare", "--layouts", "hu-touch,hu-ios", "--corpus", Self.sample]
        let byFile = Self.kbdsim(base + ["--format", "csv", "--model-file", path])
        let bySet = Self.kbdsim(base + ["--format", "csv", "--set", "one-finger.a=0.166"])
        let plain = Self.kbdsim(base + ["--format", "csv"])
        #expect(Self.wpm(byFile.output) == Self.wpm(bySet.output.replacingOccurrences(of: "", with: "")))
        #expect((Self.wpm(byFile.output)["hu-touch"] ?? 0) < (Self.wpm(plain.output)["hu-touch"] ?? 0))
        for (format, text) in [
            ("table", "Model file: \(path)"), ("markdown", "Model file: \(path)"), ("json", "\"modelFile\": "),
        ] {
            let run = Self.kbdsim(base + ["--format", format, "--model-file", path])
            #expect(run.status == 0, "\(format): \(run.error)")
            #expect(run.output.contains(text), "\(format)")
        }
    }

    @Test func `a sweep from a model file's constants names the file in every format`() throws {
        let (folder, path) = try Self.modelFile("\"one-finger.a\": 0.166")
        defer { TemporaryFolder.remove(folder) }
        let base = [
            "compare", "--layouts", "hu-touch,hu-ios", "--corpus", Self.sample, "--model-file", path, "--sweep",
            "hold.ios=0.3:0.5:0.1",
        ]
        for (format, text) in [
            ("table", "Model file: \(path)"), ("markdown", "Model file: \(path)"), ("json", "\"modelFile\": "),
            ("csv", ",model_file\r\n"),
        ] {
            let run = Self.kbdsim(base + ["--format", format])
            #expect(run.status == 0, "\(format): \(run.error)")
            #expect(run.output.contains(text), "\(format)")
        }
    }

    @Test func `the file's touch spread is used by --touch-errors and named, unless --touch-sigma is given`() throws {
        let (folder, path) = try Self.modelFile(
            "\"one-finger.a\": 0.09", touch: "\"x\": {\"alpha\": 0.01, \"sigmaA\": 1.2}")
        defer { TemporaryFolder.remove(folder) }
        let base = ["compare", "--layouts", "hu-touch", "--corpus", Self.sample, "--touch-errors", "--bootstrap", "20"]
        let run = Self.kbdsim(base + ["--model-file", path])
        #expect(run.status == 0, "\(run.error)")
        // The table's title wraps at spaces: read it as one line.
        func flat(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }
        #expect(
            flat(run.output).contains("dual Gaussian σx² = 0.01·W² + 1.44 mm², σy² = 0.0108·H² + 1.33 mm² from \(path)")
        )
        let fixed = Self.kbdsim(base + ["--model-file", path, "--touch-sigma", "2"])
        #expect(flat(fixed.output).contains("σ 2 mm"))
        let builtIn = Self.kbdsim(base)
        #expect(flat(builtIn.output).contains("(Bi & Zhai 2013)"))
    }

    @Test func `optimize --model-file names the file and uses its constants`() throws {
        let (folder, path) = try Self.modelFile("\"one-finger.a\": 0.5")
        defer { TemporaryFolder.remove(folder) }
        let run = Self.kbdsim([
            "optimize", "--layout", "hu-touch", "--corpus", Self.sample, "--vary", "long-press", "--model-file", path,
        ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("a 0.5 s"))
        #expect(run.output.contains("model file \(path)"))
    }

    struct BadFile: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let message: String
        var testDescription: String { name }
    }

    static let badFiles = [
        BadFile(
            name: "an unknown constant",
            text: "{\"format\": \"kbdsim-model\", \"version\": 1, \"logs\": [], "
                + "\"participants\": [], \"constants\": {\"one-fnger.a\": 0.1}, \"fits\": {}}",
            message: "model.json:1:88: constants.one-fnger.a: unknown constant 'one-fnger.a'; did you mean "
                + "'one-finger.a'?; the constants are one-finger.a, one-finger.b, thumb.a, thumb.b, two-thumb.floor, "
                + "hold.ios, hold.android, per-keystroke, one-thumb.a, one-thumb.b, accent.extra"),
        BadFile(
            name: "another version", text: "{\"format\": \"kbdsim-model\", \"version\": 3}",
            message: "model.json:1:39: version: version 3: this kbdsim reads version 1 model files; use a kbdsim "
                + "that reads this version, or calibrate again"),
        BadFile(
            name: "a typing log instead", text: "{\"format\": \"kbdsim-typing-log\", \"version\": 1}",
            message: "model.json:1:12: format: this is not a model file (expected \"format\": \"kbdsim-model\"); "
                + "give a file kbdsim calibrate -o wrote"),
        BadFile(
            name: "a constant out of range",
            text: "{\"format\": \"kbdsim-model\", \"version\": 1, \"logs\": [], "
                + "\"participants\": [], \"constants\": {\"hold.ios\": 99}, \"fits\": {}}",
            message: "model.json:1:100: constants.hold.ios: expected a number of seconds from 0 to 60, found 99"),
    ]

    @Test(arguments: badFiles) func `a bad model file: compare exits 1 with the reader's message`(_ bad: BadFile) throws
    {
        let folder = try TemporaryFolder.make("model-file")
        defer { TemporaryFolder.remove(folder) }
        let path = folder.appendingPathComponent("model.json").path
        try bad.text.write(toFile: path, atomically: true, encoding: .utf8)
        let run = Self.kbdsim(["compare", "--layouts", "hu-touch", "--corpus", Self.sample, "--model-file", path])
        #expect(run.status == 1)
        #expect(
            run.error == "kbdsim compare: error: " + bad.message.replacingOccurrences(of: "model.json", with: path)
                + "\n")
    }
}
