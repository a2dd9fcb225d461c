/// A byte sequence in a corpus that is not UTF-8; it is skipped and the rest is measured.
public struct InvalidUTF8: Hashable, Sendable, CustomStringConvertible {
    /// The corpus it is in (a file's path, `-` for standard input).
    public let source: String
    /// The offset of its first byte from the start of the corpus.
    public let byteOffset: Int
    /// How many bytes were skipped.
    public let length: Int

    /// Creates a report of one invalid sequence.
    public init(source: String, byteOffset: Int, length: Int) {
        self.source = source
        self.byteOffset = byteOffset
        self.length = length
    }

    public var description: String {
        "\(source): byte \(byteOffset): invalid UTF-8 (\(length) byte\(length == 1 ? "" : "s") skipped)"
    }
}

/// Invalid sequences found: the first `limit` kept for messages, all of them counted, so that
/// binary data costs no memory per bad byte.
public struct InvalidUTF8Tally: Hashable, Sendable {
    /// The first sequences found, up to `limit`.
    public private(set) var kept: [InvalidUTF8] = []
    /// How many sequences there were in all.
    public private(set) var count = 0
    /// How many bytes they skipped in all.
    public private(set) var bytes = 0
    /// How many are kept.
    public let limit: Int
    /// The offset just past the last sequence counted, -1 before the first.
    private var lastEnd = -1

    /// An empty tally that keeps up to `limit` sequences.
    public init(limit: Int) { self.limit = limit }

    /// Counts one sequence, keeping it while there is room. Sequences of one source come in
    /// order; one that starts where the last ended is the rest of the same run, cut by a chunk
    /// boundary, and lengthens it instead of counting again.
    mutating func add(_ sequence: InvalidUTF8) {
        bytes += sequence.length
        defer { lastEnd = sequence.byteOffset + sequence.length }
        if sequence.byteOffset == lastEnd {
            if count <= limit, let last = kept.popLast() {
                let length = last.length + sequence.length
                kept.append(InvalidUTF8(source: last.source, byteOffset: last.byteOffset, length: length))
            }
            return
        }
        count += 1
        if kept.count < limit { kept.append(sequence) }
    }

    /// Adds another tally (of a later source).
    public mutating func add(_ other: InvalidUTF8Tally) {
        count += other.count
        bytes += other.bytes
        kept += other.kept.prefix(max(0, limit - kept.count))
        lastEnd = -1
    }
}

