import Foundation

/// Runs a program in its own process group with a deadline, its output in files; on timeout
/// the whole group is killed, so no test waits for ever or leaves a daemon behind.
///
///     let result = ToolRun.run(["xkbcomp", "-version"], timeout: 10)
///     #expect(result.status == 0, "\(result.error)")
public enum ToolRun {
    /// How a run ended and what it printed.
    public struct Result: Sendable {
        /// Exit status, 128 + signal, or -1 when it could not start.
        public let status: Int32
        /// Its standard output.
        public let output: String
        /// Its standard error.
        public let error: String
        /// Whether the deadline killed it.
        public let timedOut: Bool
    }

    /// Runs `arguments` (the program, found on PATH unless a path, then its arguments) with
    /// `input` on standard input (else `/dev/null`) and `environment` added to this process's
    /// own, for at most `timeout` seconds.
    public static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:], timeout: Double
    ) -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kbdsim-tool-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputPath = directory.appendingPathComponent("in").path
        let outputPath = directory.appendingPathComponent("out").path
        let errorPath = directory.appendingPathComponent("err").path
        if let input { _ = FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp =
            ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else {
            return Result(status: -1, output: "", error: "cannot start \(arguments[0])", timedOut: false)
        }
        let (status, timedOut) = wait(for: pid, until: Date().addingTimeInterval(timeout))
        // Whatever the program left in its group (it should have stopped it) goes too.
        kill(-pid, SIGKILL)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus, output: output, error: error, timedOut: timedOut)
    }

    /// `run(_:input:environment:timeout:)` for async tests: the wait happens on a thread of
    /// its own, so the test pool's threads (as many as the cores) go on with other tests while
    /// a long program (a WebAssembly build, Node, Chromium) runs.
    public static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:], timeout: Double
    ) async -> Result {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: run(arguments, input: input, environment: environment, timeout: timeout))
            }.start()
        }
    }

    /// The child starts in a group of its own with no signal blocked and every handler at
    /// its default, whatever the test runner's thread has.
    private static func resetSignals(_ attributes: inout posix_spawnattr_t) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        var defaults = sigset_t()
        sigfillset(&defaults)
        for signal in [SIGKILL, SIGSTOP] { sigdelset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    }

    /// Waits for `pid` to end, killing its group at `deadline`: its wait status and whether
    /// the deadline came first.
    private static func wait(for pid: pid_t, until deadline: Date) -> (status: Int32, timedOut: Bool) {
        var status: Int32 = 0
        while true {
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid || (ended < 0 && errno != EINTR) { return (status, false) }
            if Date() > deadline {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return (status, true)
            }
            usleep(20_000)
        }
    }

    /// The path of `program` on PATH (or `program` itself when it is an executable path),
    /// or `nil`.
    public static func path(of program: String) -> String? {
        if program.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether `program` is on PATH (or is an executable path).
    public static func available(_ program: String) -> Bool { path(of: program) != nil }
}
