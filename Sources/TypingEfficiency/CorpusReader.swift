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
    public let bytes: [UInt8]
    /// How many bytes of the source it covers, invalid ones included.
    public let sourceByteCount: Int
}

/// Reads a corpus in chunks of a few megabytes, split after the last line break, with
/// invalid UTF-8 reported (source and byte offset) and left out.
///
/// Memory stays flat: one chunk and the start of the next line are held at a time.
public struct CorpusReader {
    /// The most invalid sequences kept for the report; more are only counted.
    public static let invalidReportLimit = 100

    /// The corpus read.
    public let source: CorpusSource
    /// Bytes per read.
    public let chunkSize: Int
    /// The first invalid sequences found (up to `invalidReportLimit`).
    public private(set) var invalidSequences: [InvalidUTF8] = []
    /// How many invalid sequences there were in all.
    public private(set) var invalidCount = 0
    /// Bytes read from the source so far.
    public private(set) var bytesRead = 0

    private var descriptor: Int32 = -1
    private var memoryOffset = 0
    private var carry: [UInt8] = []
    private var carryOffset = 0
    private var chunksMade = 0
    private var finished = false

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

    /// The next chunk of whole lines, or `nil` at the end.
    public mutating func nextChunk() throws(CorpusError) -> CorpusChunk? {
        while !finished {
            var raw = carry
            let rawOffset = carryOffset
            let wanted = chunkSize
            let before = raw.count
            raw.reserveCapacity(before + wanted)
            let got = try readMore(into: &raw, count: wanted)
            if got == 0 { finished = true }
            bytesRead += got
            // Split after the last line break; keep the rest for the next chunk.
            var cut = raw.count
            if !finished {
                if let newline = raw.lastIndex(of: 0x0A) {
                    cut = newline + 1
                } else {
                    // A line longer than a chunk: split it, but never inside a UTF-8 sequence.
                    cut = raw.count - raw.withUnsafeBufferPointer { UTF8Validation.incompleteTailLength($0) }
                }
            }
            carry = Array(raw[cut...])
            carryOffset = rawOffset + cut
            guard cut > 0 else { continue }
            var valid: [UInt8] = []
            valid.reserveCapacity(cut)
            var found: [InvalidUTF8] = []
            raw.withUnsafeBufferPointer { buffer in
                UTF8Validation.validate(
                    UnsafeBufferPointer(rebasing: buffer[..<cut]), baseOffset: rawOffset, source: source.name,
                    into: &valid, invalid: &found)
            }
            invalidCount += found.count
            invalidSequences += found.prefix(max(0, Self.invalidReportLimit - invalidSequences.count))
            defer { chunksMade += 1 }
            return CorpusChunk(index: chunksMade, bytes: valid, sourceByteCount: cut)
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
