import Foundation
import LayoutEngine
import TypingEfficiency

/// How an optimization runs.
public struct OptimizerOptions: Sendable {
    /// What may change.
    public var variation = Variation.accents
    /// Labels of keys that stay where they are.
    public var keep: [String] = []
    /// The annealing's seed.
    public var seed: UInt64 = 1
    /// The annealing's iterations per round.
    public var iterations = 200_000
    /// Wall-clock seconds per round at most (annealing).
    public var timeLimit: Double?
    /// Rounds at most: each plans the corpus again on the best layout so far.
    public var rounds = 3
    /// How many alternatives the report lists.
    public var alternatives = 10
    /// Threads.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Start from a shuffle of the movable keys (seeded) instead of the file's placement.
    public var randomStart = false

    /// The defaults.
    public init() {}
}

/// A placement with its figures: the search's estimate and the exact re-check.
public struct CheckedPlacement: Sendable {
    /// The placement, of the original file.
    public let placement: Placement
    /// The estimate the search used, seconds (from the last round's plans).
    public let estimatedSeconds: Double
    /// The exact figures from the planner and timer `compare` uses.
    public let exact: LayoutTotals
}

/// What an optimization found.
public struct OptimizationResult: Sendable {
    /// The original file's placement.
    public let start: CheckedPlacement
    /// The best placement by the exact figure.
    public let best: CheckedPlacement
    /// The best placements the search found, best first by the exact figure (`best` first).
    public let alternatives: [CheckedPlacement]
    /// Candidates the estimate timed.
    public let evaluated: Int
    /// Rounds run (plans made again on the best layout each round).
    public let rounds: Int
    /// Seconds spent on the estimate's evaluations, for the rate.
    public let searchSeconds: Double
}

/// Searches placements of a layout's keys for the fastest typing of a corpus.
public struct Optimizer: Sendable {
    /// The file optimized.
    public let document: LayoutDocument
    /// The corpus.
    public let input: ComparisonInput
    /// The model and its constants.
    public let model: ComparisonModel
    public let constants: ModelConstants
    /// How to run.
    public let options: OptimizerOptions

    /// An optimizer of `document` for `input` under `model`.
    public init(
        document: LayoutDocument, input: ComparisonInput, model: ComparisonModel,
        constants: ModelConstants = ModelConstants(), options: OptimizerOptions = OptimizerOptions()
    ) {
        self.document = document
        self.input = input
        self.model = model
        self.constants = constants
        self.options = options
    }

    /// The layout a placement makes, loaded back as a file would be.
    /// - Throws: `OptimizerError` with the loader's diagnostics when it does not load.
    public func layout(_ placement: Placement) throws(OptimizerError) -> Layout {
        let json = document.json(for: placement)
        let result = LayoutLoader.read(bytes: Array(json.utf8), file: document.id + " (optimized)")
        guard let layout = result.layout else {
            let messages = result.diagnostics.map { "\($0)" }.joined(separator: "; ")
            throw OptimizerError("the optimized layout does not load: \(messages)")
        }
        return layout
    }

