/// A word-frequency list (`word<TAB>frequency` per line): each word is typed followed by a
/// space, weighted by its frequency.
///
/// Weights are scaled so that the list stands for `WordFrequencyList.tokens` running words,
/// so its counts read like those of a running text of a million words.
public struct WordFrequencyList: Sendable {
    /// How many running words the weights add up to.
    public static let tokens = 1_000_000.0

    /// One word and how many times it stands in the scaled text.
    public struct Entry: Sendable, Hashable {
        /// The word, without the space typed after it.
        public let word: String
        /// Occurrences among `WordFrequencyList.tokens` words.
        public let weight: Double
    }

    /// The list's name for reports.
    public let name: String
    /// The words, in file order.
    public let entries: [Entry]
    /// Bytes of the source.
    public let byteCount: Int
    /// Invalid UTF-8 found in it.
    public let invalidSequences: [InvalidUTF8]

    /// Parses a list: lines `word<TAB>frequency`, frequency a positive number (a share or a
    /// count); blank lines and lines starting with `#` are skipped.
    /// - Throws: `CorpusError.badWordList` with the line number of the first bad line.
    public init(parsing bytes: [UInt8], name: String) throws(CorpusError) {
        try self.init(.text(name: name, bytes: bytes))
    }

    /// Reads and parses a list from a file (`-` for standard input).
    public init(contentsOf path: String) throws(CorpusError) {
        try self.init(path == "-" ? .standardInput : .file(path))
    }

    /// Reads and parses a list from a source; invalid UTF-8 is reported and left out.
    public init(_ source: CorpusSource) throws(CorpusError) {
        var reader = try CorpusReader(source, chunkSize: 1 << 20)
        defer { reader.close() }
        var valid: [UInt8] = []
        while let chunk = try reader.nextChunk() { valid += chunk.bytes }
        var raw: [(String, Double)] = []
        var lineNumber = 0
        // Lines split at LF bytes (a String would keep CR LF together as one character).
        for bytes in valid.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty else {
                throw .badWordList(path: source.name, line: lineNumber, reason: "expected word<TAB>frequency")
            }
            // Bounded so that the total of any list stays finite (1e15 × a billion lines < 1e308).
            guard let frequency = Double(fields[1]), frequency.isFinite, frequency > 0, frequency <= 1e15 else {
                throw .badWordList(
                    path: source.name, line: lineNumber,
                    reason: "frequency \"\(fields[1])\" must be a number above 0 up to 1e15")
            }
            raw.append((String(fields[0]), frequency))
        }
        let total = raw.reduce(0) { $0 + $1.1 }
        self.name = source.name
        self.entries = raw.map { Entry(word: $0.0, weight: $0.1 / total * Self.tokens) }
        self.byteCount = reader.bytesRead
        self.invalidSequences = reader.invalidSequences
    }
}
