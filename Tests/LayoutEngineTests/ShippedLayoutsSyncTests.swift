import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// The layouts built into the library are exactly the files of `Layouts/`, so an installed
/// binary types what the repository shows (regenerate with `python3 tools/embed_layouts.py`).
struct ShippedLayoutsSyncTests {
    @Test("every Layouts/*.json is built in, byte for byte, and nothing else is")
    func builtInEqualsFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Shipped.sourceDirectory)
        let folderIDs = names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        #expect(ShippedLayouts.files.map(\.id) == folderIDs, "run python3 tools/embed_layouts.py")
        for id in folderIDs {
            let onDisk = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Shipped.sourcePath(id))))
            #expect(LayoutCatalog.builtInFile(id) == onDisk, "\(id): run python3 tools/embed_layouts.py")
        }
    }

    @Test("KBD_LAYOUTS_DIR's layouts shadow the built-in ones and add new ids")
    func overrideFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kbd-override-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var edited = String(decoding: try #require(LayoutCatalog.builtInFile("hu-touch")), as: UTF8.self)
        edited = edited.replacingOccurrences(of: "\"id\": \"hu-touch\"", with: "\"id\": \"my-touch\"")
        try Data(edited.utf8).write(to: folder.appendingPathComponent("my-touch.json"))
        let ids = LayoutCatalog.shippedIDs(overrideDirectory: folder.path)
        #expect(ids.contains("my-touch") && ids.contains("hu-touch"))
        #expect(LayoutCatalog.read("my-touch", overrideDirectory: folder.path).layout?.id == "my-touch")
        #expect(LayoutCatalog.read("my-touch", overrideDirectory: nil).layout == nil)
    }

    @Test("an unknown id is KBD-E104 with the nearest id, not a file that cannot be read")
    func unknownID() {
        #expect(throws: LayoutLoadError.self) { try LayoutCatalog.load("hu-tuoch") }
        let diagnostics = LayoutCatalog.read("hu-tuoch").diagnostics
        #expect(diagnostics.map(\.code) == [.unknownLayout])
        #expect(
            diagnostics.first?.description.hasPrefix("error: no layout \"hu-tuoch\"; did you mean \"hu-touch\"?")
                == true)
    }
}