/// Checks UTF-8 by hand, so that a bad sequence is reported with its offset and dropped
/// instead of being silently replaced.
enum UTF8Validation {
    /// The length of the valid sequence starting at `index`, or `nil` when the bytes there
    /// are not UTF-8 (then skipping one byte and trying again finds the next valid one).
    ///
    /// Follows the well-formed byte sequences of the Unicode Standard, table 3-7: no
    /// overlong forms, no surrogates, nothing above U+10FFFF.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let first = bytes[index]
        if first < 0x80 { return 1 }
        let remaining = bytes.count - index
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            offset < remaining && bytes[index + offset] >= low && bytes[index + offset] <= high
        }
        switch first {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }

    /// How many bytes at the end of `bytes` may be the start of a sequence that the next
    /// chunk completes (0 to 3).
    static func incompleteTailLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var back = 0
        while back < min(3, bytes.count) {
            let byte = bytes[bytes.count - 1 - back]
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return needed > back + 1 ? back + 1 : 0
            }
            back += 1
        }
        return 0
    }

    /// Moves the valid sequences of `bytes` to its front, in order, and reports each maximal
    /// run of invalid bytes, with offsets counted from `baseOffset`. Returns how many bytes
    /// are valid; valid text is not moved (nor copied) before the first invalid byte.
    /// - Complexity: O(n); ASCII runs are checked eight bytes at a time.
    static func validate(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, baseOffset: Int, source: String, invalid: inout InvalidUTF8Tally
    ) -> Int {
        var index = 0
        var runStart = 0
        var badStart = -1
        var kept = 0
        let count = bytes.count
        let readable = UnsafeBufferPointer(bytes)
        // Moves the valid run before `end` down to follow the bytes kept so far.
        func keepRun(upTo end: Int) {
            let length = end - runStart
            if kept != runStart, length > 0 {
                UnsafeMutableRawPointer(bytes.baseAddress! + kept).copyMemory(
                    from: bytes.baseAddress! + runStart, byteCount: length)
            }
            kept += length
        }
        while index < count {
            // Fast paths, eight bytes at a time (little-endian: the first byte is the lowest):
            // eight of ASCII and two-byte sequences, else the ASCII bytes up to the first that is not.
            if index + 8 <= count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                if let length = asciiAndTwoByteLength(word) {
                    if badStart >= 0 { closeBad(&badStart, index, &runStart, baseOffset, source, &invalid) }
                    index += length
                    continue
                }
                let ascii = (word & 0x8080_8080_8080_8080).trailingZeroBitCount >> 3
                if ascii > 0 {
                    if badStart >= 0 { closeBad(&badStart, index, &runStart, baseOffset, source, &invalid) }
                    index += ascii
                    continue
                }
            }
            // Two-byte sequences (Latin letters with accents) without the general case.
            let lead = bytes[index]
            if lead >= 0xC2, lead <= 0xDF, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                if badStart >= 0 { closeBad(&badStart, index, &runStart, baseOffset, source, &invalid) }
                index += 2
                continue
            }
            if let length = sequenceLength(readable, at: index) {
                if badStart >= 0 { closeBad(&badStart, index, &runStart, baseOffset, source, &invalid) }
                index += length
            } else {
                if badStart < 0 {
                    keepRun(upTo: index)
                    badStart = index
                }
                index += 1
            }
        }
        if badStart >= 0 {
            invalid.add(InvalidUTF8(source: source, byteOffset: baseOffset + badStart, length: count - badStart))
        } else {
            keepRun(upTo: count)
        }
        return kept
    }

    /// When the eight bytes of `word` (the first the lowest) start with a sequence and hold
    /// only ASCII and whole two-byte sequences (lead 0xC2–0xDF, then a continuation byte),
    /// perhaps with a lead as the eighth byte: how many of them those sequences cover (8, or
    /// 7 before such a lead). `nil` otherwise, without telling why.
    @inline(__always)
    static func asciiAndTwoByteLength(_ word: UInt64) -> Int? {
        let high: UInt64 = 0x8080_8080_8080_8080
        let marked = word & high
        // Per byte, in its top bit: a lead (11xxxxxx), a continuation (10xxxxxx), a lead of
        // three or four bytes (111xxxxx), and a lead above 0xC1 (one of bits 1–4 set, so that
        // 0xC0 and 0xC1, which would make overlong forms, are not).
        let lead = marked & (word << 1)
        let continuation = marked & ~(word << 1)
        let long = lead & (word << 2)
        let aboveC1 = ((word & 0x1E1E_1E1E_1E1E_1E1E) &+ 0x7E7E_7E7E_7E7E_7E7E) & high
        // Each continuation right after a lead and each lead but the last byte's before one;
        // one test for all (ASCII and Latin letters mix unpredictably: no branch on which).
        guard long | (lead & ~aboveC1) | (continuation ^ (lead << 8)) == 0 else { return nil }
        return 8 &- Int(truncatingIfNeeded: lead >> 63)
    }

    private static func closeBad(
        _ badStart: inout Int, _ index: Int, _ runStart: inout Int, _ baseOffset: Int, _ source: String,
        _ invalid: inout InvalidUTF8Tally
    ) {
        invalid.add(InvalidUTF8(source: source, byteOffset: baseOffset + badStart, length: index - badStart))
        badStart = -1
        runStart = index
    }
}
