import Foundation
import LayoutEngine
import LayoutOptimizer
import TypingEfficiency

// Placement search: candidate evaluations per second on one core, from the corpus's
// statistics (the plans of hu-touch on the shared Hungarian corpus, or the synthesized
// stand-in), for accent moves and long-press reorders under each model. The statistics
// are made on first use, so other benchmarks do not wait for them.

func optimizerBenchmarks() -> [Benchmark] {
    var benchmarks: [Benchmark] = []
    for model in [ComparisonModel.oneFinger, .twoThumb] {
        let setup = OptimizerBenchmarkSetup(model: model)
        benchmarks.append(
            Benchmark(name: "optimize/\(model.rawValue)/accent-move (hu-touch)", unit: "candidate") { iterations in
                guard let (estimator, candidates, _) = setup.prepared else { return iterations }
                var total = 0.0
                for iteration in 0..<iterations {
                    total += estimator.quickSeconds(candidates[iteration % candidates.count])
                }
                blackHole(total)
                return iterations
            })
        benchmarks.append(
            Benchmark(name: "optimize/\(model.rawValue)/long-press-move (hu-touch)", unit: "candidate") { iterations in
                guard let (estimator, _, reordered) = setup.prepared else { return iterations }
                var total = 0.0
                for iteration in 0..<iterations {
                    total += estimator.quickSeconds(reordered[iteration % reordered.count])
                }
                blackHole(total)
                return iterations
            })
        benchmarks.append(
            Benchmark(name: "optimize/\(model.rawValue)/segment-replay (hu-touch)", unit: "candidate") { iterations in
                guard let (estimator, candidates, _) = setup.prepared else { return iterations }
                var total = 0.0
                for iteration in 0..<iterations { total += estimator.seconds(candidates[iteration % candidates.count]) }
                blackHole(total)
                return iterations
            })
    }
    return benchmarks
}

/// hu-touch's statistics and a set of candidates, made once on first use.
final class OptimizerBenchmarkSetup {
    let model: ComparisonModel
    private var made = false
    private var value: (PlacementEstimator, [Placement], [Placement])?

    init(model: ComparisonModel) { self.model = model }

    var prepared: (PlacementEstimator, [Placement], [Placement])? {
        if !made {
            made = true
            value = make()
        }
        return value
    }

    private func make() -> (PlacementEstimator, [Placement], [Placement])? {
        guard let bytes = LayoutCatalog.builtInFile("hu-touch"),
            let document = try? LayoutDocument(bytes: bytes, file: "hu-touch.json"),
            let layout = try? LayoutCatalog.load("hu-touch")
        else { return nil }
        let corpus = ComparisonBenchmarkCorpus.load()
        let evaluator = LayoutEvaluator(layout: layout, model: model)
        guard
            let statistics = try? PlanStatistics(
                .runningText([.text(name: corpus.name, bytes: corpus.bytes)]), evaluator: evaluator),
            let estimator = try? PlacementEstimator(
                layout: layout, document: document, timeModel: evaluator.timeModel, statistics: statistics),
            let space = try? SearchSpace(document, variation: .accents, keep: [])
        else { return nil }
        let identity = Placement(identityFor: document)
        var accentMoves: [Placement] = []
        for first in 0..<document.slots.count {
            for second in 0..<document.slots.count where second != first {
                if let placement = space.placing(accentsAt: [first, second, (first + second + 1) % 29], from: identity)
                {
                    accentMoves.append(placement)
                }
            }
        }
        var reorders: [Placement] = []
        for content in identity.orders.indices where identity.orders[content].count > 1 {
            for shift in 1..<identity.orders[content].count {
                var placement = identity
                placement.orders[content].swapAt(0, shift)
                reorders.append(placement)
            }
        }
        FileHandle.standardError.write(
            Data(
                "kbdbench: \(model.rawValue): \(statistics.segmentCount) distinct segments, \(statistics.events.count) events, \(estimator.windows?.weights.count ?? 0) windows; at hu-touch: quick \(estimator.quickSeconds(identity)) s, replay \(estimator.seconds(identity)) s\n"
                    .utf8))
        return (estimator, accentMoves, reorders)
    }
}
