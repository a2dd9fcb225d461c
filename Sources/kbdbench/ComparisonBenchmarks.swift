import Foundation
import LayoutEngine
import TypingEfficiency

// Comparison throughput in corpus bytes: each hu layout alone on one core, and the three
// together on every core (chunks × layouts in parallel). Uses ../shared/corpora/hu.txt
// when present, else a synthesized Hungarian-like text of the same kind.

func comparisonBenchmarks() -> [Benchmark] {
    let corpus = ComparisonBenchmarkCorpus.load()
    let ids = ["hu-touch", "hu-ios", "hu-extended"]
    let layouts = ids.compactMap { try? LayoutCatalog.load($0) }
    guard layouts.count == ids.count else { return [] }
    var benchmarks: [Benchmark] = []
    for model in [ComparisonModel.oneFinger, .twoThumb] {
        for layout in layouts {
            let evaluator = LayoutEvaluator(layout: layout, model: model)
            benchmarks.append(
                Benchmark(name: "compare/\(model.rawValue)/\(layout.id)/1-core (\(corpus.name))", unit: "byte") {
                    iterations in
                    for _ in 0..<iterations {
                        var sink = evaluator.makeSink()
                        evaluator.measure(lines: corpus.bytes, into: &sink)
                        blackHole(sink.tally.totals.keystrokes)
                    }
                    return iterations * corpus.bytes.count
                })
        }
        let comparison = Comparison(layouts: layouts, model: model)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        for workers in Set([1, cores]).sorted() {
            benchmarks.append(
                Benchmark(
                    name: "compare/\(model.rawValue)/3-layouts/\(workers)-core (\(corpus.name))", unit: "byte×layout"
                ) { iterations in
                    for _ in 0..<iterations {
                        let report = try? comparison.run(
                            .runningText([.text(name: corpus.name, bytes: corpus.bytes)]), workers: workers)
                        blackHole(report?.results.count)
                    }
                    return iterations * corpus.bytes.count * layouts.count
                })
        }
        // The embedded Hungarian word list (what `compare` measures without a corpus): every
        // word planned on its own, from the initial state.
        if let list = EmbeddedWordLists.list(for: "hu") {
            benchmarks.append(
                Benchmark(name: "compare/\(model.rawValue)/3-layouts/1-core (hu word list)", unit: "word×layout") {
                    iterations in
                    for _ in 0..<iterations {
                        let report = try? comparison.run(
                            .wordList(list, description: "hu"), workers: 1)
                        blackHole(report?.results.count)
                    }
                    return iterations * list.entries.count * layouts.count
                })
        }
        // The same keeping the lines' figures for the intervals, then also with the 1,000
        // bootstrap resamples (what `--format markdown` and `json` do by default).
        for resamples in [0, 1000] {
            benchmarks.append(
                Benchmark(
                    name: "compare/\(model.rawValue)/3-layouts/1-core+\(resamples == 0 ? "lines" : "intervals") "
                        + "(\(corpus.name))", unit: "byte×layout"
                ) { iterations in
                    for _ in 0..<iterations {
                        let report = try? comparison.run(
                            .runningText([.text(name: corpus.name, bytes: corpus.bytes)]), workers: 1,
                            lineSamples: LineSamples.defaultLimit)
                        if resamples > 0 {
                            blackHole(report.flatMap { ConfidenceReport($0, bootstrap: Bootstrap()) }?.rows.count)
                        } else {
                            blackHole(report?.lineSamples?.units)
                        }
                    }
                    return iterations * corpus.bytes.count * layouts.count
                })
        }
    }
    return benchmarks
}

/// The benchmark's corpus: the shared Hungarian corpus, or a synthesized stand-in.
enum ComparisonBenchmarkCorpus {
    static func load() -> (name: String, bytes: [UInt8]) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("shared/corpora/hu.txt").path
        if let data = FileManager.default.contents(atPath: path) { return ("hu.txt", Array(data)) }
        FileHandle.standardError.write(
            Data("kbdbench: \(path) is absent; comparisons use a synthesized corpus\n".utf8))
        let words = [
            "A", "szöveg", "gépelése", "közben", "az", "ékezetes", "betűk", "különösen", "fontosak,",
            "és", "minden", "mondat", "végén", "pont", "áll.", "Győr", "Hódmezővásárhely", "2024-ben", "„idézet”",
        ]
        var text = ""
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while text.utf8.count < 4_000_000 {
            for position in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += words[Int(state >> 33) % words.count] + (position == 11 ? ".\n" : " ")
            }
        }
        return ("synthesized", Array(text.utf8))
    }
}
