import Foundation
import TestSupport
import Testing

/// `kbdsim export --format keyman|ldml|xkb LAYOUT [DIR] [-o FILE]`.
@Suite struct ExportCLITests {
    @Test(
        "export writes the files, prints their paths and says why they are named hu_touch",
        arguments: [
            (
                "keyman", ["hu_touch.kmn", "hu_touch.keyman-touch-layout", "hu_touch.kps"],
                "kbdsim export: note: the files are named hu_touch, not hu-touch: a Keyman keyboard id takes only "
                    + "a-z, 0-9 and _\n"
            ),
            (
                "xkb", ["hu_touch", "hu_touch.Compose"],
                "kbdsim export: note: the files are named hu_touch, not hu-touch: the XKB export takes the Keyman "
                    + "keyboard id (a-z, 0-9 and _), so both exports share one name\n"
            ),
            ("ldml", ["hu-touch.xml"], ""),
        ])
    func writes(format: String, names: [String], note: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try KbdsimBinary.run(["export", "--format", format, "hu-touch", folder.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error == note)
        #expect(run.output == names.map { folder.appendingPathComponent($0).path + "\n" }.joined())
        for name in names { #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)) }
    }

    @Test(
        "an LDML file is named after the layout id, made a plain file name; it loads back by that path",
        arguments: [("hu-touch", "hu-touch.xml"), ("cldr:fr", "cldr-fr.xml"), ("xkb:us(intl)", "xkb-us-intl.xml")])
    func ldmlFileName(_ id: String, _ name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-ldml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try KbdsimBinary.run(["export", "--format", "ldml", id, folder.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == folder.appendingPathComponent(name).path + "\n")
        let typed = try KbdsimBinary.run(["--layout", folder.appendingPathComponent(name).path, "--keys", "q"])
        #expect(typed.status == 0 && typed.output == "q\n", "\(typed.error)")
    }

    @Test("wrong arguments exit 64 with the usage line; a layout that does not load exits 1")
    func errors() throws {
        let unknown = try KbdsimBinary.run(["export", "--format", "ldmx", "hu-touch", "/tmp/x"])
        #expect(unknown.status == 64)
        #expect(
            unknown.error.contains(
                "invalid value 'ldmx' for '--format'; did you mean 'ldml'? (expected keyman, ldml or xkb)"))
        #expect(unknown.error.contains("usage: kbdsim export --format keyman|ldml|xkb LAYOUT [DIR] [-o FILE]"))
        #expect(try KbdsimBinary.run(["export", "hu-touch", "/tmp/x"]).status == 64)
        #expect(try KbdsimBinary.run(["export", "--format", "keyman", "hu-touch"]).status == 64)
        #expect(
            try KbdsimBinary.run(["export", "--fromat", "keyman", "hu-touch"]).error.contains(
                "did you mean '--format'?"))
        let several = try KbdsimBinary.run(["export", "--format", "keyman", "hu-touch", "-o", "/tmp/x.kmn"])
        #expect(several.status == 64)
        #expect(several.error.contains("keyman writes 3 files; give a folder"))
        let unknownLayout = try KbdsimBinary.run(["export", "--format", "keyman", "no-such-layout", "/tmp/x"])
        #expect(unknownLayout.status == 64)
        #expect(unknownLayout.error.contains("[KBD-E104]"))
        let broken = try KbdsimBinary.run(["export", "--format", "keyman", "/nonexistent/x.json", "/tmp/x"])
        #expect(broken.status == 1)
    }

    @Test(
        "a hardware layout is refused by the keyman and xkb exports, which place touch keys on US keys; ldml takes it",
        arguments: ["keyman", "xkb"])
    func hardwareLayout(format: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-hw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try KbdsimBinary.run(["export", "--format", format, "xkb:cz", folder.path])
        #expect(run.status == 64)
        #expect(run.error.contains("xkb:cz is a hardware layout"), "\(run.error)")
        #expect(run.error.contains("export it with --format ldml"))
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing written")
        let ldml = try KbdsimBinary.run(["export", "--format", "ldml", "xkb:cz", folder.path])
        #expect(ldml.status == 0, "\(ldml.error)")
    }

    @Test("a place it cannot write to: exit 1, the path, the reason and the fix; nothing half-written")
    func unwritable() throws {
        let folder = try TemporaryFolder.make("export-cli")
        defer { TemporaryFolder.remove(folder) }
        let file = folder.appendingPathComponent("file").path
        try Data("kept".utf8).write(to: URL(fileURLWithPath: file))
        let intoFile = try KbdsimBinary.run(["export", "--format", "xkb", "hu-touch", file])
        #expect(intoFile.status == 1)
        #expect(
            intoFile.error == "kbdsim export: error: \(file): this is a file, not a folder; give the path of a folder\n"
        )
        let underFile = try KbdsimBinary.run(["export", "--format", "ldml", "hu-touch", "-o", file + "/x.xml"])
        #expect(underFile.status == 1)
        #expect(underFile.error.contains("\(file)/x.xml: a part of the path before the last is a file"))
        let missing = folder.appendingPathComponent("missing/x.xml").path
        let noFolder = try KbdsimBinary.run(["export", "--format", "ldml", "hu-touch", "-o", missing])
        #expect(noFolder.error.contains("\(missing): the folder it goes in does not exist; create the folder"))
        let onFolder = try KbdsimBinary.run(["export", "--format", "ldml", "hu-touch", "-o", folder.path])
        #expect(onFolder.error.contains("\(folder.path): this is a folder, not a file; give the path of a file"))
        #expect(FileManager.default.contents(atPath: file) == Data("kept".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file"])
    }
}
