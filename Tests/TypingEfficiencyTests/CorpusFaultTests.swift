import Foundation
import TestSupport
import Testing

@testable import TypingEfficiency

/// The corpus reader on input that is not tidy text: lines longer than a chunk, binary data.
@Suite("Corpus reader faults")
struct CorpusFaultTests {
    func chunks(_ bytes: [UInt8], chunkSize: Int) throws -> ([CorpusChunk], CorpusReader) {
        var reader = try CorpusReader(.text(name: "t.txt", bytes: bytes), chunkSize: chunkSize)
        var chunks: [CorpusChunk] = []
        while let chunk = try reader.nextChunk() { chunks.append(chunk) }
        return (chunks, reader)
    }

    @Test("a long line is cut into pieces between graphemes, before a space where there is one")
    func pieces() throws {
        // Decomposed accents (e + U+0301) and flags: no cut may separate a mark or half a flag.
        let line = String(repeating: "ke\u{301}k 🇭🇺 o\u{30B}", count: 40) + "\nnext\n"
        for chunkSize in [16, 23, 64] {
            let (chunks, reader) = try chunks(Array(line.utf8), chunkSize: chunkSize)
            let pieces = chunks.map { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(pieces.joined() == line)
            for (piece, next) in zip(pieces, pieces.dropFirst()) {
                // Cutting changed no grapheme: the two parts have as many as the whole.
                #expect(piece.count + next.count == (piece + next).count, "cut between \(piece) | \(next)")
            }
            #expect(reader.longLineCount == 1)
            #expect(reader.longLines.map(\.line) == [1])
            #expect(chunks.first?.continuesLine == false)
            #expect(chunks.dropFirst().contains { $0.continuesLine })
        }
    }

    @Test("a long line is still one sentence, and later long lines are named by their number")
    func sentences() throws {
        let long = String(repeating: "abc ", count: 50)
        let text = "first\n" + long + "\nsecond\n" + long
        let comparison = Comparison(layouts: [Shipped.layout("hu-touch")], model: .keystrokes)
        let report = try comparison.run(
            .runningText([.text(name: "t.txt", bytes: Array(text.utf8))]), workers: 2, chunkSize: 32)
        #expect(report.corpus.units == 4)
        #expect(report.results[0].totals.characters == Double(text.count - 3))
        #expect(report.corpus.problems.first?.longLines.map(\.line) == [2, 4])
        #expect("\(report.corpus.problems[0].longLines[0])".hasPrefix("t.txt:2: line longer than 32 B"))
    }

    @Test("binary data: invalid sequences counted but only the first few kept, NUL bytes counted")
    func binary() throws {
        var bytes: [UInt8] = []
        for index in 0..<100_000 { bytes.append(index % 7 == 0 ? 0 : index % 3 == 0 ? 0xFF : 0x61) }
        let (_, reader) = try chunks(bytes, chunkSize: 4096)
        #expect(reader.invalidSequences.count == CorpusReader.invalidReportLimit)
        #expect(reader.invalidCount == bytes.indices.filter { $0 % 7 != 0 && $0 % 3 == 0 }.count)
        #expect(reader.invalid.bytes == reader.invalidCount)
        #expect(reader.nulCount == bytes.filter { $0 == 0 }.count)
        #expect(reader.firstNulOffset == 0)
        #expect(reader.longLineCount == 1)
    }

    @Test("a source with 1% or more bad bytes looks binary; a few bad bytes in text do not")
    func looksBinary() throws {
        let comparison = Comparison(layouts: [Shipped.layout("hu-touch")], model: .keystrokes)
        var text = Array(String(repeating: "szöveg\n", count: 100).utf8)
        text[10] = 0xFF
        let fine = try comparison.run(.runningText([.text(name: "a", bytes: text)]))
        #expect(fine.corpus.problems.first?.looksBinary == false)
        for index in stride(from: 0, to: text.count, by: 50) { text[index] = 0 }
        let binary = try comparison.run(.runningText([.text(name: "b", bytes: text)]))
        #expect(binary.corpus.problems.first?.looksBinary == true)
    }
}
