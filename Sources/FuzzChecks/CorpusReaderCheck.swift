import Foundation
import LayoutEngine
import TypingEfficiency

extension FuzzChecks {
    /// One evaluator per shipped layout and comparison model, as `kbdsim compare` makes them.
    static let evaluators: [LayoutEvaluator] = layouts.flatMap { layout in
        ComparisonModel.allCases.map { LayoutEvaluator(layout: layout, model: $0) }
    }

    /// Arbitrary bytes as a corpus of running text, read by `CorpusReader` in small chunks
    /// (the first byte picks 16 to 271 bytes, so that carries, long lines cut into pieces and
    /// sequences across chunks all happen on short inputs; the second picks a layout and a
    /// model; the rest is the corpus). Checked: the chunks cover the input, in order, each
    /// valid UTF-8; their bytes are the input without exactly the invalid sequences reported
    /// (by an independent decoder: Swift's own UTF-8 parser); a chunk ends after a line break
    /// unless it is the last or a piece of a line at least a chunk long, and a piece ends at a
    /// grapheme boundary (judged from its own start) where it holds one; line breaks, NUL
    /// bytes and long lines are counted right; reading each chunk into the memory of the one
    /// before gives the same chunks. Then every line of every chunk, split as `LayoutEvaluator` splits them,
    /// is planned and replayed through a fresh session, and gives back the line without what
    /// the plan reported untypeable; and the chunks are counted alike three ways
    /// (`checkSinkAgreement`).
    public static func corpusReader(_ input: [UInt8]) -> [String] {
        guard input.count >= 2, !evaluators.isEmpty else { return [] }
        let chunkSize = 16 + Int(input[0])
        let evaluator = evaluators[Int(input[1]) % evaluators.count]
        let corpus = Array(input.dropFirst(2))
        var problems: [String] = []
        guard let (chunks, reader) = readChunks(corpus, chunkSize: chunkSize, problems: &problems) else {
            return problems
        }
        problems += checkCover(corpus, chunks, reader)
        problems += checkValidity(corpus, chunks, reader)
        problems += checkLines(corpus, chunks, reader)
        if problems.isEmpty {
            var sink = evaluator.makeSink()
            var counts = (sentences: 0, characters: 0, keystrokes: 0)
            for chunk in chunks {
                problems += checkReplay(chunk, evaluator, &counts).map { "chunk \(chunk.index): \($0)" }
                evaluator.measure(lines: chunk.bytes, into: &sink)
                if problems.count > 10 { break }
            }
            problems += checkSinkAgreement(chunks, evaluator)
            let totals = sink.tally.totals
            if totals.units != Double(counts.sentences) || totals.characters != Double(counts.characters) {
                problems.append(
                    "evaluator measured \(totals.units) sentences, \(totals.characters) characters; "
                        + "the lines hold \(counts.sentences), \(counts.characters)")
            }
            if evaluator.model == .keystrokes, totals.keystrokes != Double(counts.keystrokes) {
                problems.append("evaluator counted \(totals.keystrokes) keystrokes, the plans \(counts.keystrokes)")
            }
        }
        return problems.map { "chunk size \(chunkSize): \($0)" }
    }

    /// Every chunk of `corpus`, and the reader after the last; `nil` when reading fails or
    /// never ends.
    static func readChunks(
        _ corpus: [UInt8], chunkSize: Int, problems: inout [String]
    ) -> ([CorpusChunk], CorpusReader)? {
        do {
            var reader = try CorpusReader(.text(name: "fuzz.txt", bytes: corpus), chunkSize: chunkSize)
            var chunks: [CorpusChunk] = []
            while let chunk = try reader.nextChunk() {
                chunks.append(chunk)
                if chunks.count > corpus.count + 1 {
                    problems.append("more chunks than bytes: the reader does not advance")
                    return nil
                }
            }
            if try reader.nextChunk() != nil { problems.append("a chunk after the end") }
            problems += try checkRecycledReading(corpus, chunkSize: chunkSize, chunks, reader)
            return (chunks, reader)
        } catch {
            problems.append("reading text in memory failed: \(error)")
            return nil
        }
    }

