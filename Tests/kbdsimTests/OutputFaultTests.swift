import Foundation
import Testing

/// Every command whose standard output cannot be written (full, closed) says so and exits
/// 74 rather than 0: its report, export or test results would otherwise be lost in silence.
/// A standard error that cannot be written changes nothing but the message.
@Suite struct OutputFaultTests {
    static let sample = KbdsimBinary.packageRoot.appendingPathComponent(
        "Tests/TypingEfficiencyTests/Fixtures/sample-hu.txt"
    ).path
    static let keyboardTest = KbdsimBinary.packageRoot.appendingPathComponent(
        "Tests/LDMLKeyboardsTests/Fixtures/spec-markers-test.xml"
    ).path

    @Test(
        "standard output full (/dev/full): exit 74 and one line naming the command",
        arguments: [
            ["compare", "--layouts", "hu-touch", "--corpus", Self.sample],
            ["compare", "--layouts", "hu-touch", "--corpus", Self.sample, "--sweep", "one-finger.a=0.05:0.1:0.05"],
            ["compare", "--help"],
            ["export", "--format", "ldml", "hu-touch"],
            ["optimize", "--layout", "hu-touch", "--corpus", Self.sample, "--vary", "accents"],
            ["test-keyboard", Self.keyboardTest],
            ["ibus", "--help"],
            ["--keys", "a ´"],
        ])
    func fullOutput(_ arguments: [String]) throws {
        let result = try Subprocess.run(
            ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full", KbdsimBinary.path] + arguments)
        let command =
            ["compare", "export", "optimize", "test-keyboard", "ibus"].contains(arguments[0])
            ? "kbdsim \(arguments[0])" : "kbdsim"
        #expect(result.status == 74, "stderr: \(result.error)")
        #expect(result.error.hasSuffix("\(command): error: cannot write standard output: No space left on device\n"))
    }

    @Test(
        "standard error full (/dev/full): an error still ends with its own exit status, no crash",
        arguments: [
            (["ibus", "frob"], 64), (["compare", "--jobs", "0"], 64), (["export", "--format", "pdf", "hu-touch"], 64),
            (["export", "--format", "ldml", "hu-touch", "-o", "/nonexistent-folder/x.xml"], 1),
            (["test-keyboard", "/nonexistent-test.xml"], 1), (["test-keyboard", "--frob"], 64),
            (["optimize", "--vary", "frob"], 64), (["--layout", "nope"], 64), (["--layouts-dir"], 64),
        ] as [([String], Int32)])
    func fullError(_ arguments: [String], _ status: Int32) throws {
        let result = try Subprocess.run(
            ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2> /dev/full", KbdsimBinary.path] + arguments)
        #expect(result.status == status, "\(arguments)")
    }

    @Test("standard output closed: compare and export exit 74, no crash")
    func closedOutput() throws {
        let commands = [
            ["compare", "--layouts", "hu-touch", "--corpus", Self.sample], ["export", "--format", "ldml", "hu-touch"],
        ]
        for arguments in commands {
            let result = try Subprocess.run(["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-", KbdsimBinary.path] + arguments)
            #expect(result.status == 74, "\(arguments[0]): \(result.error)")
            #expect(result.error.hasSuffix("cannot write standard output: Bad file descriptor\n"))
        }
    }

    @Test("standard output closed: the report goes to no file opened later (the SVG pictures hold pictures)")
    func closedOutputKeepsFilesApart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("closed-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Subprocess.run(
            ["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-", KbdsimBinary.path, "compare", "--layouts", "hu-touch,hu-ios"]
                + ["--corpus", Self.sample, "--svg", folder.path])
        #expect(result.status == 74, "\(result.error)")
        for name in ["hu-touch-heatmap.svg", "hu-ios-heatmap.svg", "comparison.svg"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasPrefix("<svg "), "\(name)")
            #expect(!text.contains("keystrokes    KSPC"), "\(name)")
        }
    }

    @Test("export -o /dev/stdout writes into standard output; the device stays a link")
    func outputToStandardOutput() throws {
        let result = try KbdsimBinary.run(["export", "--format", "ldml", "hu-touch", "-o", "/dev/stdout"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("<?xml"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")) != nil)
    }
}
