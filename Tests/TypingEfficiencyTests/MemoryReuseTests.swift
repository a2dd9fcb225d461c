import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// Memory handed on instead of asked anew: a chunk's bytes to the next chunk read, a sink's
/// counters to the next sink. Nothing of what was there before may show in what comes after.
@Suite("Memory reuse")
struct MemoryReuseTests {
    /// A corpus with everything the reader treats specially: a byte order mark, CRLF, accents,
    /// invalid bytes (one inside a line, a run across lines), NUL, and a line longer than
    /// the small chunk sizes.
    static let corpus: [UInt8] =
        [0xEF, 0xBB, 0xBF] + Array("Árvíztűrő tükörfúrógép\r\n".utf8) + [0x61, 0xFF, 0x62, 0x0A]
        + Array("ő\u{0}ű\n".utf8) + [0xC3, 0x80, 0x80, 0x0A, 0xE2, 0x82] + Array("\nx\n".utf8)
        + Array(String(repeating: "hosszú sor ", count: 40).utf8) + Array("\nvége".utf8)

    /// Every chunk of `bytes`: read fresh, or each read into the bytes taken from the chunk before.
    func chunks(_ bytes: [UInt8], chunkSize: Int, recycling: Bool) throws -> ([CorpusChunk], CorpusReader) {
        var reader = try CorpusReader(.text(name: "t.txt", bytes: bytes), chunkSize: chunkSize)
        var chunks: [CorpusChunk] = []
        var buffer = Array(repeating: UInt8(0x41), count: 7)  // leftovers must not show
        while let chunk = recycling ? try reader.nextChunk(reusing: &buffer) : try reader.nextChunk() {
            chunks.append(chunk)
            if recycling {
                var copy = chunk
                buffer = copy.takeBytes()
                #expect(copy.bytes.isEmpty)
            }
        }
        return (chunks, reader)
    }

    @Test("chunks read into recycled bytes are the chunks read fresh", arguments: [3, 5, 8, 16, 64, 1 << 20])
    func recycledChunks(_ chunkSize: Int) throws {
        let (fresh, freshReader) = try chunks(Self.corpus, chunkSize: chunkSize, recycling: false)
        let (reused, reusedReader) = try chunks(Self.corpus, chunkSize: chunkSize, recycling: true)
        #expect(fresh.map(\.bytes) == reused.map(\.bytes))
        #expect(fresh.map(\.index) == reused.map(\.index))
        #expect(fresh.map(\.sourceByteCount) == reused.map(\.sourceByteCount))
        #expect(fresh.map(\.continuesLine) == reused.map(\.continuesLine))
        #expect(freshReader.invalid == reusedReader.invalid)
        #expect(freshReader.invalidCount == 3)
        #expect(freshReader.nulCount == reusedReader.nulCount)
        #expect(freshReader.longLineCount == reusedReader.longLineCount)
        #expect(freshReader.lineBreaks == reusedReader.lineBreaks)
        // The text itself, with the invalid bytes out and the byte order mark skipped.
        let text = String(decoding: fresh.flatMap(\.bytes), as: UTF8.self)
        #expect(text.hasPrefix("Árvíztűrő tükörfúrógép\r\nab\nő\u{0}ű\nÀ\n\nx\nhosszú sor "))
        #expect(text.hasSuffix("\nvége"))
    }

    @Test("a chunk's bytes taken back are read into again, not new memory")
    func storageIsReused() throws {
        // Lines of 8 bytes, chunks of 32: every chunk ends on a line break, nothing carries over.
        let bytes = Array(String(repeating: "abcdefg\n", count: 64).utf8)
        var reader = try CorpusReader(.text(name: "t.txt", bytes: bytes), chunkSize: 32)
        var buffer: [UInt8] = []
        var addresses: Set<Int> = []
        var count = 0
        while var chunk = try reader.nextChunk(reusing: &buffer) {
            #expect(chunk.bytes == Array(bytes[(count * 32)..<(count * 32 + 32)]))
            count += 1
            addresses.insert(chunk.bytes.withUnsafeBytes { Int(bitPattern: $0.baseAddress) })
            buffer = chunk.takeBytes()
        }
        #expect(count == 16)
        #expect(addresses.count == 1)
    }

