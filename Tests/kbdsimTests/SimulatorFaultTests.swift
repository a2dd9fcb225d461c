import Foundation
import Testing

/// Fault tests (issue #6): no way out of `kbdsim` leaves a broken terminal, and no bad stream
/// crashes it. Under tmux: SIGTERM, SIGHUP and SIGINT while typing, a 20×5 terminal, a layout
/// file deleted while it runs. Without a terminal: standard input at end of file, standard
/// output closed.
@Suite(
    .enabled(
        if: TmuxSession.available, "tmux is not installed: the terminal fault tests are skipped (.ci/run installs it)")
)
struct SimulatorFaultTmuxTests {
    /// Runs kbdsim in the pane from `sh`, in the session's directory, `stty -g` taken before and
    /// after in the same pane; waits for the first frame (a status line starting with `ready`).
    static func start(_ session: TmuxSession, _ arguments: [String] = [], ready: String = " hu-touch · base") throws {
        let quoted = ([KbdsimBinary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        try session.run(
            "cd '\(session.directory.path)' && sh -c 'stty -g > before; \"$0\" \"$@\" > out.txt; echo $? > status; "
                + "stty -g > after; echo EXIT=$(cat status)' \(quoted)")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(ready) } }
        #expect(ok, "kbdsim did not draw its first frame:\n\(lines.joined(separator: "\n"))")
    }

