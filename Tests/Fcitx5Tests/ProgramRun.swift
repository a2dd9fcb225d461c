import Foundation

/// Runs a program with a deadline and collects its output; on timeout it is killed, so no
/// test waits for ever.
struct ProgramRun {
    /// Exit status, or -1 when it could not start or was killed at the deadline.
    let status: Int32
    let output: String
    let error: String

    /// Runs `arguments` (the first one a path, or a name looked up on PATH) with `environment`
    /// added to this process's.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 120) -> ProgramRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0].hasPrefix("/") ? arguments[0] : "/usr/bin/env")
        process.arguments = arguments[0].hasPrefix("/") ? Array(arguments.dropFirst()) : arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcitx5-run-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("out")
        let errorURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        guard let output = try? FileHandle(forWritingTo: outputURL), let error = try? FileHandle(forWritingTo: errorURL)
        else { return ProgramRun(status: -1, output: "", error: "cannot make output files") }
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return ProgramRun(status: -1, output: "", error: "cannot start \(arguments[0]): \(error)")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        var timedOut = false
        if process.isRunning {
            timedOut = true
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        try? output.close()
        try? error.close()
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        let errorText = read(errorURL) + (timedOut ? "\n(killed after \(Int(timeout)) s)" : "")
        return ProgramRun(status: timedOut ? -1 : process.terminationStatus, output: read(outputURL), error: errorText)
    }
}
