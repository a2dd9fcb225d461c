import Foundation
import Synchronization
import TestSupport
import Testing

@testable import LayoutEngine

/// Writing the files the commands make: whole or not at all, folders made as needed, and a
/// reason with a fix for each way it can fail.
@Suite("File writing")
struct FileWritingTests {
    static func folder() throws -> String { try TemporaryFolder.make("file-writing").path }

    /// The names in `folder`, hidden ones included (a temporary file left behind shows here).
    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test("a file is written, then replaced whole, and nothing else is left in its folder")
    func replaces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/layout.json"
        let first = [UInt8]((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try FileWriting.write(first, to: path)
        #expect(FileManager.default.contents(atPath: path) == Data(first))
        try FileWriting.write(Array("{}".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("{}".utf8))
        try FileWriting.write([], to: folder + "/empty")
        #expect(try Self.names(in: folder) == ["empty", "layout.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
    }

    @Test("a symbolic link keeps pointing where it did; a device and a pipe are written into")
    func linksDevicesPipes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileWriting.write(Array("old".utf8), to: folder + "/target.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: "target.json")
        try FileWriting.write(Array("new".utf8), to: folder + "/link.json")
        #expect(FileManager.default.contents(atPath: folder + "/target.json") == Data("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json") == "target.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.json", withDestinationPath: "made.json")
        try FileWriting.write(Array("made".utf8), to: folder + "/dangling.json")
        #expect(FileManager.default.contents(atPath: folder + "/made.json") == Data("made".utf8))
        #expect(try Self.names(in: folder) == ["dangling.json", "link.json", "made.json", "target.json"])

        try FileWriting.write(Array("gone".utf8), to: "/dev/null")
        try FileWriting.checkWritable("/dev/null")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)

        let fifo = folder + "/pipe"
        try #require(mkfifo(fifo, 0o600) == 0)
        let received = Mutex<[UInt8]>([])
        let reader = Thread {
            let bytes = FileReading.contents(of: fifo)
            received.withLock { $0 = (try? bytes.get()) ?? [] }
        }
        reader.start()
        try FileWriting.write(Array("through the pipe".utf8), to: fifo)
        while reader.isExecuting || !reader.isFinished { usleep(1000) }
        #expect(received.withLock { $0 } == Array("through the pipe".utf8))
    }

    @Test("folders are made with the ones above them; an existing folder is fine")
    func folders() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileWriting.makeFolder(folder + "/a/b/c")
        try FileWriting.makeFolder(folder + "/a/b/c")
        try FileWriting.makeFolder(folder)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder + "/a/b/c", isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("each failure names the problem and the fix, and leaves what was there")
    func failures() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/file"
        try FileWriting.write(Array("kept".utf8), to: file)
        #expect(throws: FileWriting.Failure.missingFolder) { try FileWriting.write([1], to: folder + "/missing/x.xml") }
        #expect(throws: FileWriting.Failure.folder) { try FileWriting.write([1], to: folder) }
        #expect(throws: FileWriting.Failure.notAFolder) { try FileWriting.write([1], to: file + "/x.xml") }
        #expect(throws: FileWriting.Failure.file) { try FileWriting.makeFolder(file) }
        #expect(throws: FileWriting.Failure.notAFolder) { try FileWriting.makeFolder(file + "/sub") }
        #expect(FileManager.default.contents(atPath: file) == Data("kept".utf8))
        #expect(try Self.names(in: folder) == ["file"])
        #expect(
            FileWriting.Failure.missingFolder.description
                == "the folder it goes in does not exist; create the folder or give another path")
        #expect(FileWriting.Failure.file.description == "this is a file, not a folder; give the path of a folder")
        #expect(FileWriting.Failure.permission.description == "permission denied; choose a folder you can write to")
    }

    @Test("checking that a file can be written leaves nothing, and fails as the write would")
    func check() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileWriting.checkWritable(folder + "/new.json")
        #expect(try Self.names(in: folder).isEmpty)
        #expect(throws: FileWriting.Failure.missingFolder) { try FileWriting.checkWritable(folder + "/no/new.json") }
        #expect(throws: FileWriting.Failure.folder) { try FileWriting.checkWritable(folder) }
    }

    @Test("a folder its permissions close: a failure, except for root, who writes in it")
    func permission() throws {
        let folder = try Self.folder()
        defer {
            chmod(folder, 0o700)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try #require(chmod(folder, 0o500) == 0)
        if getuid() == 0 {
            try FileWriting.write([1], to: folder + "/x.json")
        } else {
            #expect(throws: FileWriting.Failure.permission) { try FileWriting.write([1], to: folder + "/x.json") }
            #expect(try Self.names(in: folder).isEmpty)
        }
    }

    @Test("a file system that makes no files there is an error with the system's reason")
    func procfs() throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc")
        do {
            try FileWriting.write([1], to: "/proc/kbdsim-test.xml")
            Issue.record("writing into /proc did not fail")
        } catch {
            #expect(error.reason.hasPrefix("it cannot be written ("), "\(error)")
        }
        do {
            try FileWriting.makeFolder("/proc/kbdsim-test")
            Issue.record("making a folder in /proc did not fail")
        } catch {
            #expect(error.reason.hasPrefix("it cannot be written ("), "\(error)")
        }
    }
}
