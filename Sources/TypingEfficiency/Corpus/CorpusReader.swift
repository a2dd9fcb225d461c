#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where running text comes from.
public enum CorpusSource: Sendable, Hashable {
    /// A file, read in chunks.
    case file(String)
    /// Standard input (`-` on the command line).
    case standardInput
    /// Text held in memory, under a name for reports (tests, the embedded word lists).
    case text(name: String, bytes: [UInt8])

    /// The name reports and messages use: the path, `-`, or the given name.
    public var name: String {
        switch self {
        case .file(let path): path
        case .standardInput: "-"
        case .text(let name, _): name
        }
    }
}

/// A corpus that cannot be read at all.
public enum CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be opened.
    case cannotOpen(path: String, reason: String)
    /// Reading failed part-way.
    case readFailed(path: String, reason: String)
    /// A word-frequency line is not `word<TAB>frequency`.
    case badWordList(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .readFailed(let path, let reason): "\(path): read failed: \(reason)"
        case .badWordList(let path, let line, let reason): "\(path):\(line): \(reason)"
        }
    }
}

/// A piece of a corpus made of whole lines of valid UTF-8.
public struct CorpusChunk: Sendable {
    /// Its place in the corpus, from 0; results are merged in this order.
    public let index: Int
    /// Valid UTF-8, whole lines (the last may lack its line break).
    public private(set) var bytes: [UInt8]
    /// How many bytes of the source it covers, invalid ones included.
    public let sourceByteCount: Int
    /// Whether its first line continues the last line of the chunk before: a line longer
    /// than a chunk, cut into pieces (each measured on its own, but one sentence).
    public var continuesLine = false

    init(index: Int, bytes: [UInt8], sourceByteCount: Int) {
        self.index = index
        self.bytes = bytes
        self.sourceByteCount = sourceByteCount
    }

    /// Its bytes, taken out (the chunk is left empty): for `CorpusReader.nextChunk(reusing:)`.
    public mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }
}

/// Reads a corpus in chunks of a few megabytes, split after the last line break, with
/// invalid UTF-8 reported (source and byte offset) and left out.
///
/// Memory stays flat whatever the input: one chunk and the start of the next line are held
/// at a time. A line longer than a chunk (no line break in `chunkSize` bytes: one huge line,
/// binary data) is cut into pieces at a grapheme boundary, before a space where there is one,
/// and reported once in `longLines`. Invalid sequences and NUL bytes are counted without
/// holding more than the first few.
public struct CorpusReader {
    /// The most invalid sequences (and long lines) kept for messages; more are only counted.
    public static let invalidReportLimit = 10

    /// A line longer than a chunk, which was measured in pieces.
    public struct LongLine: Hashable, Sendable, CustomStringConvertible {
        /// The corpus it is in.
        public let source: String
        /// Its line number, from 1.
        public let line: Int
        /// The piece length, bytes.
        public let pieceSize: Int

        public var description: String {
            "\(source):\(line): line longer than \(ReportNumber.bytes(pieceSize)) without a line break; "
                + "measured in pieces, each cut at a character boundary and planned from the start state"
        }
    }

    /// The corpus read.
    public let source: CorpusSource
    /// Bytes per read.
    public let chunkSize: Int
    /// The invalid sequences: the first `invalidReportLimit` of them, and how many in all.
    public private(set) var invalid = InvalidUTF8Tally(limit: CorpusReader.invalidReportLimit)
    /// The first invalid sequences found (up to `invalidReportLimit`).
    public var invalidSequences: [InvalidUTF8] { invalid.kept }
    /// How many invalid sequences there were in all.
    public var invalidCount: Int { invalid.count }
    /// Bytes read from the source so far.
    public private(set) var bytesRead = 0
    /// NUL bytes (valid UTF-8, but a sign of binary data), and the offset of the first.
    public internal(set) var nulCount = 0
    public internal(set) var firstNulOffset: Int?
    /// Lines longer than a chunk (the first `invalidReportLimit`), and how many in all.
    public private(set) var longLines: [LongLine] = []
    public private(set) var longLineCount = 0
    /// Line breaks read so far (the current line's number is one more).
    public internal(set) var lineBreaks = 0

    private var descriptor: Int32 = -1
    private var memoryOffset = 0
    private var carry: [UInt8] = []
    private var carryOffset = 0
    private var chunksMade = 0
    private var finished = false
    /// Whether the last chunk ended inside a line (a piece of a long line).
    private var insideLine = false
    private var lastLongLine = 0

