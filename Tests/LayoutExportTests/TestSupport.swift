import Foundation
import KeyboardSimulator
import LayoutEngine

@testable import LayoutExport

/// The shared data folder (`../shared` next to the package), when it is there.
let sharedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
let sharedDataPresent = FileManager.default.fileExists(atPath: sharedFolder.appendingPathComponent("keyman").path)
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The path of a program on PATH, if there is one.
func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

let jsonSchemaPresent =
    tool("python3") != nil && (try? run(tool("python3")!, ["-c", "import jsonschema"]).status) == 0
let kmflPresent =
    tool("kmflcomp") != nil && tool("cc") != nil
    && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libkmfl.so")

/// Runs a program to its end; standard input from `input`.
func run(_ program: String, _ arguments: [String], input: String = "") throws -> (
    status: Int32, output: String, error: String
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let inURL = folder.appendingPathComponent("in")
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    try Data(input.utf8).write(to: inURL)
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    try process.run()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    )
}

/// Writes an export's files into a new temporary folder.
func writeExport(_ files: [ExportedFile]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in files { try Data(file.bytes).write(to: folder.appendingPathComponent(file.name)) }
    return folder
}

/// The KMFL test driver (`Fixtures/kmfl_run.c`), built once per test run with `cc`.
let kmflRunner: String? = {
    guard kmflPresent, let cc = tool("cc") else { return nil }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("kmfl_run-\(getpid())").path
    let result = try? run(
        cc, ["-O1", "-o", output, fixtures.appendingPathComponent("kmfl_run.c").path, "-lkmfl", "-l:libkmflcomp.so.0"])
    return result?.status == 0 ? output : nil
}()
