import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// Plan every sentence of the real corpora, replay the plan through a fresh session, and
/// get the sentence back: exactly, once the graphemes the layout reports as untypeable are
/// left out. Those must not include the language's letters, digits or common punctuation.
struct CorpusRoundTripTests {
    typealias Case = CorpusCase

    static let cases = [
        Case(corpus: "hu.txt", layout: "hu-touch"), Case(corpus: "hu.txt", layout: "hu-ios"),
        Case(corpus: "hu.txt", layout: "hu-extended"), Case(corpus: "cs.txt", layout: "cs-touch"),
        Case(corpus: "da.txt", layout: "da-touch"),
    ]

    @Test(
        .enabled(if: SharedCorpora.present, "\(SharedCorpora.absent(skipping: "corpus round trips"))"), arguments: cases
    )
    func roundTrip(_ testCase: Case) throws {
        let path = try #require(SharedCorpora.path(testCase.corpus), "\(testCase.corpus) is not in ../shared/corpora")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let layout = Shipped.layout(testCase.layout)
        let planner = KeystrokePlanner(layout: layout)
        var leftOut: [String: Int] = [:]
        var sentences = 0
        var mismatches: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            let sentence = String(line)
            let plan = planner.plan(sentence)
            for item in plan.untypeable { leftOut[item.grapheme, default: 0] += 1 }
            let expected = removing(plan.untypeable, from: sentence)
            let replayed = replay(plan.events, on: layout)
            if scalars(replayed) != scalars(expected), mismatches.count < 5 {
                mismatches.append("\(sentence) → \(replayed)")
            }
            sentences += 1
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        let required = Set(Repertoire.all(layout.locale).map(String.init))
        let forbidden = leftOut.keys.filter { required.contains($0) }
        #expect(forbidden.isEmpty, "\(testCase.layout) cannot type \(forbidden.sorted())")
        let summary = leftOut.sorted { $0.value > $1.value }.prefix(20).map { "\($0.key.debugDescription)×\($0.value)" }
        print("\(testCase.testDescription): \(sentences) sentences; left out: \(summary.joined(separator: " "))")
    }

    @Test(
        "cs.txt and da.txt as one text each: one plan across lines, one replay",
        .enabled(if: SharedCorpora.present, "\(SharedCorpora.absent(skipping: "corpus round trips"))"),
        arguments: [
            Case(corpus: "cs.txt", layout: "cs-touch"), Case(corpus: "da.txt", layout: "da-touch"),
        ])
    func wholeCorpus(_ testCase: Case) throws {
        let path = try #require(SharedCorpora.path(testCase.corpus), "\(testCase.corpus) is not in ../shared/corpora")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let layout = Shipped.layout(testCase.layout)
        let plan = KeystrokePlanner(layout: layout).plan(text)
        #expect(replay(plan.events, on: layout) == removing(plan.untypeable, from: text))
    }
}
