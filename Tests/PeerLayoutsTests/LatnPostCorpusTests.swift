import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import PeerLayouts

/// Plans on the latn-post model, replayed through libm17n over Hungarian sentences: where
/// the replay differs, the sentence has two neighbouring characters whose plan latn-post
/// already types differently: `aé` → ae' (`a e` waits in the preedit for latn-post's
/// three-key `ae/` → æ, so the `'` after it is no accent; the probe searches no three-key
/// sequences). A comma, full stop or hyphen after a letter no longer differs: the model
/// carries those rules and their escape (`a , ,` → `a,`, see `PeerLayoutBuilder`).
@Suite(.enabled(if: PackagePaths.sharedKeymanPresent && latnPostPresent, "needs ../shared/corpora and m17n-db"))
struct LatnPostCorpusTests {
    @Test("replayed plans type the sentence, or the sentence has a pair latn-post rewrites")
    func replay() throws {
        let layout = try #require(Peers.latnPost)
        let planner = KeystrokePlanner(layout: layout)
        let text = try String(contentsOf: PackagePaths.shared.appendingPathComponent("corpora/hu.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        var rewritten: [String: Bool] = [:]
        func rewrites(_ pair: (Character, Character)) -> Bool {
            let key = String([pair.0, pair.1])
            if let known = rewritten[key] { return known }
            let result = TestSupport.replay(planner.plan(key).events, on: layout) != key
            rewritten[key] = result
            return result
        }
        var same = 0
        var differ = 0
        for index in stride(from: 0, to: lines.count, by: 100) {
            let sentence = String(lines[index])
            let plan = planner.plan(sentence)
            if TestSupport.replay(plan.events, on: layout)
                == UntypeableGrapheme.text(sentence, without: plan.untypeable)
            {
                same += 1
            } else {
                differ += 1
                #expect(zip(sentence, sentence.dropFirst()).contains(where: rewrites), "\(sentence)")
            }
        }
        #expect(same > 0 && differ > 0)
        print("latn-post replay on every 100th sentence of hu.txt: \(same) the same, \(differ) rewritten")
    }
}
