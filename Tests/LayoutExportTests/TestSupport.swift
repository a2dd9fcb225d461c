import Foundation
import KeyboardSimulator
import LayoutEngine
import TestSupport

@testable import LayoutExport

let fixtures = PackagePaths.folder(of: #filePath).appendingPathComponent("Fixtures")

let jsonSchemaPresent =
    ToolRun.path(of: "python3") != nil && run(ToolRun.path(of: "python3")!, ["-c", "import jsonschema"]).status == 0
let kmflPresent =
    ToolRun.path(of: "kmflcomp") != nil && ToolRun.path(of: "cc") != nil
    && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libkmfl.so")

/// Runs a program to its end (at most ten minutes); standard input from `input`.
func run(_ program: String, _ arguments: [String], input: String = "") -> ToolRun.Result {
    ToolRun.run([program] + arguments, input: input, timeout: 600)
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
    guard kmflPresent, let cc = ToolRun.path(of: "cc") else { return nil }
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("kmfl_run-\(getpid())").path
    let result = run(
        cc, ["-O1", "-o", output, fixtures.appendingPathComponent("kmfl_run.c").path, "-lkmfl", "-l:libkmflcomp.so.0"])
    return result.status == 0 ? output : nil
}()
