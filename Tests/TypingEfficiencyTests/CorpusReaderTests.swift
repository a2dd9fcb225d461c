import Foundation
import TestSupport
import Testing

@testable import TypingEfficiency

@Suite("Corpus reading")
struct CorpusReaderTests {
    /// All chunks' bytes as text, and the reader.
    func read(_ bytes: [UInt8], chunkSize: Int) throws -> (String, CorpusReader) {
        var reader = try CorpusReader(.text(name: "t.txt", bytes: bytes), chunkSize: chunkSize)
        var out: [UInt8] = []
        var index = 0
        while let chunk = try reader.nextChunk() {
            #expect(chunk.index == index)
            index += 1
            out += chunk.bytes
        }
        return (String(decoding: out, as: UTF8.self), reader)
    }

    @Test(
        "invalid UTF-8 is reported with its byte offset and skipped",
        arguments: [
            // bytes, expected text, (offset, length) of each bad run
            ([0x61, 0xFF, 0x62], "ab", [(1, 1)]),
            ([0x61, 0xC3], "a", [(1, 1)]),  // truncated at the end
            ([0xC3, 0xA1, 0xE2, 0x82, 0x0A, 0x62], "á\nb", [(2, 2)]),
            ([0xC0, 0xAF, 0x61], "a", [(0, 2)]),  // overlong
            ([0xED, 0xA0, 0x80, 0x61], "a", [(0, 3)]),  // surrogate
            ([0xF4, 0x90, 0x80, 0x80], "", [(0, 4)]),  // above U+10FFFF
            ([0x61, 0x80, 0x62, 0x80, 0x80], "ab", [(1, 1), (3, 2)]),
        ] as [([UInt8], String, [(Int, Int)])])
    func invalid(_ bytes: [UInt8], _ text: String, _ bad: [(Int, Int)]) throws {
        for chunkSize in [16, 1 << 20] {
            let (result, reader) = try read(bytes, chunkSize: chunkSize)
            #expect(result == text)
            #expect(reader.invalidSequences.map(\.byteOffset) == bad.map(\.0))
            #expect(reader.invalidSequences.map(\.length) == bad.map(\.1))
            #expect(reader.invalidCount == bad.count)
        }
    }

    @Test("a byte order mark starts no text: skipped at the start of a source, kept inside it")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for chunkSize in [1, 2, 3, 4, 64] {
            let (text, _) = try read(mark + Array("alma\r\nkörte\n".utf8), chunkSize: chunkSize)
            #expect(text == "alma\r\nkörte\n", "chunk size \(chunkSize)")
            let (inside, _) = try read(Array("a".utf8) + mark + Array("b".utf8), chunkSize: chunkSize)
            #expect(inside == "a\u{FEFF}b", "chunk size \(chunkSize)")
        }
        let list = try WordFrequencyList(parsing: mark + Array("alma\t3\r\nkörte\t1\r\n".utf8), name: "w.tsv")
        #expect(list.entries.map(\.word) == ["alma", "körte"])
        #expect(list.entries.map(\.weight) == [750_000, 250_000])
    }

    @Test("the message names the file and the byte offset")
    func message() {
        #expect(
            "\(InvalidUTF8(source: "x.txt", byteOffset: 12, length: 1))"
                == "x.txt: byte 12: invalid UTF-8 (1 byte skipped)")
    }

    @Test("chunks end after a line break, never inside a character, and lose nothing")
    func chunking() throws {
        let text = String(repeating: "Árvíztűrő tükörfúrógép 🙂\nő\n", count: 50)
        for chunkSize in [16, 17, 33, 100, 1 << 20] {
            var reader = try CorpusReader(.text(name: "t", bytes: Array(text.utf8)), chunkSize: chunkSize)
            var joined: [UInt8] = []
            while let chunk = try reader.nextChunk() {
                if chunkSize >= 100, chunk.bytes.count > 0, reader.bytesRead < text.utf8.count {
                    #expect(chunk.bytes.last == 0x0A, "chunk size \(chunkSize)")
                }
                joined += chunk.bytes
            }
            #expect(String(decoding: joined, as: UTF8.self) == text)
            #expect(reader.invalidCount == 0)
        }
    }

    @Test("a line longer than a chunk is split between characters, not inside one")
    func longLine() throws {
        let text = String(repeating: "ő", count: 40)
        let (result, reader) = try read(Array(text.utf8), chunkSize: 16)
        #expect(result == text)
        #expect(reader.invalidCount == 0)
    }

    @Test("a missing file is an error that names it")
    func missingFile() {
        #expect(throws: CorpusError.self) { try CorpusReader(.file("/nonexistent/corpus.txt")) }
        do {
            _ = try CorpusReader(.file("/nonexistent/corpus.txt"))
        } catch {
            #expect("\(error)".hasPrefix("/nonexistent/corpus.txt: cannot open"))
        }
    }

    @Test("a file is read in chunks with offsets counted from its start")
    func fileOffsets() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("te-\(UUID()).txt").path
        var bytes = Array(String(repeating: "abcdefghi\n", count: 30).utf8)
        bytes[205] = 0xFE
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot create the test file")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try CorpusReader(.file(path), chunkSize: 64)
        var total = 0
        while let chunk = try reader.nextChunk() { total += chunk.bytes.count }
        reader.close()
        #expect(total == 299)
        #expect(reader.invalidSequences == [InvalidUTF8(source: path, byteOffset: 205, length: 1)])
    }

    @Test("the rest of a corpus with invalid UTF-8 is still measured")
    func measuredDespiteInvalid() throws {
        let comparison = Comparison(layouts: [Shipped.layout("hu-touch")], model: .keystrokes)
        let report = try comparison.run(.runningText([.text(name: "bad.txt", bytes: [0x61, 0xFF, 0x62, 0x0A, 0x63])]))
        #expect(report.corpus.invalidCount == 1)
        #expect(report.corpus.invalidSequences.first?.byteOffset == 1)
        #expect(report.results[0].totals.characters == 3)
        #expect(report.corpus.units == 2)
    }

    @Test("an empty corpus says so")
    func empty() throws {
        let comparison = Comparison(layouts: [Shipped.layout("hu-touch")], model: .keystrokes)
        let report = try comparison.run(.runningText([.text(name: "empty.txt", bytes: Array("\n\n".utf8))]))
        #expect(report.corpus.isEmpty)
    }

    @Test(
        "word lists: bad lines are errors with their line number",
        arguments: [
            ("a\t1\nb\n", 2),
            ("a\t1\nb\t-3\n", 2),
            ("# comment\n\na\tx\n", 3),
            ("a\t1e300\nb\t1e300\n", 1),
            ("a\t1\nb\tinf\n", 2),
        ])
    func badWordList(_ text: String, _ line: Int) {
        do {
            _ = try WordFrequencyList(parsing: Array(text.utf8), name: "w.tsv")
            Issue.record("no error")
        } catch {
            guard case .badWordList(let path, let reported, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path == "w.tsv")
            #expect(reported == line)
        }
    }

    @Test("embedded word lists exist for hu, cs and da and sum to a million words")
    func embedded() throws {
        for locale in ["hu", "cs-CZ", "da"] {
            let list = try #require(EmbeddedWordLists.list(for: locale))
            #expect(list.entries.count == 5000)
            #expect(abs(list.entries.reduce(0) { $0 + $1.weight } - 1_000_000) < 1e-3)
        }
        #expect(EmbeddedWordLists.list(for: "fi") == nil)
    }
}
