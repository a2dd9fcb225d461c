import Foundation
import LayoutEngine

/// The engine's hot paths: the session on a corpus-derived key stream, the planner over a
/// corpus, and loading layouts.
func engineBenchmarks() -> [Benchmark] {
    let text = BenchmarkCorpus.hungarian
    var benchmarks: [Benchmark] = []

    let huTouch = BenchmarkCorpus.layout("hu-touch")
    let stream = BenchmarkCorpus.keyStream(for: String(text.prefix(400_000)), on: huTouch)
    benchmarks.append(
        Benchmark(name: "session/hu-touch key events", unit: "event") { iterations in
            var session = TypingSession(layout: huTouch)
            session.contextLimit = 4096
            var deleted = 0
            for _ in 0..<iterations {
                for event in stream { deleted &+= session.handle(event).deleteCount }
            }
            blackHole(deleted)
            return iterations * stream.count
        })

    let bytes = text.utf8.count
    for id in ["hu-touch", "hu-ios", "hu-extended"] {
        let planner = KeystrokePlanner(layout: BenchmarkCorpus.layout(id))
        benchmarks.append(
            Benchmark(name: "planner/\(id) hu corpus (streamed)", unit: "byte") { iterations in
                for _ in 0..<iterations {
                    var sink = CountingSink()
                    _ = planner.plan(text, from: .initial(planner.layout), into: &sink)
                    blackHole(sink.events)
                }
                return iterations * bytes
            })
    }
    let huPlanner = KeystrokePlanner(layout: huTouch)
    benchmarks.append(
        Benchmark(name: "planner/hu-touch hu corpus (whole plan)", unit: "byte") { iterations in
            for _ in 0..<iterations { blackHole(huPlanner.plan(text).events.count) }
            return iterations * bytes
        })
    // One word at a time, as the simulator and the error model plan (no episode cache).
    let words = text.split(separator: " ").prefix(1000).map(String.init)
    benchmarks.append(
        Benchmark(name: "planner/hu-touch one word at a time", unit: "word") { iterations in
            var events = 0
            for iteration in 0..<iterations { events += huPlanner.plan(words[iteration % words.count]).events.count }
            blackHole(events)
            return iterations
        })
    benchmarks.append(
        Benchmark(name: "planner/make tables hu-touch", unit: "planner") { iterations in
            for _ in 0..<iterations { blackHole(KeystrokePlanner(layout: huTouch)) }
            return iterations
        })
    for id in LayoutCatalog.shippedIDs() {
        benchmarks.append(
            Benchmark(name: "layout/load \(id)", unit: "layout") { iterations in
                for _ in 0..<iterations { blackHole(LayoutCatalog.read(id).layout) }
                return iterations
            })
    }
    return benchmarks
}

/// Counts what a plan would hold without holding it.
struct CountingSink: KeystrokeSink {
    var events = 0
    var untypeable = 0

    mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double) {
        self.events &+= events.count
    }

    /// The fast path a sink outside the engine takes: the planner's buffers, by way.
    mutating func typed(_ buffers: PlannedBatchBuffers) {
        for way in buffers.wayIDs { events &+= buffers.ways.events(of: Int(way)).count }
    }

    mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {
        untypeable += 1
    }
}

/// Benchmark inputs: the shared Hungarian corpus when it is beside the repository, else a
/// built-in paragraph repeated to a similar size.
enum BenchmarkCorpus {
    static let hungarian: String = {
        let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora/hu.txt")
        if let text = try? String(contentsOf: shared, encoding: .utf8) { return text }
        FileHandle.standardError.write(Data("kbdbench: ../shared/corpora/hu.txt absent; using a built-in text\n".utf8))
        let paragraph =
            "Árvíztűrő tükörfúrógép. A magyar nyelv ékezetes betűi: á, é, í, ó, ö, ő, ú, ü, ű. "
            + "Győrben és Pécsen is esett az eső, de Szegeden sütött a nap.\n"
        return String(repeating: paragraph, count: 40_000)
    }()

    static func layout(_ id: String) -> Layout {
        do {
            return try LayoutCatalog.load(id)
        } catch {
            fatalError("\(error)")
        }
    }

    /// The planned keys for `text` with a typo fixed every 40 accented letters: the accent
    /// taken off with backspace and put back, as a typist correcting a wrong accent would.
    static func keyStream(for text: String, on layout: Layout) -> [KeyEvent] {
        let plan = KeystrokePlanner(layout: layout).plan(text)
        let backspace = layout.keys.indices.first { layout.keys[$0].action == .backspace }.map(KeyID.init)!
        var stream: [KeyEvent] = []
        var accents = 0
        for event in plan.events {
            stream.append(event)
            if case .accent = layout.keys[event.key.rawValue].action {
                accents += 1
                if accents % 40 == 0 { stream += [.tap(backspace), event] }
            }
        }
        return stream
    }
}