    /// Waits for kbdsim and the `stty -g` after it; returns its exit status.
    static func finish(_ session: TmuxSession) throws -> Int32? {
        let (lines, ok) = try session.waitFor { _ in session.read("after")?.isEmpty == false }
        #expect(ok, "kbdsim did not exit:\n\(lines.joined(separator: "\n"))")
        return session.read("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Waits for kbdsim to end with `status`, checks that the terminal is restored and that
    /// it printed `text` and a line break.
    static func expectEnded(
        _ session: TmuxSession, status: Int32, printing text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(try finish(session) == status, sourceLocation: sourceLocation)
        try expectRestored(session, sourceLocation: sourceLocation)
        #expect(session.read("out.txt") == text + "\n", sourceLocation: sourceLocation)
    }

    /// Checks that the terminal is as it was: the same `stty -g`, the main screen back, the
    /// cursor shown, mouse reports off, and no piece of the simulator left on the screen.
    static func expectRestored(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = session.read("before")
        #expect(before?.isEmpty == false, "no stty -g before", sourceLocation: sourceLocation)
        #expect(before == session.read("after"), "stty -g differs after kbdsim", sourceLocation: sourceLocation)
        let flags = try session.tmux(
            "display-message", "-p", "-t", "main", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}")
        #expect(
            flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1 0",
            "alternate screen, cursor shown, mouse reports: \(flags)", sourceLocation: sourceLocation)
        let lines = try session.capture()
        #expect(
            !lines.contains { $0.contains("┌") || $0.contains("· base ·") }, "\(lines.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }

    @Test(
        "SIGTERM, SIGHUP, SIGINT, SIGQUIT while typing: the terminal restored, exit 128+signal, the text printed",
        arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func signal(_ number: Int32) throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session)
        try session.send("k", "a", "\\;", "b")
        let (lines, typed) = try session.waitFor { $0.contains { $0.hasPrefix(" káb") } }
        #expect(typed, "the keys did not show:\n\(lines.joined(separator: "\n"))")
        let pid = try #require(try session.process(named: "kbdsim"), "no kbdsim process in the pane")
        kill(pid, number)
        try Self.expectEnded(session, status: 128 + number, printing: "káb")
    }

    @Test("the terminal hangs up (the pane is killed) while typing: kbdsim exits 129 and prints the text")
    func hangUp() throws {
        let session = try TmuxSession()
        defer { session.close() }
        // sh ignores SIGHUP, so that it outlives the terminal and writes kbdsim's status.
        try session.run(
            "cd '\(session.directory.path)' && sh -c 'trap \"\" HUP; \"$0\" > out.txt; echo $? > status' "
                + "'\(KbdsimBinary.path)'")
        let (lines, ready) = try session.waitFor { $0.contains { $0.hasPrefix(" hu-touch · base") } }
        #expect(ready, "kbdsim did not draw its first frame:\n\(lines.joined(separator: "\n"))")
        try session.send("k", "a", "\\;", "b")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" káb") } }
        let pid = try #require(try session.process(named: "kbdsim"), "no kbdsim process in the pane")
        let shell = Self.parent(of: pid)
        defer {
            // Whatever happened, nothing outlives the test.
            kill(pid, SIGKILL)
            if let shell { kill(shell, SIGKILL) }
        }
        try session.tmux("kill-pane", "-t", "main")
        let deadline = Date().addingTimeInterval(10)
        while session.read("status")?.hasSuffix("\n") != true, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(session.read("status") == "129\n", "kbdsim did not exit on hang-up")
        #expect(session.read("out.txt") == "káb\n")
    }

    /// The parent process of `pid`, from /proc.
    static func parent(of pid: Int32) -> Int32? {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("PPid:") }
        return line.flatMap { Int32($0.dropFirst(5).trimmingCharacters(in: .whitespaces)) }
    }

    @Test("a 20×5 terminal says it is too small and draws nothing outside it; back at 80×24 a clean full frame")
    func tinyTerminal() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.tmux("set-option", "-g", "window-size", "manual")
        try Self.start(session)
        try session.send("G", "y", "o", "'")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" Gyö") } }

        try session.tmux("resize-window", "-t", "main:", "-x", "20", "-y", "5")
        let size = try session.tmux("display-message", "-p", "-t", "main", "#{pane_width}x#{pane_height}")
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "20x5")
        let expected = ["Terminal too small:…", "hu-touch needs at l…", "Enlarge it, or pres…", "Keys typed meanwhil…"]
        let (small, said) = try session.waitFor { lines in
            lines.contains { $0.contains("Terminal too small") } && !lines.contains { $0.contains("┌") }
        }
        #expect(said, "no too-small message at 20×5:\n\(small.joined(separator: "\n"))")
        let drawn = small.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(small.filter { !$0.isEmpty }.count <= 5, "more than 5 lines: \(small)")
        #expect(small.allSatisfy { $0.count <= 20 }, "a line wider than 20 columns: \(small)")
        #expect(drawn == expected, "the message, truncated to 20 columns, and nothing else: \(small)")

        try session.tmux("resize-window", "-t", "main:", "-x", "80", "-y", "24")
        let (back, redrawn) = try session.waitFor { lines in
            lines.count >= 24 && lines[22].hasPrefix(" hu-touch · base") && !lines.contains { $0.contains("too small") }
        }
        #expect(redrawn, "no full frame back at 80×24:\n\(back.joined(separator: "\n"))")
        #expect(back[0].hasPrefix(" kbdsim  hu-touch · Hungarian postfix accents (proposal)"))
        #expect(back.contains { $0.hasPrefix(" Gyö") }, "the text typed before is gone")
        #expect(back.filter { $0.contains("┌") }.count == 4, "four key rows, no leftovers")
        #expect(back.filter { $0.hasPrefix(" hu-touch · base") }.count == 1, "one status line")
        #expect(!back.contains { $0.contains("Enlarge") || $0.contains("press Esc to quit.") })
        #expect(back.allSatisfy { $0.count <= 80 })

        try session.send("r")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" Györ") } }
        try session.send("Escape")
        try Self.expectEnded(session, status: 0, printing: "Györ")
    }

    @Test("a layout file deleted while kbdsim runs: it types on from the loaded layout; Esc restores the terminal")
    func deletedLayout() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let source = try String(
            contentsOf: KbdsimBinary.packageRoot.appendingPathComponent("Layouts/hu-touch.json"), encoding: .utf8)
        let range = try #require(source.range(of: "\"id\": \"hu-touch\""))
        let file = session.directory.appendingPathComponent("x.json")
        try source.replacingCharacters(in: range, with: "\"id\": \"x\"").write(
            to: file, atomically: true, encoding: .utf8)
        try Self.start(session, ["--layout", file.path], ready: " x · base")
        try session.send("a")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" a") } }
        try FileManager.default.removeItem(at: file)

        try session.send("\\;", "b")
        let (lines, typed) = try session.waitFor { $0.contains { $0.hasPrefix(" áb") } }
        #expect(typed, "typing stopped after the file was deleted:\n\(lines.joined(separator: "\n"))")
        try session.tmux("resize-window", "-t", "main:", "-x", "100", "-y", "30")
        let (wide, redrawn) = try session.waitFor { $0.count >= 30 && $0[28].hasPrefix(" x · base") }
        #expect(redrawn, "no redraw at 100×30:\n\(wide.joined(separator: "\n"))")
        #expect(wide.contains { $0.hasPrefix(" áb") })

        try session.send("Escape")
        try Self.expectEnded(session, status: 0, printing: "áb")
    }
}

