import Foundation

/// Runs a program in its own process group with a deadline, its output in files; on timeout
/// the whole group is killed, so no test waits for ever or leaves a daemon behind.
enum ToolRun {
    struct Result {
        /// Exit status, 128 + signal, or -1 when it could not start.
        let status: Int32
        let output: String
        let error: String
        let timedOut: Bool
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double) -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kbdsim-tool-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputPath = directory.appendingPathComponent("out").path
        let errorPath = directory.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else {
            return Result(status: -1, output: "", error: "cannot start \(arguments[0])", timedOut: false)
        }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        var timedOut = false
        while true {
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid || (ended < 0 && errno != EINTR) { break }
            if Date() > deadline {
                timedOut = true
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(20_000)
        }
        // Whatever the program left in its group (it should have stopped it) goes too.
        kill(-pid, SIGKILL)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus, output: output, error: error, timedOut: timedOut)
    }

    /// Whether `program` is on PATH (or is an executable path).
    static func available(_ program: String) -> Bool {
        if program.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: program) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}

/// The built `kbdsim` executable: next to the test bundle (`swift test` builds it as a product of
/// the package), else in the package's `.build/debug`.
enum KbdsimBinary {
    static let path: String = {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(
                URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("kbdsim").path)
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("kbdsim").path)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kbdsim").path)
        candidates.append(packageRoot.appendingPathComponent(".build/debug/kbdsim").path)
        return candidates.first { fileManager.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()
}
