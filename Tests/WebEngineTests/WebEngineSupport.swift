import Foundation
import Testing

/// The repository's paths, `node`, and the `.wasm` built once for all tests.
enum WebEngine {
    /// The package root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `node` on `PATH`, or `nil`.
    static let node: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/node" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// Why the tests cannot run without Node: they fail, never pass silently.
    static let nodeMissing =
        "node is not on PATH: the same-engine tests run engine.wasm in Node 20 (Debian's nodejs; "
        + "tools/install-deps.sh installs it)"

    /// A fresh temporary folder.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "web-engine-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `web/build-wasm.sh` into a temporary folder, once for all tests, which await it without
    /// holding a thread (the build takes most of a minute on one core).
    private static let wasmBuild = Task { () throws -> URL in
        let folder: URL
        let result: (status: Int32, output: String)
        do {
            folder = try temporaryFolder("build")
            result = try await run(root.appendingPathComponent("web/build-wasm.sh").path, [folder.path])
        } catch {
            throw Failure("web/build-wasm.sh did not run: \(error)")
        }
        guard result.status == 0 else {
            throw Failure("web/build-wasm.sh failed (\(result.status)):\n\(result.output)")
        }
        return folder.appendingPathComponent("engine.wasm")
    }

    /// The `.wasm`'s path, or what went wrong building it.
    static var wasm: URL {
        get async throws { try await wasmBuild.value }
    }

    /// A failure with its message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs `program` with `arguments`; standard output (and error) go to a file, read back.
    /// The exit is awaited, not waited for on a thread of the test pool.
    static func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let folder = try temporaryFolder("run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try handle.close()
        return (status, try String(contentsOf: outputFile, encoding: .utf8))
    }

    /// Runs `web/tests/replay.mjs` on `script` (one JSON array a line): one answer a line.
    static func replay(_ script: [String]) async throws -> [String] {
        guard let node else { throw Failure(nodeMissing) }
        let wasm = try await self.wasm
        let folder = try temporaryFolder("replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("script.jsonl")
        try Data((script.joined(separator: "\n") + "\n").utf8).write(to: scriptFile)
        let result = try await run(
            node, [root.appendingPathComponent("web/tests/replay.mjs").path, wasm.path, scriptFile.path])
        guard result.status == 0 else { throw Failure("replay.mjs failed (\(result.status)):\n\(result.output)") }
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// The shared corpora beside the repository, when present.
enum SharedCorpora {
    static let directory = WebEngine.root.deletingLastPathComponent().appendingPathComponent("shared/corpora").path
    static let present = FileManager.default.fileExists(atPath: directory)
    static let absentMessage = "../shared/corpora is absent (a fresh clone): the corpus replays are skipped"

    /// The first lines of `LANGUAGE.txt`, about `characters` characters of them, or none.
    static func lines(_ language: String, characters: Int) -> [String] {
        guard let text = try? String(contentsOfFile: directory + "/" + language + ".txt", encoding: .utf8) else {
            return []
        }
        var lines: [String] = []
        var total = 0
        for line in text.split(separator: "\n") where total < characters {
            lines.append(String(line))
            total += line.count
        }
        return lines
    }
}
