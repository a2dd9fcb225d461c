import Foundation
import Testing

/// The C interface as a C host sees it: `Fixtures/capi_test.c` compiled with `cc` against
/// `postfix_keyboard.h` and the built `libpostfix-keyboard.so`, then run.
///
/// `swift build --build-tests` builds the shared library beside the test bundle (this target
/// depends on `KeyboardEngineC`, so the `postfix-keyboard` product is built with it).
@Suite struct CAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let header = root.appendingPathComponent("Sources/CPostfixKeyboard/include").path

    /// The folder holding `libpostfix-keyboard.so`: the test bundle's, else `.build/debug`.
    static let libraryFolder: String? = {
        var folders: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent().path)
        }
        folders.append(Bundle.main.bundleURL.path)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent().path)
        folders.append(root.appendingPathComponent(".build/debug").path)
        return folders.first { FileManager.default.fileExists(atPath: $0 + "/libpostfix-keyboard.so") }
    }()

    /// Runs `arguments[0]` with the rest; returns its exit status and standard output and error.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Compiles the fixture `name`.c as C11 (warnings are errors, with POSIX threads) into a
    /// fresh folder; returns the program's path.
    static func compile(_ name: String, library: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let program = folder.appendingPathComponent(name).path
        let source = root.appendingPathComponent("Tests/CAPITests/Fixtures/\(name).c").path
        let compiled = try run([
            "/usr/bin/env", "cc", "-std=c11", "-pthread", "-Wall", "-Wextra", "-Werror", "-I", header, source, "-L",
            library, "-lpostfix-keyboard", "-Wl,-rpath," + library, "-o", program,
        ])
        #expect(compiled.status == 0, "cc failed:\n\(compiled.output)")
        return program
    }

    @Test("capi_test.c: every function, good and bad input, Győr, a ´ ⌫, NFD context, ř, delete counts")
    func cProgram() throws {
        let library = try #require(
            Self.libraryFolder, "libpostfix-keyboard.so not found: run `swift build --build-tests` first")
        let program = try Self.compile("capi_test", library: library)
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: program).deletingLastPathComponent().path)
        }
        let result = try Self.run([program, Self.root.path])
        #expect(result.status == 0, "capi_test failed:\n\(result.output)")
        for line in [
            "version 0.1.0", "cs-touch r ˇ: ř", "hu-touch names: Győr", "hu-touch keysyms: Győr",
            "hu-touch keycodes: Győr", "hu-touch a ´ ⌫: a",
            "hu-touch pasted NFD then ˝: Győ", "hu-touch long-press: xőöo", "bad handles: all refused",
        ] {
            #expect(
                result.output.split(separator: "\n").contains { $0 == line },
                "missing \"\(line)\" in:\n\(result.output)")
        }
        #expect(result.output.contains("checks passed"))
    }

    @Test("capi_threads.c: a shared layout, a session a thread, one session pressed by all, handles made and freed")
    func threads() throws {
        let library = try #require(
            Self.libraryFolder, "libpostfix-keyboard.so not found: run `swift build --build-tests` first")
        let program = try Self.compile("capi_threads", library: library)
        defer {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: program).deletingLastPathComponent().path)
        }
        let result = try Self.run([program])
        #expect(result.status == 0 && result.output == "capi_threads: ok\n", "capi_threads failed:\n\(result.output)")
    }

    @Test("postfix_keyboard.h compiles on its own as C++11 and as pedantic C11")
    func headerAlone() throws {
        for (compiler, flags) in [("c++", ["-x", "c++", "-std=c++11"]), ("cc", ["-x", "c", "-std=c11", "-pedantic"])] {
            let result = try Self.run(
                ["/usr/bin/env", compiler] + flags + [
                    "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I", Self.header,
                    Self.header + "/postfix_keyboard.h",
                ])
            #expect(result.status == 0, "\(compiler) failed on the header:\n\(result.output)")
        }
    }
}