    /// Reads `corpus` again, each chunk into the bytes of the chunk before (its memory
    /// reused, as `compare` reuses it), and compares with the chunks read fresh.
    static func checkRecycledReading(
        _ corpus: [UInt8], chunkSize: Int, _ fresh: [CorpusChunk], _ freshReader: CorpusReader
    ) throws(CorpusError) -> [String] {
        var reader = try CorpusReader(.text(name: "fuzz.txt", bytes: corpus), chunkSize: chunkSize)
        var problems: [String] = []
        var buffer: [UInt8] = []
        var position = 0
        while var chunk = try reader.nextChunk(reusing: &buffer) {
            guard position < fresh.count else {
                problems.append("reading into used memory makes more chunks than \(fresh.count)")
                break
            }
            let expected = fresh[position]
            if chunk.bytes != expected.bytes || chunk.index != expected.index
                || chunk.sourceByteCount != expected.sourceByteCount || chunk.continuesLine != expected.continuesLine
            {
                problems.append("chunk \(position) read into used memory differs from the one read fresh")
            }
            position += 1
            buffer = chunk.takeBytes()
        }
        if position != fresh.count { problems.append("reading into used memory makes \(position) chunks") }
        if reader.invalid != freshReader.invalid || reader.nulCount != freshReader.nulCount
            || reader.longLineCount != freshReader.longLineCount || reader.lineBreaks != freshReader.lineBreaks
        {
            problems.append("reading into used memory counts other faults than reading fresh")
        }
        return problems
    }

    /// Indices, byte counts, valid UTF-8 in every chunk.
    static func checkCover(_ corpus: [UInt8], _ chunks: [CorpusChunk], _ reader: CorpusReader) -> [String] {
        var problems: [String] = []
        for (position, chunk) in chunks.enumerated() {
            if chunk.index != position { problems.append("chunk \(position) has index \(chunk.index)") }
            if chunk.sourceByteCount <= 0 { problems.append("chunk \(position) covers no bytes") }
            if chunk.bytes.count > chunk.sourceByteCount {
                problems.append("chunk \(position): \(chunk.bytes.count) bytes from \(chunk.sourceByteCount)")
            }
            if String(validating: chunk.bytes, as: UTF8.self) == nil {
                problems.append("chunk \(position) is not valid UTF-8: \(chunk.bytes)")
            }
        }
        let covered = chunks.reduce(0) { $0 + $1.sourceByteCount }
        if covered != corpus.count { problems.append("chunks cover \(covered) bytes of \(corpus.count)") }
        if reader.bytesRead != corpus.count { problems.append("bytesRead \(reader.bytesRead) of \(corpus.count)") }
        return problems
    }

