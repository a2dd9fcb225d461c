import LayoutEngine
import TypingEfficiency

// `--touch-errors`: the line-by-line pass with the touch error model (corpus bytes, one
// core, hu-touch), and the bootstrap over the lines' figures (line × resample).

func touchErrorBenchmarks() -> [Benchmark] {
    let corpus = ComparisonBenchmarkCorpus.load()
    guard let layout = try? LayoutCatalog.load("hu-touch") else { return [] }
    let comparison = Comparison(layouts: [layout], model: .oneFinger)
    let source = CorpusSource.text(name: corpus.name, bytes: corpus.bytes)
    let model = TouchErrorModel()
    let figures = (try? comparison.touchErrors([source], model: model))?.first ?? nil
    var benchmarks = [
        Benchmark(name: "touch-errors/one-finger/hu-touch/1-core (\(corpus.name))", unit: "byte") { iterations in
            for _ in 0..<iterations {
                let lines = try? comparison.touchErrors([source], model: model)
                blackHole(lines?.first??.lines)
            }
            return iterations * corpus.bytes.count
        }
    ]
    if let figures {
        let columns = [TouchLineFigures.Column.characters, .seconds, .presses, .errors, .fixKeystrokes, .fixSeconds]
            .map { figures.column($0) }
        let bootstrap = Bootstrap(resamples: 10)
        benchmarks.append(
            Benchmark(name: "touch-errors/bootstrap/6-columns (\(corpus.name))", unit: "line×resample") { iterations in
                for _ in 0..<iterations {
                    blackHole(bootstrap.intervals(columns: columns) { [$0[0] / $0[1], $0[3] / $0[0]] })
                }
                return iterations * figures.lines * bootstrap.resamples
            })
    }
    return benchmarks
}
