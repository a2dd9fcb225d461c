import Foundation
import Testing

/// A tmux server of its own (`tmux -L <unique>`), with one window running a plain shell,
/// driven as a person would: send-keys in, capture-pane out. Every wait is bounded.
final class TmuxSession {
    static let available: Bool = {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()
    private nonisolated(unsafe) static var counter = 0
    private static let lock = NSLock()

    let socket: String
    let directory: URL

    init(columns: Int = 80, lines: Int = 24) throws {
        let number = Self.lock.withLock {
            Self.counter += 1
            return Self.counter
        }
        socket = "kbdsim-test-\(getpid())-\(number)"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try tmux(
            "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(lines)", "-s", "main",
            "env -i PATH=/usr/bin:/bin TERM=xterm-256color HOME=\(directory.path) LANG=C.UTF-8 bash --norc --noprofile")
        try tmux("set-option", "-g", "status", "off")
    }

    /// Kills the server and removes the files.
    /// Programs still running in the pane get SIGKILL, and so does a server that outlives
    /// `kill-server`, so that no test leaves processes behind.
    func close() {
        let server = (try? tmux("display-message", "-p", "#{pid}")).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if let shell = try? paneProcess() {
            var pending = children(of: shell)
            while let pid = pending.popLast() {
                pending += children(of: pid)
                kill(pid, SIGKILL)
            }
            kill(shell, SIGKILL)
        }
        _ = try? tmux("kill-server")
        if let server, server > 1 {
            Thread.sleep(forTimeInterval: 0.1)
            kill(server, SIGKILL)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a tmux command on this server; returns its output.
    @discardableResult
    func tmux(_ arguments: String...) throws -> String { try tmux(arguments) }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try Subprocess.run(["tmux", "-L", socket] + arguments).output
    }

    /// Types a shell command line and Enter.
    func run(_ commandLine: String) throws {
        try tmux("send-keys", "-t", "main", "-l", commandLine)
        try tmux("send-keys", "-t", "main", "Enter")
    }

    /// Sends keys by tmux name (`a`, `\;`, `BSpace`, `C-c`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// The pane's text, one string per line.
    func capture() throws -> [String] {
        try tmux("capture-pane", "-p", "-t", "main").split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Polls capture-pane until `condition` holds, at most `timeout` seconds; returns the last
    /// capture and whether it held.
    func waitFor(timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> (lines: [String], ok: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var lines = try capture()
        while !condition(lines) {
            if Date() > deadline { return (lines, false) }
            Thread.sleep(forTimeInterval: 0.05)
            lines = try capture()
        }
        return (lines, true)
    }

    /// The process id of the program called `name` running in the pane, if one is.
    func process(named name: String) throws -> Int32? {
        guard let shell = try paneProcess() else { return nil }
        var pending = [shell]
        while let pid = pending.popLast() {
            let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let program = arguments.split(separator: 0).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
            if program.hasSuffix("/" + name) { return pid }
            pending += children(of: pid)
        }
        return nil
    }

    /// The pane's shell.
    func paneProcess() throws -> Int32? {
        Int32(
            try tmux("display-message", "-p", "-t", "main", "#{pane_pid}").trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    func children(of pid: Int32) -> [Int32] {
        let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return list.split(separator: " ").compactMap { Int32($0) }
    }

    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }
}

/// kbdsim in a real terminal (tmux), as a person uses it.
@Suite(
    .enabled(if: TmuxSession.available, "tmux is not installed: the terminal tests are skipped (.ci/run installs it)"))
struct SimulatorTmuxTests {
    /// Starts kbdsim in the pane, remembering `stty -g` before and after, and the text it prints.
    static func start(_ session: TmuxSession, arguments: String = "--layout hu-touch") throws {
        try session.run(
            "stty -g > \(session.file("before")); '\(KbdsimBinary.path)' \(arguments) > \(session.file("out.txt")); "
                + "echo \"EXIT=$?\"; stty -g > \(session.file("after"))")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" hu-touch · base · shift off") } }
        #expect(ok, "kbdsim did not draw its first frame:\n\(lines.joined(separator: "\n"))")
    }

    @Test("typing a ; o ' [ BSpace shows áo and the edit; Ctrl-C restores the terminal and prints the text")
    func typeAndQuit() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session)
        try session.send("a", "\\;", "o", "'", "[", "BSpace")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" last: ő ⌫ → o (accent removed)") } }
        #expect(ok, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasPrefix(" áo") }, "the text line")
        #expect(lines.contains { $0.hasPrefix(" hu-touch · base · shift off · 6 keys · 2 chars · 3.00 keys/char") })
        #expect(lines.contains { $0.contains("┌[────┐") }, "the ˝ key shows its hint [")

        try session.send("C-c")
        let (after, exited) = try session.waitFor { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(exited, "kbdsim did not quit on Ctrl-C:\n\(after.joined(separator: "\n"))")
        #expect(after.contains { $0.contains("EXIT=0") })
        _ = try session.waitFor(timeout: 5) { _ in session.read("after")?.isEmpty == false }
        #expect(session.read("before") != nil)
        #expect(session.read("before") == session.read("after"), "stty -g differs after kbdsim")
        #expect(session.read("out.txt") == "áo\n")
    }

    @Test("a resize redraws cleanly; too small says so; Esc quits")
    func resize() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session)
        try session.send("G", "y")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" Gy") } }

        try session.tmux("resize-window", "-t", "main:", "-x", "120", "-y", "40")
        let (wide, ok) = try session.waitFor { $0.count >= 40 && $0[38].hasPrefix(" hu-touch · base") }
        #expect(ok, "no redraw at 120×40:\n\(wide.joined(separator: "\n"))")
        #expect(wide[0].hasPrefix(" kbdsim  hu-touch · Hungarian postfix accents (proposal)"))
        #expect(wide.contains { $0.hasPrefix(" Gy") })
        #expect(wide.filter { $0.contains("┌") }.count == 4, "four key rows, no leftovers")
        #expect(wide.filter { $0.hasPrefix(" hu-touch · base") }.count == 1, "one status line")

        try session.tmux("resize-window", "-t", "main:", "-x", "40", "-y", "12")
        let (small, said) = try session.waitFor { $0.contains { $0.contains("Terminal too small: 40×12.") } }
        #expect(said, "\(small.joined(separator: "\n"))")
        #expect(!small.contains { $0.contains("┌") })

        try session.tmux("resize-window", "-t", "main:", "-x", "80", "-y", "24")
        let (back, redrawn) = try session.waitFor { $0.count >= 24 && $0[22].hasPrefix(" hu-touch · base") }
        #expect(redrawn, "\(back.joined(separator: "\n"))")
        #expect(!back.contains { $0.contains("too small") })

        try session.send("Escape")
        let (after, exited) = try session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited, "Esc did not quit:\n\(after.joined(separator: "\n"))")
        _ = try session.waitFor(timeout: 5) { _ in session.read("after")?.isEmpty == false }
        #expect(session.read("before") == session.read("after"))
        #expect(session.read("out.txt") == "Gy\n")
    }

    @Test("SIGTERM and SIGHUP restore the terminal too", arguments: [SIGTERM, SIGHUP])
    func signals(_ signal: Int32) throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session)
        try session.send("k")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" k") } }
        let pid = try #require(try session.process(named: "kbdsim"))
        kill(pid, signal)
        let (after, exited) = try session.waitFor { $0.contains { $0.contains("EXIT=\(128 + signal)") } }
        #expect(exited, "\(after.joined(separator: "\n"))")
        _ = try session.waitFor(timeout: 5) { _ in session.read("after")?.isEmpty == false }
        #expect(session.read("before") == session.read("after"))
        #expect(session.read("out.txt") == "k\n")
    }

    @Test("typing ő plans o ˝ and types it key by key on the screen")
    func plannedTyping() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session)
        try session.send("-l", "Győr")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" Győr") } }
        #expect(ok, "\(lines.joined(separator: "\n"))")
        try session.send("C-c")
        _ = try session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        _ = try session.waitFor(timeout: 5) { _ in session.read("out.txt")?.isEmpty == false }
        #expect(session.read("out.txt") == "Győr\n")
    }
}
