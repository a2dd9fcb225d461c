import Foundation

extension XMLTreeReader {
    /// Where the XML declaration that opens `data` is broken: not closed by `?>` before the
    /// next `<` or `>`. (XML's parser then guesses where it ends, and what it reads after
    /// the guess is not what `blankingProcessingInstructions` saw.) `nil` when the file
    /// opens with no declaration or a closed one.
    static func brokenDeclaration(_ data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data.prefix(4096))
        guard let start = declarationStart(bytes) else { return nil }
        var index = start + 2
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "?"), bytes[index + 1] == UInt8(ascii: ">") { return nil }
            if bytes[index] == UInt8(ascii: "<") || bytes[index] == UInt8(ascii: ">") { break }
            index += 1
        }
        let line = 1 + bytes[..<min(index, bytes.count)].count { $0 == 0x0A }
        let lineStart = bytes[..<min(index, bytes.count)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return (line, index - lineStart + 1)
    }

    /// `data` with every processing instruction but the opening XML declaration turned into
    /// spaces, line breaks kept, so lines and columns stay where they were. FoundationXML reads
    /// a missing data part (`<?name?>`) as a C string and crashes on it, and keyboard files
    /// give processing instructions no meaning. A `<?` that a broken file's parser might take
    /// for one goes too: inside comments and CDATA sections (a broken comment may end
    /// elsewhere for the parser), and an unclosed one. Call `brokenDeclaration` first: with a
    /// broken declaration the parser's view of the file is a guess.
    /// - Complexity: O(n).
    static func blankingProcessingInstructions(_ data: Data) -> Data {
        guard data.count > 1 else { return data }
        var bytes = [UInt8](data)
        let count = bytes.count
        var changed = false
        bytes.withUnsafeMutableBufferPointer { bytes in
            func starts(_ prefix: StaticString, at position: Int) -> Bool {
                let length = prefix.utf8CodeUnitCount
                guard position + length <= count else { return false }
                return memcmp(bytes.baseAddress! + position, prefix.utf8Start, length) == 0
            }
            /// The next `byte` from `position` (`count` when there is none), found by `memchr`:
            /// a byte loop here was most of this function's time under the fuzzers' hooks.
            func next(_ byte: UInt8, from position: Int) -> Int {
                guard position < count, let found = memchr(bytes.baseAddress! + position, Int32(byte), count - position)
                else { return count }
                return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            func end(of terminator: StaticString, from position: Int) -> Int? {
                var search = next(terminator.utf8Start.pointee, from: position)
                while search < count {
                    if starts(terminator, at: search) { return search + terminator.utf8CodeUnitCount }
                    search = next(terminator.utf8Start.pointee, from: search + 1)
                }
                return nil
            }
            func blank(_ range: Range<Int>) {
                for position in range where bytes[position] != 0x0A { bytes[position] = 0x20 }
                changed = true
            }
            /// Blanks every `<?` in `range` (text the parser ignores or keeps as text).
            func blankOpenings(in range: Range<Int>) {
                var position = next(UInt8(ascii: "<"), from: range.lowerBound)
                while position + 1 < range.upperBound {
                    if bytes[position + 1] == UInt8(ascii: "?") {
                        blank(position..<(position + 2))
                        position += 2
                    } else {
                        position += 1
                    }
                    position = next(UInt8(ascii: "<"), from: position)
                }
            }
            var index = 0
            if Self.declarationStart(UnsafeBufferPointer(bytes)) != nil { index = end(of: "?>", from: 0) ?? count }
            while index + 1 < count {
                guard bytes[index] == UInt8(ascii: "<") else {
                    index = next(UInt8(ascii: "<"), from: index + 1)
                    continue
                }
                if starts("<!--", at: index) {
                    let close = end(of: "-->", from: index + 4) ?? count
                    blankOpenings(in: (index + 4)..<close)
                    index = close
                } else if starts("<![CDATA[", at: index) {
                    let close = end(of: "]]>", from: index + 9) ?? count
                    blankOpenings(in: (index + 9)..<close)
                    index = close
                } else if bytes[index + 1] == UInt8(ascii: "?") {
                    // To its `?>` when no tag starts before it, else only the `<?`.
                    var close = index + 2
                    while close + 1 < count, bytes[close] != UInt8(ascii: "<"),
                        !(bytes[close] == UInt8(ascii: "?") && bytes[close + 1] == UInt8(ascii: ">"))
                    {
                        close += 1
                    }
                    let closed = close + 1 < count && bytes[close] == UInt8(ascii: "?")
                    blank(index..<(closed ? close + 2 : index + 2))
                    index = closed ? close + 2 : index + 2
                } else {
                    index += 1
                }
            }
        }
        return changed ? Data(bytes) : data
    }

    /// Where the XML declaration starts (after a byte order mark), if the bytes open with
    /// one: `<?xml` and a space (`<?xml?>` or `<?xml-model …?>` are other instructions).
    static func declarationStart<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? where Bytes.Index == Int {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let opening = bytes.dropFirst(start)
        guard opening.starts(with: Array("<?xml".utf8)), let after = opening.dropFirst(5).first,
            after == 0x20 || after == 0x09 || after == 0x0D || after == 0x0A
        else { return nil }
        return start
    }
}
