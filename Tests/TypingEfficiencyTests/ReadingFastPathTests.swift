import Testing

@testable import FuzzChecks
@testable import TypingEfficiency

/// The reader's word-at-a-time paths (UTF-8 checked eight bytes at a time, line breaks and
/// NUL bytes counted eight at a time) against plain definitions, over random texts built
/// from pieces that put every kind of sequence, valid or not, across every place of a word.
@Suite("Corpus reading, eight bytes at a time")
struct ReadingFastPathTests {
    /// Pieces of text: ASCII, line breaks and NUL, two-byte letters (the lowest and highest
    /// two-byte scalars among them), longer sequences, and invalid ones: overlong leads
    /// C0 and C1, lone continuation bytes, truncated sequences, a surrogate, bytes never valid.
    static let pieces: [[UInt8]] = [
        [0x61], [0x20], [0x0A], [0x0D], [0x00], [0xC3, 0xA1], [0xC5, 0x91], [0xC2, 0x80], [0xDF, 0xBF],
        [0xCC, 0x81], [0xE2, 0x80, 0x9E], [0xF0, 0x9F, 0x99, 0x82], [0xC0, 0xAF], [0xC1, 0xBF], [0x80],
        [0xBF], [0xC3], [0xE2, 0x80], [0xED, 0xA0, 0x80], [0xFF], [0xF8, 0x88, 0x80, 0x80],
    ]

    /// A text of `length` pieces drawn by `random`, ASCII letters most often.
    static func text(_ length: Int, _ random: inout Xorshift) -> [UInt8] {
        (0..<length).flatMap { _ in
            let draw = random.next() % 64
            return draw < 32 ? [0x61 + UInt8(draw % 26)] : pieces[Int(draw - 32) % pieces.count]
        }
    }

    @Test("valid bytes and invalid runs are those of Swift's own UTF-8 parser")
    func validationAgreesWithSwift() {
        var random = Xorshift(seed: 0x00C0_FFEE)
        for round in 0..<20_000 {
            let text = Self.text(round % 40, &random)
            let (valid, runs) = FuzzChecks.decodeOracle(text)
            var tally = InvalidUTF8Tally(limit: 1000)
            var bytes = text
            let kept = bytes.withUnsafeMutableBufferPointer {
                UTF8Validation.validate($0, baseOffset: 0, source: "t", invalid: &tally)
            }
            #expect(Array(bytes[..<kept]) == valid, "\(text)")
            #expect(tally.kept.map(\.byteOffset) == runs.map(\.offset), "\(text)")
            #expect(tally.kept.map(\.length) == runs.map(\.length), "\(text)")
            if Array(bytes[..<kept]) != valid { return }
        }
    }

    @Test("eight bytes of ASCII and two-byte sequences are taken whole, or up to a last lead")
    func asciiAndTwoByteWords() {
        func word(_ bytes: [UInt8]) -> UInt64 {
            bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        #expect(UTF8Validation.asciiAndTwoByteLength(word(Array("abcdefgh".utf8))) == 8)
        #expect(UTF8Validation.asciiAndTwoByteLength(word(Array("aáőbcd".utf8))) == 8)
        #expect(UTF8Validation.asciiAndTwoByteLength(word(Array("abcdefg".utf8) + [0xC3])) == 7)
        #expect(UTF8Validation.asciiAndTwoByteLength(word([0xA1] + Array("bcdefgh".utf8))) == nil)
        #expect(UTF8Validation.asciiAndTwoByteLength(word(Array("abc„de".utf8))) == nil)
        #expect(UTF8Validation.asciiAndTwoByteLength(word(Array("abcdef".utf8) + [0xC1, 0xBF])) == nil)
        #expect(UTF8Validation.asciiAndTwoByteLength(word(Array("abcdef".utf8) + [0xC3, 0x61])) == nil)
    }

    @Test("line breaks and NUL bytes are counted, and the first NUL found, at every chunk size")
    func lineAndNulCounts() throws {
        var random = Xorshift(seed: 0x0A0A)
        for round in 0..<300 {
            let text = Self.text(round * 3, &random)
            let chunkSize = 16 + round % 50
            var reader = try CorpusReader(.text(name: "t", bytes: text), chunkSize: chunkSize)
            while try reader.nextChunk() != nil {}
            #expect(reader.lineBreaks == text.count { $0 == 0x0A }, "\(text)")
            #expect(reader.nulCount == text.count { $0 == 0 }, "\(text)")
            #expect(reader.firstNulOffset == text.firstIndex(of: 0), "\(text)")
        }
    }
}

/// A small deterministic generator (xorshift64), so the random texts repeat exactly.
struct Xorshift {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
