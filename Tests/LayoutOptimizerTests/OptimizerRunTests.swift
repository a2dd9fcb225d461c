import Foundation
import LayoutEngine
import Testing
import TypingEfficiency

@testable import LayoutOptimizer

/// The whole run under `--time`, the rounds named in the progress, and the report of an
/// annealing: the best layout's rows drawn, the alternatives told apart.
@Suite struct OptimizerRunTests {
    /// Progress reports, kept across threads.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [OptimizerProgress] = []
        func add(_ item: OptimizerProgress) {
            lock.lock()
            items.append(item)
            lock.unlock()
        }
        var all: [OptimizerProgress] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    /// A limit, what a run has used of it, and the share round `round` gets.
    struct ShareCase: Sendable, CustomTestStringConvertible {
        var limit: Double
        var elapsed: Double
        var plan: Double
        var check: Double
        var round: Int
        var rounds: Int
        var alternatives: Int
        var share: Double
        var testDescription: String { "round \(round) of \(rounds), \(elapsed) s of \(limit) s gone: \(share) s" }
    }

    static let shareCases: [ShareCase] = [
        ShareCase(limit: 30, elapsed: 0, plan: 1, check: 0.5, round: 1, rounds: 3, alternatives: 10, share: 25.5 / 3),
        ShareCase(limit: 30, elapsed: 12, plan: 1, check: 0.5, round: 2, rounds: 3, alternatives: 10, share: 14.5 / 2),
        ShareCase(limit: 30, elapsed: 25, plan: 1, check: 0.5, round: 3, rounds: 3, alternatives: 10, share: 2.5),
        ShareCase(limit: 30, elapsed: 29, plan: 1, check: 0.5, round: 3, rounds: 3, alternatives: 10, share: 0),
        ShareCase(limit: 10, elapsed: 0, plan: 0, check: 0, round: 1, rounds: 1, alternatives: 0, share: 10),
    ]

    @Test(
        "--time is the whole run's: each round anneals an even share of what the later rounds' planning and the final check leave",
        arguments: shareCases)
    func annealingShare(_ testCase: ShareCase) {
        let got = Optimizer.annealingShare(
            limit: testCase.limit, elapsed: testCase.elapsed, planSeconds: testCase.plan,
            checkSeconds: testCase.check, round: testCase.round, rounds: testCase.rounds,
            alternatives: testCase.alternatives)
        #expect(abs(got - testCase.share) < 1e-9, "\(got)")
    }

    @Test("under --time the progress names each round, in order")
    func roundsNamed() throws {
        let heard = Heard()
        let result = try optimizer(try huTouch()) {
            $0.variation = .letters
            $0.iterations = 1_000_000_000
            $0.rounds = 3
            $0.timeLimit = 1.5
        }.run { heard.add($0) }
        let rounds = heard.all.map(\.round)
        #expect(rounds.first == 1 && rounds == rounds.sorted(), "rounds in order")
        #expect(Set(rounds).count == result.rounds)
        #expect(heard.all.allSatisfy { $0.rounds == 3 && $0.description.hasPrefix("round \($0.round) of at most 3: ") })
    }

    @Test(
        "the progress line's words",
        arguments: [
            (OptimizerProgress(round: 2, rounds: 3, share: 0.412, bestSeconds: 0), "round 2 of at most 3: 41 %"),
            (OptimizerProgress(round: 1, rounds: 1, share: 1.5, bestSeconds: 0), "round 1 of 1: 100 %"),
            (OptimizerProgress(round: 1, rounds: 3, share: 0, bestSeconds: 0), "round 1 of at most 3: 0 %"),
        ])
    func progressLine(_ progress: OptimizerProgress, _ line: String) {
        #expect(progress.description == line)
    }

    @Test("--vary letters: the report draws the best layout's rows and lists placements that differ")
    func lettersReport() throws {
        let document = try huTouch()
        let search = optimizer(document) {
            $0.variation = .letters
            $0.iterations = 3000
            $0.rounds = 1
        }
        let result = try search.run()
        let text = OptimizationReport.text(
            result, document: document, corpus: "sample", timeModel: "one finger", variation: .letters)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.firstIndex(of: "The best layout's rows:"))
        let drawn = try #require(OptimizationReport.rows(result.best.placement, document))
        #expect(Array(lines[(heading + 1)...(heading + 3)]) == drawn.map { "  " + $0 })
        #expect(drawn.map { $0.split(separator: " ").count } == [11, 11, 7], "hu-touch's rows, ⇧ and ⌫ left out")
        let listed = lines.filter { $0.contains(" wpm (estimate ") }
        #expect(listed.count == result.alternatives.count)
        let shown = listed.map { $0.split(separator: ")", maxSplits: 1)[1] }
        #expect(Set(shown).count == shown.count, "no two alike: \(listed)")
        #expect(listed.first?.hasSuffix(drawn.joined(separator: " / ")) == true)
        #expect(listed.dropFirst().allSatisfy { $0.contains("·") })
    }
}
