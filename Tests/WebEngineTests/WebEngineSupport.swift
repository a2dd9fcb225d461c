import Foundation
import TestSupport
import Testing

/// The repository's paths, `node`, and the `.wasm` built once for all tests.
enum WebEngine {
    /// The package root.
    static let root = PackagePaths.root

    /// `node` on `PATH`, or `nil`.
    static let node = ToolRun.path(of: "node")

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
    private static let wasmBuild = Task { () async throws -> URL in
        let folder: URL
        do {
            folder = try temporaryFolder("build")
        } catch {
            throw Failure("web/build-wasm.sh did not run: \(error)")
        }
        let result = await ToolRun.run(
            [root.appendingPathComponent("web/build-wasm.sh").path, folder.path], timeout: 1800)
        guard result.status == 0 else {
            throw Failure("web/build-wasm.sh failed (\(result.status)):\n\(result.output)\(result.error)")
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

    /// Runs `web/tests/replay.mjs` on `script` (one JSON array a line): one answer a line.
    static func replay(_ script: [String]) async throws -> [String] {
        guard let node else { throw Failure(nodeMissing) }
        let wasm = try await self.wasm
        let folder = try temporaryFolder("replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("script.jsonl")
        try Data((script.joined(separator: "\n") + "\n").utf8).write(to: scriptFile)
        let result = await ToolRun.run(
            [node, root.appendingPathComponent("web/tests/replay.mjs").path, wasm.path, scriptFile.path], timeout: 600)
        guard result.status == 0 else {
            throw Failure("replay.mjs failed (\(result.status)):\n\(result.output)\(result.error)")
        }
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
