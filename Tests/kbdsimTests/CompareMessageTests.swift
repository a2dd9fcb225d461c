import Foundation
import TestSupport
import Testing

/// What `kbdsim compare` says on standard error: misspelled options answered with the
/// nearest known one, corpora named by the path given, progress lines on a terminal only.
@Suite("kbdsim compare messages")
struct CompareMessageTests {
    @Test(
        "a misspelled option or value: exit 64, the nearest known one suggested",
        arguments: [
            (["--detial"], "unknown option '--detial'; did you mean '--detail'?"),
            (["--corpsu", "a.txt"], "unknown option '--corpsu'; did you mean '--corpus'?"),
            (["--layuots", "hu-touch"], "unknown option '--layuots'; did you mean '--layouts'?"),
            (["--model", "two-thumbs"], "invalid value 'two-thumbs' for '--model'; did you mean 'two-thumb'?"),
            (["--format", "jsno"], "invalid value 'jsno' for '--format'; did you mean 'json'?"),
            (["--set", "thumb.aa=1"], "unknown constant 'thumb.aa' in '--set'; did you mean 'thumb.a'?"),
            (["hu.txt"], "unexpected argument 'hu.txt'; give a corpus with --corpus hu.txt"),
        ])
    func didYouMean(_ arguments: [String], _ message: String) throws {
        let result = try CompareCommandTests.run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains("kbdsim compare: error: " + message), "\(result.error)")
        #expect(result.error.contains("usage: kbdsim compare"))
    }

    @Test(
        "constants under which a tap takes no time: exit 64, naming them, before the corpus is read",
        arguments: [
            (["--set", "one-finger.a=0", "--set", "one-finger.b=0"], "one-finger.a and one-finger.b are both 0"),
            (
                ["--model", "two-thumb", "--set", "thumb.a=0", "--set", "thumb.b=0", "--set", "two-thumb.floor=0"],
                "thumb.a, thumb.b and two-thumb.floor are all 0"
            ),
            (
                ["--model", "one-thumb", "--set", "one-thumb.a=0", "--set", "one-thumb.b=0"],
                "one-thumb.a and one-thumb.b are both 0"
            ),
            (["--model", "keystrokes", "--set", "per-keystroke=0"], "per-keystroke is 0; set it above 0"),
            (["--layouts", "xkb:hu", "--set", "per-keystroke=0"], "a tap on xkb:hu takes no time"),
            (
                ["--set", "one-finger.b=0", "--sweep", "one-finger.a=0:0.1:0.05"],
                "a tap on hu-touch takes no time at one-finger.a=0 of the sweep, so no speed can be measured: one-finger.a and one-finger.b are both 0; set one of them above 0"
            ),
        ])
    func timelessTap(_ arguments: [String], _ message: String) throws {
        // The corpus does not exist: the constants are refused before it is opened.
        let result = try CompareCommandTests.run(arguments + ["--corpus", "/nonexistent/corpus.txt"])
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.error.contains("kbdsim compare: error: a tap on "))
        #expect(result.error.contains("so no speed can be measured"))
    }

    @Test("optimize refuses the same constants: every layout would be as fast as any other")
    func optimizeTimelessTap() throws {
        let result = try CompareCommandTests.run(
            [
                "--layout", "hu-touch", "--corpus", CompareCommandTests.sample, "--set", "one-finger.a=0", "--set",
                "one-finger.b=0",
            ], command: "optimize")
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "kbdsim optimize: error: a tap takes no time, so every layout is as fast as any other: "
                    + "one-finger.a and one-finger.b are both 0; set one of them above 0"), "\(result.error)"
        )
    }

    @Test(
        "optimize on a layout that is no layout file: says what it is and what optimize takes",
        arguments: [
            ("cldr:fr", "a CLDR keyboard"), ("xkb:hu", "an XKB hardware layout"), ("kmx:x.kmx", "a Keyman keyboard"),
            ("m17n:latn-post", "an m17n input method"), ("my.xml", "a CLDR keyboard file"),
            ("my.xml(hardware)", "a CLDR keyboard file"),
        ])
    func optimizeOtherKinds(_ id: String, _ kind: String) throws {
        let result = try CompareCommandTests.run(
            ["--layout", id, "--corpus", CompareCommandTests.sample, "--vary", "accents"], command: "optimize")
        #expect(result.status == 1)
        #expect(
            result.error.hasPrefix(
                "kbdsim optimize: error: \(id) is \(kind): optimize rearranges the rows, accent keys and long-press "
                    + "lists of a layout .json file; give a shipped id (cs-touch, "))
    }

    @Test("optimize with standard input twice as its corpus: a usage error, nothing read")
    func optimizeStandardInputTwice() throws {
        let result = try CompareCommandTests.run(
            ["--layout", "hu-touch", "--corpus", "-", "--corpus", "-"], input: Data("alma\n".utf8), command: "optimize")
        #expect(result.status == 64)
        #expect(result.error.contains("--corpus - is given twice; standard input can be read once"), "\(result.error)")
    }

    @Test("optimize -o to a place it cannot write: refused before the search, with the path and the fix")
    func optimizeUnwritableOutput() throws {
        let folder = try TemporaryFolder.make("optimize-o")
        defer { TemporaryFolder.remove(folder) }
        let output = folder.appendingPathComponent("missing/hu-touch-opt.json").path
        let result = try CompareCommandTests.run(
            ["--layout", "hu-touch", "--corpus", CompareCommandTests.sample, "--vary", "accents", "-o", output],
            command: "optimize")
        #expect(result.status == 1)
        #expect(
            result.error
                == "kbdsim optimize: error: \(output): the folder it goes in does not exist; create the folder or "
                + "give another path; nothing searched\n")
        #expect(result.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("one constant of 0 alone still times every move: the comparison runs")
    func oneZeroConstant() throws {
        for constant in ["one-finger.a=0", "one-finger.b=0"] {
            let result = try CompareCommandTests.run(
                ["--layouts", "hu-touch", "--set", constant, "--corpus", "-", "--format", "csv"],
                input: Data("Győr és Pécs\n".utf8))
            #expect(result.status == 0, "\(constant): \(result.error)")
        }
    }

    @Test("a layout that types none of the corpus is measured, with a warning that says so")
    func nothingTyped() throws {
        let result = try CompareCommandTests.run(
            ["--layouts", "hu-touch,hu-ios", "--corpus", "-", "--format", "csv"], input: Data("😀😀ș\n".utf8))
        #expect(result.status == 0)
        #expect(
            result.error.contains(
                "kbdsim compare: warning: hu-touch types none of the corpus's characters (all 3 are untypeable on it)"),
            "\(result.error)")
        #expect(result.error.contains("warning: hu-ios types none"))
        let typed = try CompareCommandTests.run(
            ["--layouts", "hu-touch", "--corpus", "-", "--format", "csv"], input: Data("😀 a\n".utf8))
        #expect(!typed.error.contains("types none"), "\(typed.error)")
    }

    @Test("an option far from every known one gets no suggestion")
    func noSuggestion() throws {
        let result = try CompareCommandTests.run(["--frobnicate"])
        #expect(result.status == 64)
        #expect(result.error.contains("unknown option '--frobnicate'\n"))
    }

    @Test("an empty corpus is named by the path given, not by its last component")
    func emptyCorpusPath() throws {
        let result = try CompareCommandTests.run(["--corpus", "/dev/null"])
        #expect(result.status == 1)
        #expect(result.error.contains("error: the corpus /dev/null is empty (0 bytes): nothing to measure"))
        #expect(!result.error.contains("(null)"))
        let input = try CompareCommandTests.run(["--corpus", "-"], input: Data())
        #expect(input.error.contains("the corpus standard input is empty (0 bytes)"))
    }

    /// A new pseudo-terminal: the primary side's descriptor and the secondary side's path.
    /// (Glibc's `posix_openpt` is not visible to Swift; these are its two `ioctl`s, whose
    /// numbers are the same on every Linux architecture Swift runs on.)
    static func openTerminal() -> (Int32, String)? {
        let unlock: UInt = 0x4004_5431  // TIOCSPTLCK
        let number: UInt = 0x8004_5430  // TIOCGPTN
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard primary >= 0 else { return nil }
        var locked: Int32 = 0
        var index: UInt32 = 0
        guard ioctl(primary, unlock, &locked) == 0, ioctl(primary, number, &index) == 0 else {
            close(primary)
            return nil
        }
        return (primary, "/dev/pts/\(index)")
    }

    /// Runs `kbdsim compare --corpus -` with standard error on a pipe or on a terminal, its
    /// input arriving in two parts 1.2 s apart, so that the comparison takes over a second;
    /// returns what standard error got.
    static func slowRun(errorOnTerminal: Bool) throws -> (status: Int32, error: String) {
        let binary = try #require(CompareCommandTests.binary, "kbdsim is not built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["compare", "--layouts", "hu-touch", "--corpus", "-", "--format", "csv"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        var terminal: (primary: Int32, secondary: FileHandle)?
        let errorPipe = Pipe()
        if errorOnTerminal {
            let (primary, name) = try #require(Self.openTerminal(), "no pseudo-terminal (/dev/ptmx)")
            // O_NOCTTY: the terminal must not become the test process's own.
            let descriptor = open(name, O_RDWR | O_NOCTTY)
            try #require(descriptor >= 0, "cannot open \(name)")
            let secondary = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            terminal = (primary, secondary)
            process.standardError = secondary
        } else {
            process.standardError = errorPipe
        }
        try process.run()
        // Lines a little apart for four seconds: however long kbdsim takes to start on a loaded
        // machine (up to about three seconds), it still reads for more than a second.
        for town in ["Győr", "Pécs", "Eger", "Szeged", "Sopron"] {
            input.fileHandleForWriting.write(Data((town + "\n").utf8))
            if town != "Sopron" { Thread.sleep(forTimeInterval: 1.0) }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        var error = Data()
        if let terminal {
            // What the child wrote waits in the terminal. The secondary side stays open here, so
            // the terminal never hangs up (which could drop output not yet passed on); reading
            // stops once nothing more comes for half a second.
            var buffer = [UInt8](repeating: 0, count: 4096)
            var ready = pollfd(fd: terminal.primary, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 500) == 1 {
                let count = read(terminal.primary, &buffer, buffer.count)
                if count <= 0 { break }
                error.append(contentsOf: buffer[0..<count])
            }
            try terminal.secondary.close()
            close(terminal.primary)
        } else {
            error = errorPipe.fileHandleForReading.readDataToEndOfFile()
        }
        return (process.terminationStatus, String(decoding: error, as: UTF8.self))
    }

    @Test("progress lines only when standard error is a terminal", arguments: [false, true])
    func progress(_ onTerminal: Bool) throws {
        let run = try Self.slowRun(errorOnTerminal: onTerminal)
        #expect(run.status == 0)
        #expect(run.error.contains("\rcompare: ") == onTerminal, "\(run.error.debugDescription)")
    }
}
