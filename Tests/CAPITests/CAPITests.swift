import Foundation
import TestSupport
import Testing

/// The C interface as a C host sees it: `Fixtures/capi_test.c` compiled with `cc` against
/// `postfix_keyboard.h` and the built `libpostfix-keyboard.so`, then run.
///
/// `swift build --build-tests` builds the shared library beside the test bundle (this target
/// depends on `KeyboardEngineC`, so the `postfix-keyboard` product is built with it).
@Suite struct CAPITests {
    static let root = PackagePaths.root
    static let header = root.appendingPathComponent("Sources/CPostfixKeyboard/include").path

    /// The folder holding `libpostfix-keyboard.so`: the test bundle's, else `.build/debug`.
    static let libraryFolder: String? = {
        let folders = BuiltProducts.folders.map(\.path) + [root.appendingPathComponent(".build/debug").path]
        return folders.first { FileManager.default.fileExists(atPath: $0 + "/libpostfix-keyboard.so") }
    }()

    /// Runs `arguments[0]` with the rest; returns its exit status and standard output and error.
    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let result = ToolRun.run(arguments, timeout: 300)
        return (result.status, result.output + result.error)
    }

    /// Compiles the fixture `name`.c as C11 (warnings are errors, with POSIX threads) into a
    /// fresh folder and runs it with `arguments`: its exit status and output.
    static func compileAndRun(_ name: String, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let library = try #require(
            libraryFolder, "libpostfix-keyboard.so not found: run `swift build --build-tests` first")
        let folder = try TemporaryFolder.make("capi")
        defer { TemporaryFolder.remove(folder) }
        let program = folder.appendingPathComponent(name).path
        let source = root.appendingPathComponent("Tests/CAPITests/Fixtures/\(name).c").path
        let compiled = run([
            "cc", "-std=c11", "-pthread", "-Wall", "-Wextra", "-Werror", "-I", header, source, "-L",
            library, "-lpostfix-keyboard", "-Wl,-rpath," + library, "-o", program,
        ])
        try #require(compiled.status == 0, "cc failed:\n\(compiled.output)")
        return run([program] + arguments)
    }

    @Test("capi_test.c: every function, good and bad input, Győr, a ´ ⌫, NFD context, ř, delete counts")
    func cProgram() throws {
        let result = try Self.compileAndRun("capi_test", [Self.root.path])
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
        let result = try Self.compileAndRun("capi_threads")
        #expect(result.status == 0 && result.output == "capi_threads: ok\n", "capi_threads failed:\n\(result.output)")
    }

    @Test("postfix_keyboard.h compiles on its own as C++11 and as pedantic C11")
    func headerAlone() throws {
        for (compiler, flags) in [("c++", ["-x", "c++", "-std=c++11"]), ("cc", ["-x", "c", "-std=c11", "-pedantic"])] {
            let result = Self.run(
                [compiler] + flags + [
                    "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I", Self.header,
                    Self.header + "/postfix_keyboard.h",
                ])
            #expect(result.status == 0, "\(compiler) failed on the header:\n\(result.output)")
        }
    }
}
