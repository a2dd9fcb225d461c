import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// Every plan the comparison makes, replayed through a fresh session, gives back the
/// sentence (without what the layout cannot type): on every line of the shared corpora.
@Suite("Corpus round trips")
struct RoundTripTests {
    static let cases: [(corpus: String, layouts: [String])] = [
        ("hu.txt", ["hu-touch", "hu-ios", "hu-extended"]),
        ("cs.txt", ["cs-touch"]),
        ("da.txt", ["da-touch"]),
    ]

    @Test(
        "plans replay to the corpus",
        .enabled(if: SharedCorpora.present, "\(SharedCorpora.absent(skipping: "corpus round trips"))"),
        arguments: ["hu.txt", "cs.txt", "da.txt"],
        [ComparisonModel.oneFinger, .keystrokes])
    func roundTrip(_ name: String, _ model: ComparisonModel) throws {
        let path = try #require(SharedCorpora.path(name), "\(name) is not in ../shared/corpora")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        // hu.txt is large: all of it under one model, its first 5,000 sentences under the other.
        if name == "hu.txt", model == .keystrokes { lines = Array(lines.prefix(5000)) }
        for id in Self.cases.first(where: { $0.corpus == name })!.layouts {
            let evaluator = LayoutEvaluator(layout: Shipped.layout(id), model: model)
            var failures = 0
            for line in lines {
                var sink = RecordingSink()
                evaluator.plan(sentence: line, into: &sink)
                let replayed = replay(sink.events, on: evaluator.layout)
                let expected = removing(sink.untypeable, from: line)
                if replayed != expected {
                    failures += 1
                    if failures <= 3 { Issue.record("\(id): \(line) → \(replayed)") }
                }
            }
            #expect(failures == 0, "\(id) on \(name): \(failures) of \(lines.count) sentences differ")
        }
    }

    /// `text` without the graphemes at the given scalar offsets.
    func removing(_ untypeable: [UntypeableGrapheme], from text: String) -> String {
        UntypeableGrapheme.text(text, without: untypeable) ?? "untypeable offsets out of order"
    }
}
