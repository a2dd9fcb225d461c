import Foundation
import TestSupport
import Testing

/// The fcitx5 add-on inside fcitx5 itself: `kbdsim fcitx5 install --prefix` into a temporary
/// folder, then `Fixtures/fcitx5_check.cpp`, compiled with the system `c++` against Fcitx5Core,
/// runs an fcitx5 `Instance` with the test frontend and the add-on from that prefix and types
/// real key events (see the program's cases). Needs the Debian packages of
/// tools/install-deps.sh; without them the test fails naming the package, it never skips.
@Suite(.serialized) struct Fcitx5AddonTests {
    /// The package's root folder.
    static let packageRoot = PackagePaths.root
    /// The check program and its editor.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// fcitx5's add-on folder and the test frontend's header folder (fcitx5-modules-dev).
    static let systemAddons = "/usr/lib/\(multiarch)/fcitx5"
    /// The Debian multiarch name, as `kbdsim fcitx5 install` lays out a prefix.
    static var multiarch: String {
        #if arch(arm64)
            "aarch64-linux-gnu"
        #else
            "x86_64-linux-gnu"
        #endif
    }
    static let testFrontendHeaders = "/usr/include/Fcitx5/Module/fcitx-module/testfrontend"

    /// The built kbdsim: next to the test bundle, else in `.build/debug`.
    static var kbdsim: String { BuiltProducts.expectedPath(of: "kbdsim") }

    /// What is missing to build and run the check, naming the Debian package; `nil` when all is there.
    static func missingPackage() -> String? {
        if ToolRun.run(["pkg-config", "--exists", "Fcitx5Core"], timeout: 120).status != 0 {
            return "pkg-config finds no Fcitx5Core: install libfcitx5core-dev (tools/install-deps.sh)"
        }
        if !FileManager.default.fileExists(atPath: testFrontendHeaders + "/testfrontend_public.h") {
            return "no testfrontend_public.h: install fcitx5-modules-dev (tools/install-deps.sh)"
        }
        if !FileManager.default.fileExists(atPath: systemAddons + "/libtestfrontend.so") {
            return "no \(systemAddons)/libtestfrontend.so: install fcitx5-modules (tools/install-deps.sh)"
        }
        if ToolRun.run(["c++", "--version"], timeout: 120).status != 0 { return "no c++ compiler: install g++" }
        return nil
    }

    @Test("fcitx5 5.0.21 types with the add-on: Győr, accents on NFD text, preedit, long-press, faults")
    func addonInFcitx5() throws {
        if let missing = Self.missingPackage() {
            Issue.record("the fcitx5 check cannot run: \(missing)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcitx5-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix").path

        let install = ToolRun.run([Self.kbdsim, "fcitx5", "install", "--prefix", prefix], timeout: 120)
        try #require(install.status == 0, "kbdsim fcitx5 install: \(install.output)\(install.error)")
        let addonFolder = prefix + "/lib/\(Self.multiarch)/fcitx5"
        #expect(FileManager.default.fileExists(atPath: addonFolder + "/libfcitx5-kbdsim.so"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/fcitx5/inputmethod/kbdsim-cs-touch.conf"))

        // A layouts folder whose da-touch.json is broken: that input method is logged and
        // passes keys on, the others type.
        let layouts = folder.appendingPathComponent("layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try Data("{ \"formatVersion\": 1, \"id\": \"da-touch\",".utf8).write(
            to: layouts.appendingPathComponent("da-touch.json"))

        let program = folder.appendingPathComponent("fcitx5_check").path
        let flags = ToolRun.run(["pkg-config", "--cflags", "--libs", "Fcitx5Core"], timeout: 120).output
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let compile = ToolRun.run(
            [
                "c++", "-std=c++17", "-Wall", "-I", Self.fixtures.path, "-I", Self.testFrontendHeaders, "-o", program,
                Self.fixtures.appendingPathComponent("fcitx5_check.cpp").path,
            ] + flags, timeout: 300)
        try #require(compile.status == 0, "compiling fcitx5_check.cpp: \(compile.error)")

        let run = ToolRun.run(
            [program, prefix, addonFolder], environment: ["KBD_LAYOUTS_DIR": layouts.path], timeout: 120)
        let failures = run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(run.status == 0, "fcitx5_check exited \(run.status): \(run.output)\n\(run.error.suffix(3000))")
        #expect(run.output.contains("18 passed, 0 failed"), "\(run.output)")
        // The program's timing of single keys goes to the log as it is; no test asserts a time.
        for line in run.output.split(separator: "\n") where line.hasPrefix("timing:") { print("fcitx5_check \(line)") }
        #expect(run.error.contains("kbdsim-da-touch types nothing, its layout da-touch does not open"))

        let uninstall = ToolRun.run([Self.kbdsim, "fcitx5", "uninstall", "--prefix", prefix], timeout: 120)
        #expect(uninstall.status == 0)
        #expect(!FileManager.default.fileExists(atPath: addonFolder + "/libfcitx5-kbdsim.so"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/fcitx5/addon/kbdsim.conf"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/fcitx5/inputmethod/kbdsim-hu-touch.conf"))
    }
}
