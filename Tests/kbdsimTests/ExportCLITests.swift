import Foundation
import Testing

/// `kbdsim export --format keyman|xkb LAYOUT DIR`.
@Suite struct ExportCLITests {
    @Test(
        "export writes the files and prints their paths",
        arguments: [
            ("keyman", ["hu_touch.kmn", "hu_touch.keyman-touch-layout", "hu_touch.kps"]),
            ("xkb", ["hu_touch", "hu_touch.Compose"]),
        ])
    func writes(format: String, names: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try KbdsimBinary.run(["export", "--format", format, "hu-touch", folder.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == names.map { folder.appendingPathComponent($0).path + "\n" }.joined())
        for name in names { #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)) }
    }

    @Test("wrong arguments exit 64 with the usage line; a layout that does not load exits 1")
    func errors() throws {
        let unknown = try KbdsimBinary.run(["export", "--format", "ldmx", "hu-touch", "/tmp/x"])
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("unknown format 'ldmx'; formats: keyman, xkb"))
        #expect(unknown.error.contains("usage: kbdsim export --format keyman|xkb LAYOUT DIR"))
        #expect(try KbdsimBinary.run(["export", "hu-touch", "/tmp/x"]).status == 64)
        #expect(try KbdsimBinary.run(["export", "--format", "keyman", "hu-touch"]).status == 64)
        let missing = try KbdsimBinary.run(["export", "--format", "keyman", "no-such-layout", "/tmp/x"])
        #expect(missing.status == 1)
    }
}