    @Test("a comparison recycling its chunks reports what one chunk at a time reports", arguments: [1, 2])
    func comparisonWithRecycling(_ workers: Int) throws {
        let text = try String(contentsOfFile: TestFiles.fixture("sample-hu.txt"), encoding: .utf8)
        let bytes = Array(text.utf8)
        let comparison = Comparison(layouts: [Shipped.layout("hu-touch"), Shipped.layout("hu-ios")], model: .oneFinger)
        let whole = try comparison.run(.runningText([.text(name: "s", bytes: bytes)]), workers: 1, chunkSize: 1 << 24)
        // Small chunks (no line cut): many batches, so most read into recycled bytes.
        let longest = text.split(separator: "\n").map(\.utf8.count).max() ?? 0
        let small = try comparison.run(
            .runningText([.text(name: "s", bytes: bytes)]), workers: workers, chunkSize: longest + 2)
        #expect(whole.results.count == small.results.count)
        for (a, b) in zip(whole.results, small.results) {
            #expect(a.tally.totals.keystrokes == b.tally.totals.keystrokes)
            #expect(a.tally.totals.characters == b.tally.totals.characters)
            #expect(a.tally.keyPresses == b.tally.keyPresses)
            #expect(a.tally.totals.seconds == b.tally.totals.seconds)
        }
    }

    @Test("a sink made after another one starts from zero", arguments: ComparisonModel.allCases)
    func sinkCountersStartAtZero(_ model: ComparisonModel) throws {
        let text = try String(contentsOfFile: TestFiles.fixture("sample-hu.txt"), encoding: .utf8)
        let short = Array("Öt szép szűz lány őrült írót nyúz.\n".utf8)
        let evaluator = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: model)
        // Counts of a long text, in sinks dropped one after another: their counters go back.
        for _ in 0..<3 {
            var sink = evaluator.makeSink()
            evaluator.measure(lines: Array(String(repeating: text, count: 5).utf8), into: &sink)
            #expect(sink.tally.totals.keystrokes > 1000)
        }
        var reused = evaluator.makeSink()
        evaluator.measure(lines: short, into: &reused)
        let fresh = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: model)
        var first = fresh.makeSink()
        fresh.measure(lines: short, into: &first)
        MetricsSinkBatchTests.expectSame(reused.tally, first.tally)
    }

    @Test(
        "a planning workspace handed on, its episode cache warm, plans as a new one",
        arguments: ["hu-touch", "hu-extended", "cs-touch"])
    func workspaceHandedOn(_ id: String) throws {
        let text = try String(contentsOfFile: TestFiles.fixture("sample-hu.txt"), encoding: .utf8)
        let other = "Ez egy MÁSIK szöveg, 12,5%-kal: „idézet”... és vége.\nÚj sor, Új Szó 2024. 03. 15.\n"
        let used = LayoutEvaluator(layout: Shipped.layout(id), model: .oneFinger)
        // Warm the pool's workspace on other text, in lines and in words.
        var warmup = used.makeSink()
        used.measure(lines: Array((text + other).utf8), into: &warmup)
        used.measure(words: [WordFrequencyList.Entry(word: "Győr", weight: 2)][...], into: &warmup)
        #expect(used.workspaces.spareCount == 1)
        let fresh = { LayoutEvaluator(layout: Shipped.layout(id), model: .oneFinger) }
        for sample in [other, text] {
            var warm = used.makeSink()
            used.measure(lines: Array(sample.utf8), into: &warm)
            let new = fresh()
            var cold = new.makeSink()
            new.measure(lines: Array(sample.utf8), into: &cold)
            MetricsSinkBatchTests.expectSame(warm.tally, cold.tally)
        }
        let words = text.split(whereSeparator: \.isWhitespace).map {
            WordFrequencyList.Entry(word: String($0), weight: 3)
        }
        var warmWords = used.makeSink()
        used.measure(words: words[...], into: &warmWords)
        let new = fresh()
        var coldWords = new.makeSink()
        new.measure(words: words[...], into: &coldWords)
        MetricsSinkBatchTests.expectSame(warmWords.tally, coldWords.tally)
    }

    @Test("the pool keeps at most its limit of counters, and hands kept ones out first")
    func poolLimit() {
        let pool = WayUsesPool(count: 10, positions: 3, limit: 2)
        var uses = (0..<4).map { _ in WayUses(pool: pool) }
        #expect(pool.spareCount == 0)
        uses[0].uses[4] = 9
        uses[0].graphemes = 9
        uses[0].pairs[7] = 9
        uses[0].touched[0] = 7
        uses[0].touchedCount = 1
        let kept = uses[0].pairs
        uses.removeFirst()
        #expect(pool.spareCount == 1)
        uses.removeAll()
        #expect(pool.spareCount == 2)
        let again = WayUses(pool: pool)
        #expect(pool.spareCount == 1)
        let pairs = again.pairs == kept ? again : WayUses(pool: pool)
        #expect(pairs.pairs == kept)
        #expect((0..<30).allSatisfy { pairs.pairs[$0] == 0 })
        #expect((0..<10).allSatisfy { pairs.uses[$0] == 0 })
    }
}
