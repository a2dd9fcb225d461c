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
    /// Wall-clock seconds of the whole run at most (the annealing's rounds share what the
    /// planning and the final check leave; the accent and long-press searches run whole).
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

/// How far a search is, for a progress line: the round (plans made again on the best
/// layout so far) and the share of that round's search done.
public struct OptimizerProgress: Sendable, CustomStringConvertible {
    /// The round, from 1, and the most there may be (a round that finds nothing better ends
    /// the search).
    public let round: Int
    public let rounds: Int
    /// The share of this round's search done, 0 to 1.
    public let share: Double
    /// The best estimate so far, seconds (0 where the search does not say).
    public let bestSeconds: Double

    /// `round 2 of at most 3: 41 %`.
    public var description: String {
        "round \(round) of \(rounds == 1 ? "1" : "at most \(rounds)"): \(Int((min(1, max(0, share)) * 100).rounded(.down))) %"
    }
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

    /// Runs the search; `progress` hears how far it is. With `options.timeLimit`, the whole
    /// run keeps to it: each round's annealing gets an even share of the time left after
    /// this round's planning, the next rounds' planning (guessed from this round's) and the
    /// final check (guessed from checking the file's own placement first), and no round
    /// starts once it is up.
    /// - Throws: `OptimizerError` for a search that cannot run, a corpus that cannot be read.
    public func run(progress: (@Sendable (OptimizerProgress) -> Void)? = nil) throws(OptimizerError)
        -> OptimizationResult
    {
        let began = Date()
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
        var planSeconds = 0.0
        // Under a time limit the file's own placement is checked first, which times the
        // final check of the others (each plans the corpus once more).
        var startFigures: LayoutTotals?
        var checkSeconds = 0.0
        if options.timeLimit != nil {
            let checking = Date()
            startFigures = try check([identity])[0]
            checkSeconds = Date().timeIntervalSince(checking)
        }
        while rounds < options.rounds {
            if rounds > 0, let limit = options.timeLimit, Date().timeIntervalSince(began) >= limit { break }
            rounds += 1
            let planning = Date()
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
            planSeconds = max(planSeconds, Date().timeIntervalSince(planning))
            let searching = Date()
            let round = rounds
            var roundProgress: (@Sendable (Double, Double) -> Void)?
            if let progress {
                let rounds = options.rounds
                roundProgress = { share, seconds in
                    progress(OptimizerProgress(round: round, rounds: rounds, share: share, bestSeconds: seconds))
                }
            }
            // The round is named as it begins, even if its share of the time is gone at once.
            roundProgress?(0, 0)
            var found = try search(
                estimator, space, start: best, identity: identity,
                timeLimit: annealingTime(began, planSeconds, checkSeconds, round),
                progress: roundProgress)
            if estimator.hasQuickEstimate {
                // The quick estimate chose the few best; the segments' replay orders them.
                found.top = found.top.map { Scored(placement: $0.placement, seconds: estimator.seconds($0.placement)) }
                    .sorted { $0.seconds < $1.seconds }
            }
            found.top = Array(found.top.prefix(options.alternatives))
            searchSeconds += Date().timeIntervalSince(searching)
            evaluated += found.evaluated
            top = found.top
            lastEstimator = estimator
            guard let first = top.first, first.placement != best else { break }
            best = first.placement
        }
        let checkedList = [identity] + top.map(\.placement).filter { $0 != identity }
        var exact: [LayoutTotals]
        if let startFigures {
            exact = [startFigures]
            if checkedList.count > 1 { exact += try check(Array(checkedList.dropFirst())) }
        } else {
            exact = try check(checkedList)
        }
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

    /// The seconds round `round`'s annealing may take of `options.timeLimit`, the run having
    /// begun at `began`, a round's planning taking about `planSeconds` and the exact check of
    /// one placement `checkSeconds`; `nil` without a limit.
    func annealingTime(_ began: Date, _ planSeconds: Double, _ checkSeconds: Double, _ round: Int) -> Double? {
        guard let limit = options.timeLimit else { return nil }
        return Self.annealingShare(
            limit: limit, elapsed: Date().timeIntervalSince(began), planSeconds: planSeconds,
            checkSeconds: checkSeconds, round: round, rounds: options.rounds, alternatives: options.alternatives)
    }

    /// Round `round`'s even share (of `rounds`) of what a `limit` leaves after `elapsed`
    /// seconds, the later rounds' planning (`planSeconds` each) and the final check of
    /// `alternatives` placements (the exact check of one taking `checkSeconds`): never below 0.
    static func annealingShare(
        limit: Double, elapsed: Double, planSeconds: Double, checkSeconds: Double, round: Int, rounds: Int,
        alternatives: Int
    ) -> Double {
        let later = Double(max(0, rounds - round))
        // The final check plans the corpus on each other placement listed: each adds about
        // half the first one's time (measured; the corpus is read once for all).
        let check = checkSeconds * Double(alternatives) / 2
        let left = limit - elapsed - check - planSeconds * later
        return max(0, left / (later + 1))
    }

    private func search(
        _ estimator: PlacementEstimator, _ space: SearchSpace, start: Placement, identity: Placement,
        timeLimit: Double?, progress: (@Sendable (Double, Double) -> Void)?
    ) throws(OptimizerError) -> (top: [Scored], evaluated: Int) {
        let keep = estimator.hasQuickEstimate ? max(options.alternatives, Self.refined) : options.alternatives
        switch options.variation {
        case .accents:
            var accentProgress: (@Sendable (Int, Int) -> Void)?
            if let progress {
                accentProgress = { done, total in progress(total > 0 ? Double(done) / Double(total) : 0, 0) }
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
            let annealing = Annealing(iterations: options.iterations, timeLimit: timeLimit, seed: options.seed)
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