    /// Runs the search; `progress` gets (done, total, best estimate's seconds).
    /// - Throws: `OptimizerError` for a search that cannot run, a corpus that cannot be read.
    public func run(progress: (@Sendable (Int, Int, Double) -> Void)? = nil) throws(OptimizerError)
        -> OptimizationResult
    {
        let identity = Placement(identityFor: document)
        var best = identity
        if options.randomStart {
            let space = try SearchSpace(document, variation: options.variation, keep: options.keep)
            var random = SeededGenerator(seed: options.seed ^ 0x5EED)
            let slots = space.movable.map { best.positions[$0] }
            let contents = slots.map { best.slots[$0] }.shuffled(using: &random)
            for (slot, content) in zip(slots, contents) { best.slots[slot] = content }
        }
        var top: [Scored] = []
        var evaluated = 0
        var searchSeconds = 0.0
        var rounds = 0
        var lastEstimator: PlacementEstimator?
        let space = try SearchSpace(document, variation: options.variation, keep: options.keep)
        while rounds < options.rounds {
            rounds += 1
            // The plans of this round are made on the best layout so far; the search still
            // moves keys from the file's own placement.
            let reference = try layout(best)
            let referenceDocument = try LayoutDocument(bytes: Array(document.json(for: best).utf8), file: document.id)
            let evaluator = LayoutEvaluator(layout: reference, model: model, constants: constants)
            let statistics: PlanStatistics
            do {
                statistics = try PlanStatistics(input, evaluator: evaluator)
            } catch {
                throw OptimizerError("\(error)")
            }
            guard !statistics.events.isEmpty else {
                throw OptimizerError(
                    "the corpus gives \(document.id) nothing to type (it is empty, or has no character the layout "
                        + "types), so there is nothing to optimize for: give text in the layout's language")
            }
            var estimator = try PlacementEstimator(
                layout: reference, document: referenceDocument, timeModel: evaluator.timeModel, statistics: statistics)
            estimator.origin = best.inverse
            let began = Date()
            var found = try search(estimator, space, start: best, identity: identity, progress: progress)
            if estimator.hasQuickEstimate {
                // The quick estimate chose the few best; the segments' replay orders them.
                found.top = found.top.map { Scored(placement: $0.placement, seconds: estimator.seconds($0.placement)) }
                    .sorted { $0.seconds < $1.seconds }
            }
            found.top = Array(found.top.prefix(options.alternatives))
            searchSeconds += Date().timeIntervalSince(began)
            evaluated += found.evaluated
            top = found.top
            lastEstimator = estimator
            guard let first = top.first, first.placement != best else { break }
            best = first.placement
        }
        let checkedList = [identity] + top.map(\.placement).filter { $0 != identity }
        let exact = try check(checkedList)
        let estimates = checkedList.map { lastEstimator?.seconds($0) ?? 0 }
        let checked = checkedList.indices.map {
            CheckedPlacement(placement: checkedList[$0], estimatedSeconds: estimates[$0], exact: exact[$0])
        }
        let ranked = checked.sorted {
            ($0.exact.seconds, $0.estimatedSeconds) < ($1.exact.seconds, $1.estimatedSeconds)
        }
        return OptimizationResult(
            start: checked[0], best: ranked[0], alternatives: Array(ranked.prefix(options.alternatives)),
            evaluated: evaluated, rounds: rounds, searchSeconds: searchSeconds)
    }

    private func search(
        _ estimator: PlacementEstimator, _ space: SearchSpace, start: Placement, identity: Placement,
        progress: (@Sendable (Int, Int, Double) -> Void)?
    ) throws(OptimizerError) -> (top: [Scored], evaluated: Int) {
        let keep = estimator.hasQuickEstimate ? max(options.alternatives, Self.refined) : options.alternatives
        switch options.variation {
        case .accents:
            var accentProgress: (@Sendable (Int, Int) -> Void)?
            if let progress {
                accentProgress = { done, total in progress(done, total, 0) }
            }
            return try Searches.accents(
                estimator, space, start: identity, workers: max(1, options.workers), keep: keep,
                progress: accentProgress)
        case .longPress:
            let sorted = longPress(estimator, start)
            var list = TopList(capacity: keep)
            list.offer(sorted, estimator.seconds(sorted))
            list.offer(start, estimator.seconds(start))
            return (list.items, 2)
        case .letters, .all:
            let annealing = Annealing(iterations: options.iterations, timeLimit: options.timeLimit, seed: options.seed)
            var found = try annealing.run(estimator, space, start: start, keep: keep, progress: progress)
            if options.variation == .all {
                found.top = found.top.map { item in
                    let sorted = longPress(estimator, item.placement)
                    return Scored(placement: sorted, seconds: estimator.seconds(sorted))
                }.sorted { $0.seconds < $1.seconds }
            }
            return found
        }
    }

    /// How many of the quick estimate's best the segments' replay times again (two thumbs).
    static let refined = 100

    /// Long-press orders sorted on the estimator's reference layout, as a placement of the file.
    private func longPress(_ estimator: PlacementEstimator, _ placement: Placement) -> Placement {
        guard let origin = estimator.origin else { return Searches.longPress(estimator, start: placement) }
        let reference = origin.inverse
        return reference.composed(with: Searches.longPress(estimator, start: origin.composed(with: placement)))
    }

    /// The exact figures of each placement: `compare`'s planner and timer over the corpus.
    public func check(_ placements: [Placement]) throws(OptimizerError) -> [LayoutTotals] {
        var layouts: [Layout] = []
        for placement in placements { layouts.append(try layout(placement)) }
        let comparison = Comparison(layouts: layouts, model: model, constants: constants)
        do {
            return try comparison.run(input, workers: max(1, options.workers)).results.map(\.totals)
        } catch {
            throw OptimizerError("\(error)")
        }
    }
}