    /// Opens the source.
    /// - Throws: `CorpusError.cannotOpen` when a file cannot be opened (missing, a folder, no permission).
    public init(_ source: CorpusSource, chunkSize: Int = 4 << 20) throws(CorpusError) {
        self.source = source
        self.chunkSize = max(16, chunkSize)
        switch source {
        case .file(let path):
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw .cannotOpen(path: path, reason: "is a directory")
            }
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
            descriptor = fd
        case .standardInput:
            descriptor = 0
        case .text:
            break
        }
    }

    /// Closes a file the reader opened.
    public mutating func close() {
        if case .file = source, descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    /// U+FEFF in UTF-8, skipped at the start of a source.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The next chunk of whole lines, or `nil` at the end.
    public mutating func nextChunk() throws(CorpusError) -> CorpusChunk? {
        var buffer: [UInt8] = []
        return try nextChunk(reusing: &buffer)
    }

    /// The next chunk of whole lines, or `nil` at the end, its bytes read into `buffer`'s
    /// storage (its contents do not matter; it is left empty), so that a chunk done with
    /// (`CorpusChunk.takeBytes()`) gives its memory to the next instead of new memory being
    /// asked of the system, and cleared by it, for every chunk.
    public mutating func nextChunk(reusing buffer: inout [UInt8]) throws(CorpusError) -> CorpusChunk? {
        while !finished {
            var raw: [UInt8] = []
            swap(&raw, &buffer)
            raw.removeAll(keepingCapacity: true)
            raw += carry
            let rawOffset = carryOffset
            let wanted = chunkSize
            let before = raw.count
            raw.reserveCapacity(before + wanted)
            let got = try readMore(into: &raw, count: wanted)
            // Fewer bytes than asked only at the end: the last line is whole, even without a line break.
            if got < wanted { finished = true }
            bytesRead += got
            // Split after the last line break; keep the rest for the next chunk.
            var cut = raw.count
            var splitsLine = false
            if !finished {
                if let newline = raw.lastIndex(of: 0x0A) {
                    cut = newline + 1
                } else {
                    // A line longer than a chunk: cut it into pieces at a grapheme boundary.
                    cut = raw.withUnsafeBufferPointer { Self.pieceEnd($0) }
                    splitsLine = true
                }
            }
            carry.removeAll(keepingCapacity: true)
            carry += raw[cut...]
            carryOffset = rawOffset + cut
            guard cut > 0 else {
                swap(&raw, &buffer)
                continue
            }
            // Checked in place: the valid bytes move to the front of the piece.
            let validCount = raw.withUnsafeMutableBufferPointer { buffer in
                let piece = UnsafeMutableBufferPointer(rebasing: buffer[..<cut])
                countLinesAndNuls(UnsafeBufferPointer(piece), baseOffset: rawOffset)
                return UTF8Validation.validate(piece, baseOffset: rawOffset, source: source.name, invalid: &invalid)
            }
            raw.removeSubrange(validCount...)
            // A byte order mark at the start of a source (as Windows editors save UTF-8) is
            // no character of the text.
            if rawOffset == 0, raw.starts(with: Self.byteOrderMark) { raw.removeFirst(Self.byteOrderMark.count) }
            if splitsLine, lastLongLine != lineBreaks + 1 {
                lastLongLine = lineBreaks + 1
                longLineCount += 1
                if longLines.count < Self.invalidReportLimit {
                    longLines.append(LongLine(source: source.name, line: lineBreaks + 1, pieceSize: chunkSize))
                }
            }
            defer {
                chunksMade += 1
                insideLine = splitsLine
            }
            var chunk = CorpusChunk(index: chunksMade, bytes: raw, sourceByteCount: cut)
            chunk.continuesLine = insideLine
            return chunk
        }
        return nil
    }

    /// Appends up to `count` bytes; fewer only at the end of the source.
    private mutating func readMore(into buffer: inout [UInt8], count: Int) throws(CorpusError) -> Int {
        if case .text(_, let bytes) = source {
            let end = min(bytes.count, memoryOffset + count)
            buffer += bytes[memoryOffset..<end]
            defer { memoryOffset = end }
            return end - memoryOffset
        }
        let start = buffer.count
        buffer += repeatElement(0, count: count)
        var filled = 0
        var failure: Int32 = 0
        buffer.withUnsafeMutableBufferPointer { pointer in
            while filled < count {
                let result = read(descriptor, pointer.baseAddress! + start + filled, count - filled)
                if result > 0 {
                    filled += result
                } else if result == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        buffer.removeLast(count - filled)
        if failure != 0 { throw .readFailed(path: source.name, reason: String(cString: strerror(failure))) }
        return filled
    }
}
