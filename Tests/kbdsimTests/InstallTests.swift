import Foundation
import Testing

/// `kbdsim` copied alone to another folder, as `install .build/release/kbdsim /usr/local/bin/`
/// does: the shipped layouts travel inside the binary.
struct InstallTests {
    /// A folder with only a copy of the built binary, and an empty folder of layouts.
    static func installedCopy() throws -> (folder: URL, binary: String, emptyLayouts: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kbdsim-install-\(UUID().uuidString)")
        let emptyLayouts = folder.appendingPathComponent("no-layouts")
        try FileManager.default.createDirectory(at: emptyLayouts, withIntermediateDirectories: true)
        let binary = folder.appendingPathComponent("kbdsim").path
        // cp in a child process: a copy written by this process could be held open by a sibling
        // test's fork and fail to run with "text file busy".
        let copied = try Subprocess.run(["/bin/cp", KbdsimBinary.path, binary])
        guard copied.status == 0 else { throw CopyFailed(message: copied.error) }
        return (folder, binary, emptyLayouts.path)
    }

    struct CopyFailed: Error {
        let message: String
    }

    static func shell(_ script: String) throws -> KbdsimBinary.Result {
        try Subprocess.run(["/bin/sh", "-c", script])
    }

    @Test("a copy of the binary in another folder types a ´ → á with no source tree to read")
    func copiedBinaryTypes() throws {
        let copy = try Self.installedCopy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        // An empty override folder: a binary that looked for Layouts/ on disk would find nothing.
        let result = try Self.shell(
            "cd '\(copy.folder.path)' && KBD_LAYOUTS_DIR='\(copy.emptyLayouts)' ./kbdsim --keys 'a ´'")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "á\n")
        let listed = try Self.shell("cd / && KBD_LAYOUTS_DIR='\(copy.emptyLayouts)' '\(copy.binary)' --list-layouts")
        for id in ["cs-touch", "da-touch", "hu-extended", "hu-ios", "hu-touch"] {
            #expect(listed.output.contains(id), "\(listed.output)")
        }
    }

    @Test("--layouts-dir adds a folder's layouts and shadows a built-in one of the same id")
    func layoutsDirectory() throws {
        let copy = try Self.installedCopy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let source = KbdsimBinary.packageRoot.appendingPathComponent("Layouts/hu-touch.json").path
        var text = try String(contentsOfFile: source, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"id\": \"hu-touch\"", with: "\"id\": \"my-touch\"")
        try text.write(toFile: copy.emptyLayouts + "/my-touch.json", atomically: true, encoding: .utf8)
        let result = try Self.shell(
            "cd / && '\(copy.binary)' --layouts-dir '\(copy.emptyLayouts)' --layout my-touch --keys 'o ¨ ˝'")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "ő\n")
        let missing = try Self.shell("'\(copy.binary)' --layouts-dir /nonexistent --keys a")
        #expect(missing.status == 64)
        #expect(missing.error.contains("invalid value '/nonexistent' for '--layouts-dir': not a folder"))
    }
}
