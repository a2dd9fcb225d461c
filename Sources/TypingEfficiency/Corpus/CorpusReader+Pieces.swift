extension CorpusReader {
    /// Where to cut `bytes` (no line break in them) so that the piece ends at a grapheme
    /// boundary of the text without its invalid bytes: before the last space of the last
    /// 4 KiB, else before the last ASCII character, else at the last grapheme boundary (as
    /// far as the last 4 KiB show); never inside a UTF-8 sequence. When the last 4 KiB hold
    /// no boundary (one long grapheme, or no valid text), the cut falls at their end.
    /// - Complexity: O(4 KiB).
    static func pieceEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let end = bytes.count - UTF8Validation.incompleteTailLength(bytes)
        let floor = max(1, end - 4096)
        for wanted in [{ (byte: UInt8) in byte == 0x20 }, { (byte: UInt8) in byte < 0x80 && byte != 0x0D }] {
            var index = end - 1
            while index >= floor {
                if wanted(bytes[index]), breaksBefore(bytes, index) { return index }
                index -= 1
            }
        }
        return lastGraphemeStart(bytes, end: end, floor: max(0, end - 4096)) ?? end
    }

    /// Whether a grapheme boundary falls before the ASCII byte at `index`: always, except
    /// after CR (CR LF) or a Prepend character (UAX #29 GB3, GB9b), which the scalar before
    /// decides. Not when the bytes before are invalid: the scalar that decides is further back.
    static func breaksBefore(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        var start = index - 1
        while start > 0, index - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0 else { return true }
        // (Not by the decoded length: U+FFFD for three bad bytes is three bytes too.)
        guard UTF8Validation.sequenceLength(bytes, at: start) == index - start else { return false }
        let pair = Array(UnsafeBufferPointer(rebasing: bytes[start...index]))
        return String(decoding: pair, as: UTF8.self).count == 2
    }

    /// The start of the last grapheme that starts after the first, by Swift's own grapheme
    /// breaking over the valid bytes from `floor` (begun at a scalar boundary; 0, the start
    /// of the piece, unless the piece is longer than the window); invalid bytes are skipped,
    /// and stay before the cut.
    static func lastGraphemeStart(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, floor: Int) -> Int? {
        var start = floor
        while start < end, bytes[start] & 0xC0 == 0x80 { start += 1 }
        guard start < end else { return nil }
        let window = UnsafeBufferPointer(rebasing: bytes[..<end])
        var valid: [UInt8] = []
        var offsets: [Int] = []  // per valid byte, its offset in `bytes`
        valid.reserveCapacity(end - start)
        offsets.reserveCapacity(end - start)
        var index = start
        while index < end {
            let length = UTF8Validation.sequenceLength(window, at: index) ?? 0
            for byte in index..<index + length {
                valid.append(bytes[byte])
                offsets.append(byte)
            }
            index += max(1, length)
        }
        let text = String(decoding: valid, as: UTF8.self)
        guard let last = text.indices.last, last != text.startIndex else { return nil }
        let cut = offsets[text.utf8.distance(from: text.startIndex, to: last)]
        return cut > 0 ? cut : nil
    }

    /// Counts the line breaks and NUL bytes of a piece that starts at `baseOffset`.
    /// - Complexity: O(n), eight bytes at a time.
    mutating func countLinesAndNuls(_ bytes: UnsafeBufferPointer<UInt8>, baseOffset: Int) {
        var breaks = 0
        var nuls = 0
        var index = 0
        let count = bytes.count
        if let base = bytes.baseAddress {
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                breaks &+= Self.markedCount(Self.zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A))
                let zeros = Self.zeroBytes(word)
                if zeros != 0 {
                    if nuls == 0, firstNulOffset == nil {
                        firstNulOffset = baseOffset + index + UInt64(littleEndian: zeros).trailingZeroBitCount >> 3
                    }
                    nuls &+= Self.markedCount(zeros)
                }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { breaks &+= 1 }
            if byte == 0 {
                if nuls == 0, firstNulOffset == nil { firstNulOffset = baseOffset + index }
                nuls &+= 1
            }
            index += 1
        }
        lineBreaks += breaks
        nulCount += nuls
    }

    /// How many bytes of `marked` have their high bit set (no other bits may be): the
    /// bytes' sum by one multiplication, without a population count instruction (not in
    /// every x86-64 processor, so not used by default).
    @inline(__always)
    static func markedCount(_ marked: UInt64) -> Int {
        Int(truncatingIfNeeded: ((marked >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// The high bit of each byte of `word` that is zero, and no other bit (exact: no carry
    /// crosses a byte).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }
}
