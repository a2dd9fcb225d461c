import Foundation
import Testing

/// `kbdsim compare` on input that is not a tidy text file (issue #6): one huge line without a
/// line break, binary data, an empty file. Each gets a clear message and the documented exit
/// status (0 measured, with warnings; 1 nothing to measure), in bounded memory.
@Suite("kbdsim compare fault tests")
struct CompareFaultTests {
    /// A temporary directory for generated corpora, removed afterwards.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cmp-fault-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// Runs `kbdsim compare` under `/usr/bin/time -v` when present; its peak resident memory in
    /// kilobytes, or nil without `/usr/bin/time`.
    static func runMeasured(_ arguments: [String]) throws -> (CompareCommandTests.Run, Int?) {
        let binary = try #require(CompareCommandTests.binary, "kbdsim is not built next to the tests")
        let time = "/usr/bin/time"
        let hasTime = FileManager.default.isExecutableFile(atPath: time)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: hasTime ? time : binary)
        process.arguments = (hasTime ? ["-v", binary] : []) + ["compare"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the child runs, so neither fills up.
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        var err = String(decoding: errorData, as: UTF8.self)
        var peak: Int?
        if hasTime, let range = err.range(of: "\tCommand being timed:") {
            let report = err[range.lowerBound...]
            if let line = report.split(separator: "\n").first(where: { $0.contains("Maximum resident set size") }) {
                peak = Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
            }
            err = String(err[..<range.lowerBound])
        }
        return (
            CompareCommandTests.Run(
                status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), error: err), peak
        )
    }

    @Test("megabytes on one line without a line break: measured in pieces, one warning, memory that does not grow")
    func hugeLine() throws {
        // Two sizes: the bigger run may not use more memory than the smaller one by anything near
        // their difference (16 MB), so the line is never held whole; small enough for a debug build.
        let small = try Self.measureOneLine(size: 8_000_000)
        let large = try Self.measureOneLine(size: 24_000_000)
        if let smallPeak = small, let largePeak = large {
            #expect(
                largePeak - smallPeak < 8_000,
                "peak resident memory \(smallPeak) kB for 8 MB, \(largePeak) kB for 24 MB")
        } else {
            print("/usr/bin/time is absent (Debian package `time`): peak memory not checked")
        }
    }

    /// Measures a one-line corpus of `size` bytes and checks the report; the peak memory in kB.
    static func measureOneLine(size: Int) throws -> Int? {
        var peakMemory: Int?
        try Self.withTemporaryDirectory { directory in
            // Hungarian letters that hu-extended types with one key each, and spaces: 2 bytes a letter.
            let word = Array("őűáéíóöüú ".utf8)
            let path = directory.appendingPathComponent("one-line.txt").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil), "cannot create the test file")
            let handle = try #require(FileHandle(forWritingAtPath: path))
            var block: [UInt8] = []
            while block.count + word.count <= 1 << 20 { block += word }
            var written = 0
            while written + block.count <= size {
                handle.write(Data(block))
                written += block.count
            }
            var rest: [UInt8] = []
            while written + rest.count + word.count <= size { rest += word }
            handle.write(Data(rest))
            written += rest.count
            try handle.close()
            let words = written / word.count
            let (run, peak) = try Self.runMeasured([
                "--layouts", "hu-extended", "--model", "keystrokes", "--format", "csv", "--corpus", path, "--jobs", "2",
            ])
            #expect(run.status == 0, "\(run.error)")
            let warnings = run.error.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("\(path):1: line longer than") == true)
            // One sentence, every character counted once (9 letters and a space a word).
            let row = run.output.split(separator: "\r\n").dropFirst().first.map(String.init) ?? ""
            #expect(row.contains(",running text,\(written),keystrokes,hu-extended,"))
            #expect(row.contains(",\(words * 10),"), "\(row)")
            peakMemory = peak
        }
        return peakMemory
    }

    @Test("binary data: invalid UTF-8 by offset, the first few only, NUL bytes, a hint; the rest measured")
    func binary() throws {
        try Self.withTemporaryDirectory { directory in
            var state: UInt64 = 0x2545_F491_4F6C_DD1D
            var bytes = [UInt8](repeating: 0, count: 1_000_000)
            for index in bytes.indices {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
            }
            let path = directory.appendingPathComponent("random.bin").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot create the test file")
            let (run, peak) = try Self.runMeasured(["--layouts", "hu-touch", "--model", "keystrokes", "--corpus", path])
            #expect(run.status == 0)
            let lines = run.error.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(lines.count <= 14, "\(lines.count) warnings")
            #expect(lines.filter { $0.contains("invalid UTF-8 (") }.count == 10)
            #expect(lines.contains { $0.contains("\(path): byte ") && $0.contains("invalid UTF-8 (") })
            #expect(lines.contains { $0.contains("more invalid UTF-8 sequences not listed") })
            #expect(lines.contains { $0.contains("NUL byte") })
            #expect(lines.contains { $0.contains("looks like binary data") })
            #expect(run.output.contains("Invalid UTF-8:"))
            if let peak { #expect(peak < 100_000, "peak resident memory \(peak) kB") }
        }
    }

    @Test("an empty file: a clear message, exit status 1")
    func emptyFile() throws {
        try Self.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("empty.txt").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data()), "cannot create the test file")
            let (run, _) = try Self.runMeasured(["--corpus", path])
            #expect(run.status == 1)
            #expect(run.error.contains("the corpus \(path) is empty (0 bytes): nothing to measure"))
            #expect(run.output.isEmpty)
        }
    }

    @Test("a file of line breaks and invalid bytes only: nothing to measure, exit status 1")
    func nothingToMeasure() throws {
        try Self.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("blank.txt").path
            #expect(
                FileManager.default.createFile(atPath: path, contents: Data([0x0A, 0xFF, 0x0A, 0x0D, 0x0A])),
                "cannot create the test file")
            let (run, _) = try Self.runMeasured(["--corpus", path])
            #expect(run.status == 1)
            #expect(run.error.contains("blank.txt: byte 1: invalid UTF-8 (1 byte skipped)"))
            #expect(run.error.contains("its 5 bytes hold no character to measure"))
        }
    }

    @Test("--help documents the exit statuses")
    func help() throws {
        let run = try CompareCommandTests.run(["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("Exit status: 0 measured"))
        #expect(run.output.contains("64 wrong arguments"))
    }
}