    /// The input's invalid UTF-8 by Swift's own parser: its valid bytes, and each maximal run
    /// of bytes the parser rejected (offset, length).
    static func decodeOracle(_ corpus: [UInt8]) -> (valid: [UInt8], runs: [(offset: Int, length: Int)]) {
        var valid: [UInt8] = []
        var runs: [(offset: Int, length: Int)] = []
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = corpus.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                valid += encoded
                offset += encoded.count
            case .error(let length):
                if let last = runs.last, last.offset + last.length == offset {
                    runs[runs.count - 1].length += length
                } else {
                    runs.append((offset, length))
                }
                offset += length
            case .emptyInput:
                return (valid, runs)
            }
        }
    }

    /// The chunks' bytes are the input without exactly the reported invalid sequences:
    /// each a maximal run of bytes that are no part of a well-formed sequence, its offset
    /// counted from the start of the input; the first `invalidReportLimit` kept, all counted.
    static func checkValidity(_ corpus: [UInt8], _ chunks: [CorpusChunk], _ reader: CorpusReader) -> [String] {
        var problems: [String] = []
        let (valid, runs) = decodeOracle(corpus)
        let joined = chunks.flatMap(\.bytes)
        if joined != valid {
            let at =
                zip(joined, valid).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(joined.count, valid.count)
            problems.append("chunk bytes differ from the input's valid bytes at \(at) of \(valid.count)")
        }
        if reader.invalidCount != runs.count {
            problems.append("invalidCount \(reader.invalidCount), expected \(runs.count): \(runs)")
        }
        let invalidBytes = runs.reduce(0) { $0 + $1.length }
        if reader.invalid.bytes != invalidBytes {
            problems.append("invalid bytes \(reader.invalid.bytes), expected \(invalidBytes)")
        }
        let expected = runs.prefix(CorpusReader.invalidReportLimit).map {
            InvalidUTF8(source: "fuzz.txt", byteOffset: $0.offset, length: $0.length)
        }
        if reader.invalidSequences != expected {
            let got = reader.invalidSequences.map { ($0.byteOffset, $0.length) }
            problems.append("invalid sequences \(got), expected \(runs.prefix(CorpusReader.invalidReportLimit))")
        }
        return problems
    }

    /// Where chunks end, line and NUL counts, long lines, and the grapheme boundaries of pieces.
    static func checkLines(_ corpus: [UInt8], _ chunks: [CorpusChunk], _ reader: CorpusReader) -> [String] {
        var problems: [String] = []
        let breaks = corpus.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        if reader.lineBreaks != breaks { problems.append("lineBreaks \(reader.lineBreaks), expected \(breaks)") }
        let nuls = corpus.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        if reader.nulCount != nuls || reader.firstNulOffset != corpus.firstIndex(of: 0) {
            problems.append(
                "NULs \(reader.nulCount) first at \(String(describing: reader.firstNulOffset)), "
                    + "expected \(nuls) at \(String(describing: corpus.firstIndex(of: 0)))")
        }
        if chunks.first?.continuesLine == true { problems.append("the first chunk continues a line") }
        // Lines cut into pieces, by line number from 1.
        var cutLines: [Int] = []
        var sourceStart = 0
        var validStart = 0
        var line = 1
        var pieceEnds: [(valid: Int, validStart: Int, chunk: Int)] = []
        for (position, chunk) in chunks.enumerated() {
            let source = corpus[sourceStart..<sourceStart + chunk.sourceByteCount]
            let isLast = position == chunks.count - 1
            let next = isLast ? nil : chunks[position + 1]
            let endsLine = source.last == 0x0A
            if chunk.continuesLine, position > 0, corpus[sourceStart - 1] == 0x0A {
                problems.append("chunk \(position) continues a line, but the chunk before ends one")
            }
            if next?.continuesLine == true {
                // A piece of a long line: no line break in it, and the line is at least a chunk long.
                if source.contains(0x0A) { problems.append("chunk \(position) cuts a line but holds a line break") }
                let lineStart = (corpus[..<sourceStart].lastIndex(of: 0x0A) ?? -1) + 1
                let lineEnd = corpus[sourceStart...].firstIndex(of: 0x0A) ?? corpus.count
                if cutLines.last != line {
                    cutLines.append(line)
                    if lineEnd - lineStart < reader.chunkSize {
                        problems.append(
                            "line \(line) (\(lineEnd - lineStart) bytes, shorter than a chunk) cut into pieces")
                    }
                }
                pieceEnds.append((validStart + chunk.bytes.count, validStart, position))
            } else if !isLast, !endsLine {
                problems.append("chunk \(position) ends inside a line, but the next does not continue it")
            }
            line += chunk.bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            sourceStart += chunk.sourceByteCount
            validStart += chunk.bytes.count
        }
        // The last chunk may be a piece with nothing after it (a line ending at the input's end).
        if reader.longLineCount != cutLines.count {
            let lastLine = line - (chunks.last.map { $0.bytes.last == 0x0A ? 1 : 0 } ?? 0)
            if reader.longLineCount != cutLines.count + 1 || cutLines.last == lastLine || corpus.last == 0x0A {
                problems.append("longLineCount \(reader.longLineCount), lines cut \(cutLines)")
            } else {
                cutLines.append(lastLine)
            }
        }
        let reported = reader.longLines.map(\.line)
        if reported != Array(cutLines.prefix(CorpusReader.invalidReportLimit))
            || reader.longLines.contains(where: { $0.pieceSize != reader.chunkSize || $0.source != "fuzz.txt" })
        {
            problems.append("long lines \(reader.longLines), lines cut \(cutLines)")
        }
        if !pieceEnds.isEmpty { problems += checkPieceEnds(chunks, pieceEnds) }
        return problems
    }

    /// A piece ends at a grapheme boundary of the text read (all chunks' bytes), as broken
    /// from the piece's own start (each piece is measured on its own: after a piece that had
    /// to end inside a grapheme, the next starts afresh), unless no boundary falls inside it
    /// (one grapheme longer than the piece, or no valid text: nowhere better to cut).
    static func checkPieceEnds(
        _ chunks: [CorpusChunk], _ pieceEnds: [(valid: Int, validStart: Int, chunk: Int)]
    ) -> [String] {
        let joined = chunks.flatMap(\.bytes)
        var problems: [String] = []
        for piece in pieceEnds {
            // What follows the cut decides too (a combining mark, ZWJ): a few scalars of it.
            let text = String(decoding: joined[piece.validStart..<min(joined.count, piece.valid + 16)], as: UTF8.self)
            let utf8 = text.utf8
            let cut = piece.valid - piece.validStart
            let boundaries = text.indices.map { utf8.distance(from: utf8.startIndex, to: $0) }
            guard cut < utf8.count, !boundaries.contains(cut), boundaries.contains(where: { $0 > 0 && $0 < cut }) else {
                continue
            }
            let around = Array(joined[max(0, piece.valid - 12)..<min(joined.count, piece.valid + 12)])
            problems.append(
                "chunk \(piece.chunk), a piece, ends inside a grapheme (text byte \(piece.valid), "
                    + "around \(String(decoding: around, as: UTF8.self).debugDescription))")
        }
        return problems
    }

    /// Plans every line of the chunk as the comparison does (`LayoutEvaluator.measure(lines:into:)`:
    /// split at LF, a CR before it dropped, empty lines skipped) and replays each plan through
    /// a fresh session; adds up what the evaluator's own sink should count.
    static func checkReplay(
        _ chunk: CorpusChunk, _ evaluator: LayoutEvaluator,
        _ counts: inout (sentences: Int, characters: Int, keystrokes: Int)
    ) -> [String] {
        var problems: [String] = []
        for var line in chunk.bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.last == 0x0D { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            let text = String(decoding: line, as: UTF8.self)
            var plan = KeystrokePlan(endState: .initial(evaluator.layout))
            evaluator.plan(sentence: text, into: &plan)
            counts.sentences += 1
            counts.characters += plan.typedGraphemes + plan.untypeable.count
            counts.keystrokes += plan.keystrokes
            var session = TypingSession(layout: evaluator.layout)
            var host = TextBuffer()
            for event in plan.events { host.apply(session.handle(event)) }
            guard let wanted = UntypeableGrapheme.text(text, without: plan.untypeable) else {
                problems.append("untypeable offsets out of order or wrong in \(text.debugDescription)")
                continue
            }
            // Both as scalars after NFC (a `TextBuffer` holds NFC already: normalized only on a mismatch).
            let expected = Array(wanted.precomposedStringWithCanonicalMapping.unicodeScalars)
            if host.scalars != expected,
                Array(host.text.precomposedStringWithCanonicalMapping.unicodeScalars) != expected
            {
                problems.append(
                    "\(evaluator.layout.id) (\(evaluator.model)): replay \(host.text.debugDescription) "
                        + "≠ \(wanted.debugDescription)")
            }
        }
        return problems
    }
}
