/// Reads the chunks of running text, source after source, in batches, and keeps what each
/// source's reader found wrong: the comparison's reading side, which one worker runs while
/// the others measure the batch before.
final class ChunkFeed: @unchecked Sendable {
    private var readers: [CorpusReader]
    private var current = 0
    /// Invalid sequences of every source read to its end.
    private(set) var invalid = InvalidUTF8Tally(limit: CorpusReader.invalidReportLimit)
    /// The problems of every source read to its end that had some.
    private(set) var problems: [SourceProblems] = []
    /// The storage of chunks done with, for the next chunks' bytes (see `recycle`).
    private var spare: [[UInt8]] = []

    /// Opens every source first, so that a missing one fails before any work.
    init(_ sources: [CorpusSource], chunkSize: Int) throws(CorpusError) {
        readers = []
        for source in sources { readers.append(try CorpusReader(source, chunkSize: chunkSize)) }
    }

    deinit { for index in readers.indices { readers[index].close() } }

    /// The next `count` chunks (fewer at the end, none when everything is read).
    func nextBatch(_ count: Int) throws(CorpusError) -> [CorpusChunk] {
        var batch: [CorpusChunk] = []
        while batch.count < count, current < readers.count {
            var buffer = spare.popLast() ?? []
            if let chunk = try readers[current].nextChunk(reusing: &buffer) {
                batch.append(chunk)
            } else {
                finishSource()
            }
        }
        return batch
    }

    /// Takes the bytes of `chunks`, which are done with, for the chunks read next: their
    /// memory is used again instead of new memory, which the system clears page by page.
    /// Not to be called while `nextBatch` runs. Keeps no more than a batch's worth.
    func recycle(_ chunks: inout [CorpusChunk], keeping limit: Int) {
        for index in chunks.indices where spare.count < limit {
            spare.append(chunks[index].takeBytes())
        }
        chunks = []
    }

    private func finishSource() {
        let reader = readers[current]
        invalid.add(reader.invalid)
        if reader.invalidCount > 0 || reader.nulCount > 0 || reader.longLineCount > 0 {
            problems.append(
                SourceProblems(
                    source: reader.source.name, bytes: reader.bytesRead, invalid: reader.invalid,
                    nulCount: reader.nulCount, firstNulOffset: reader.firstNulOffset, longLines: reader.longLines,
                    longLineCount: reader.longLineCount))
        }
        readers[current].close()
        current += 1
    }
}