/// kbdsim with standard input at end of file and standard output closed: a clear answer, never
/// a crash trace.
struct SimulatorFaultStreamTests {
    @Test(
        "standard input at end of file, or no keys: the empty text, exit 0",
        arguments: [[], ["--keys", ""], ["--keys", "  \n "], ["--text", ""], ["--layout", "cs-touch"]])
    func endOfInput(_ arguments: [String]) throws {
        let result = try KbdsimBinary.run(arguments, input: "")
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output == "\n")
        #expect(result.error.isEmpty)
    }

    @Test("--help documents the exit statuses these tests check")
    func helpDocumentsExitStatuses() throws {
        let help = try KbdsimBinary.run(["--help"]).output
        for expected in [
            "74 standard input", "128+N ended by signal N", "SIGHUP 129", "SIGINT 130", "SIGTERM 143", "141",
        ] {
            #expect(help.contains(expected), "--help does not say \(expected)")
        }
    }

    @Test(
        "standard input closed, or a directory: a clear message and exit 74, no crash",
        arguments: [("<&-", "Bad file descriptor"), ("< /", "Is a directory")])
    func unreadableInput(_ redirection: String, _ reason: String) throws {
        let result = try Subprocess.run(["/bin/sh", "-c", "exec \"$0\" \(redirection)", KbdsimBinary.path])
        #expect(result.status == 74)
        #expect(result.error == "kbdsim: error: cannot read standard input: \(reason)\n")
        #expect(result.output.isEmpty)
    }

    @Test("key names on standard input that are not UTF-8: the line, the byte and the fix, exit 64")
    func invalidUTF8Keys() throws {
        let result = try Subprocess.run([
            "/bin/sh", "-c", "printf 'a b\\nc \\342\\202 d\\n' | \"$0\" --layout hu-touch", KbdsimBinary.path,
        ])
        #expect(result.status == 64)
        #expect(
            result.error
                == "kbdsim: error: standard input, line 2, byte 3: 0xE2 is not UTF-8; key names are UTF-8 text "
                + "(save the file as UTF-8)\n")
        #expect(result.output.isEmpty)
    }

    @Test(
        "an argument that is not UTF-8: which one and which byte, exit 64, before anything runs",
        arguments: [
            ("--layout hu-touch --text \"$(printf 'x\\314')\"", "argument 4 is not UTF-8 (byte 2 is 0xCC)"),
            ("compare --corpus \"$(printf '/tmp/\\351')\"", "argument 3 is not UTF-8 (byte 6 is 0xE9)"),
        ])
    func invalidUTF8Argument(_ arguments: String, _ message: String) throws {
        let result = try Subprocess.run(["/bin/sh", "-c", "\"$0\" " + arguments, KbdsimBinary.path])
        #expect(result.status == 64)
        #expect(result.error == "kbdsim: error: \(message); kbdsim takes UTF-8 text and paths\n")
        #expect(result.output.isEmpty)
    }

    @Test(
        "standard output a pipe nobody reads: SIGPIPE ends kbdsim silently, as it does cat",
        arguments: [["--keys", "a ´"], ["--text", "á", "--trace"], ["--layout", "cs-touch"]])
    func brokenPipe(_ arguments: [String]) throws {
        let result = try ClosedPipe.run([KbdsimBinary.path] + arguments, input: "c ˇ e")
        #expect(result.status == 128 + SIGPIPE, "stderr: \(result.error)")
        #expect(result.error.isEmpty)
    }

    @Test("standard output a pipe nobody reads, SIGPIPE ignored: a clear message and exit 74, no crash")
    func brokenPipeIgnored() throws {
        let result = try ClosedPipe.run(
            ["/bin/sh", "-c", "trap '' PIPE; exec \"$0\" \"$@\"", KbdsimBinary.path, "--keys", "a ´"])
        #expect(result.status == 74)
        #expect(result.error == "kbdsim: error: cannot write standard output: Broken pipe\n")
    }

    @Test("standard output closed: a clear message and exit 74, no crash")
    func closedOutput() throws {
        let result = try Subprocess.run(["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-", KbdsimBinary.path, "--keys", "a ´"])
        #expect(result.status == 74)
        #expect(result.error == "kbdsim: error: cannot write standard output: Bad file descriptor\n")
    }

    @Test(
        "kbdsim --keys \"a ´\" | head -c 0: exit 0, or as the race goes SIGPIPE (141) or, SIGPIPE ignored, 74",
        arguments: [("", ["0", "141"]), ("trap '' PIPE; ", ["0", "74"])])
    func headZero(_ trap: String, _ statuses: [String]) throws {
        let result = try Subprocess.run([
            "/bin/sh", "-c", "exec 3>&1; \(trap){ \"$0\" --keys 'a ´'; echo $? >&3; } | head -c 0", KbdsimBinary.path,
        ])
        let status = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(statuses.contains(status), "status \(status), stderr: \(result.error)")
        let message = status == "74" ? "kbdsim: error: cannot write standard output: Broken pipe\n" : ""
        #expect(result.error == message)
    }
}

/// Runs a program with standard output the write end of a pipe whose read end is closed
/// before it starts, so that its first write fails (SIGPIPE, or EPIPE when ignored).
enum ClosedPipe {
    static func run(_ arguments: [String], input: String = "") throws -> KbdsimBinary.Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kbdsim-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in").path
        let errorPath = directory.appendingPathComponent("err").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
        close(ends[0])
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[1]) }
        let spawned = Subprocess.spawnAndWait(arguments) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        guard case .exited(let exitStatus) = spawned else {
            return KbdsimBinary.Result(status: -1, output: "", error: "cannot run \(arguments[0]): \(spawned)")
        }
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return KbdsimBinary.Result(status: exitStatus, output: "", error: error)
    }
}
