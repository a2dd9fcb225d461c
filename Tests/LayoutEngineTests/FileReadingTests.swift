import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// Reading layout and keyboard files: regular files, pipes and devices, and a reason with a
/// fix for each way it can fail.
@Suite("File reading")
struct FileReadingTests {
    static func folder() throws -> String { try TemporaryFolder.make("file-reading").path }

    @Test("a regular file, an empty one and a device are read to their end")
    func regular() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = [UInt8]((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/big.json"))
        #expect(FileReading.contents(of: folder + "/big.json") == .success(bytes))
        try Data().write(to: URL(fileURLWithPath: folder + "/empty.json"))
        #expect(FileReading.contents(of: folder + "/empty.json") == .success([]))
        #expect(FileReading.contents(of: "/dev/null") == .success([]))
    }

    @Test("a pipe (as from `--layout <(…)`) is read to its end, which FileManager does not do")
    func pipe() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/layout.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let text = try #require(LayoutCatalog.builtInFile("hu-touch"))
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(Data(text))
            try? handle.close()
        }
        writer.start()
        #expect(FileReading.contents(of: fifo) == .success(text))
    }

    @Test("a missing file, a folder and a file too large each say why, with the fix")
    func failures() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileReading.contents(of: folder + "/none.json") == .failure(.missing))
        #expect(FileReading.contents(of: folder + "/none/x.json") == .failure(.missing))
        #expect(FileReading.contents(of: folder) == .failure(.folder))
        #expect(FileReading.contents(of: "/dev/zero") == .failure(.tooLarge))
        #expect(FileReading.Failure.missing.description == "the file does not exist; check the path")
        #expect(FileReading.Failure.folder.description == "this is a folder, not a file; give the path of a file in it")
        let result = LayoutLoader.read(path: folder)
        #expect(result.diagnostics.map(\.description) == ["\(folder): error: \(FileReading.Failure.folder) [KBD-E100]"])
    }

    @Test("a file its permissions forbid: a failure, except for root, who reads it")
    func permission() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/locked.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        try #require(chmod(path, 0) == 0)
        if getuid() == 0 {
            // Root reads it anyway: the bytes, not a failure.
            #expect(FileReading.contents(of: path) == .success(Array("{}".utf8)))
        } else {
            #expect(FileReading.contents(of: path) == .failure(.permission))
        }
    }
}
