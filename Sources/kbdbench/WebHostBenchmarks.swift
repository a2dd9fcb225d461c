import LayoutEngine

/// What the web page asks of the engine, measured natively (the `.wasm`'s own figures come
/// from `node web/bench/keys.mjs`): opening a layout with its key names, a keystroke after
/// the host hands over its text, and normalization beyond the Latin tables (the UCD tables
/// that replaced Foundation).
func webHostBenchmarks() -> [Benchmark] {
    var benchmarks: [Benchmark] = []
    benchmarks.append(
        Benchmark(name: "web/open hu-touch (load, session, key names)", unit: "layout") { iterations in
            for _ in 0..<iterations {
                let layout = try? LayoutCatalog.load("hu-touch")
                blackHole(layout.map { (TypingSession(layout: $0), KeyNameTable(layout: $0)) })
            }
            return iterations
        })

    let huTouch = BenchmarkCorpus.layout("hu-touch")
    let keys = huTouch.layers[huTouch.baseLayer].rows.joined().filter { key in
        if case .text = huTouch.keys[key.rawValue].action { return true }
        if case .accent = huTouch.keys[key.rawValue].action { return true }
        return false
    }
    let contexts = ["Győr és Pécs között ", "árvíztűrő tükörfúrógép", "o\u{308}t tu\u{30B}zolto\u{301} "]
    benchmarks.append(
        Benchmark(name: "web/hu-touch setContext + key (a host's keystroke)", unit: "event") { iterations in
            var session = TypingSession(layout: huTouch)
            var deleted = 0
            for iteration in 0..<iterations {
                session.setContext(contexts[iteration % contexts.count])
                deleted &+= session.handle(.tap(keys[iteration % keys.count])).deleteCount
            }
            blackHole(deleted)
            return iterations
        })

    // Greek, Vietnamese, Hangul and stacked marks: past CanonicalComposition's Latin tables.
    let texts: [[Unicode.Scalar]] = [
        "ά", "ἄ", "ệ", "ậ", "한", "각", "ǘ", "ṩ", "ự", "ώ", "\u{1100}\u{1161}\u{11A8}", "e\u{323}\u{302}",
    ].map { Array($0.unicodeScalars) }
    benchmarks.append(
        Benchmark(name: "unicode/nfd+nfc beyond the Latin tables", unit: "grapheme") { iterations in
            var count = 0
            for iteration in 0..<iterations {
                let text = texts[iteration % texts.count]
                count &+= ScalarNormalization.nfc(ScalarNormalization.nfd(text)).count
            }
            blackHole(count)
            return iterations
        })
    return benchmarks
}
