import Foundation
import LayoutEngine
import TestSupport
import Testing
import XKBLayouts

@testable import PeerLayouts

/// Two implementations of the Hungarian hardware layout, side by side: Keyman's
/// basic_kbdhu (the Windows layout, through Keyman Core) and xkeyboard-config's `hu`
/// (through libxkbcommon and the Compose table).
@Suite(.enabled(if: PackagePaths.sharedKeymanPresent, "needs ../shared/keyman and ../shared/corpora"))
struct HardwareDifferentialTests {
    /// Graphemes only xkb:hu types: its AltGr levels and extra dead keys (grave, tilde,
    /// macron, dot above, stroke, cedilla on n/l) have them, the Windows layout has not.
    static let onlyXKB = Set("©®²³·ºÅÈÑØàãåèìñòõùûāċėğĠġĦħīİıĽľņŌōỳ–’”„".map(String.init))
    /// Graphemes both type at a different cost (kmx, xkb): `^` is AltGr+3 then space on
    /// Windows, a key of its own on xkb:hu; â î ô are AltGr+3 then the letter on Windows,
    /// Shift+AltGr+3 (dead circumflex) then the letter on xkb:hu.
    static let costs: [String: (kmx: Int, xkb: Int)] = ["^": (3, 2), "â": (3, 4), "î": (3, 4), "ô": (3, 4)]

    static func sampledSentences(every step: Int) throws -> [String] {
        let text = try String(contentsOf: PackagePaths.shared.appendingPathComponent("corpora/hu.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        return stride(from: 0, to: lines.count, by: step).map { String(lines[$0]) }
    }

    @Test("every grapheme of hu.txt costs the same on both, but the listed ones")
    func graphemeCosts() throws {
        let kmx = KeystrokePlanner(layout: try #require(Peers.basicHU))
        let xkb = KeystrokePlanner(layout: try XKBLayouts.load("xkb:hu").layout)
        let text = try String(contentsOf: PackagePaths.shared.appendingPathComponent("corpora/hu.txt"), encoding: .utf8)
        var onlyXKB: Set<String> = []
        var onlyKMX: Set<String> = []
        var costs: [String: (kmx: Int, xkb: Int)] = [:]
        // One-scalar graphemes (hu.txt's accented letters are precomposed).
        for scalar in Set(text.unicodeScalars)
        where scalar != "\n" && scalar.properties.canonicalCombiningClass == .notReordered {
            let grapheme = Character(scalar)
            let a = kmx.plan(String(grapheme))
            let b = xkb.plan(String(grapheme))
            switch (a.untypeable.isEmpty, b.untypeable.isEmpty) {
            case (false, true): onlyXKB.insert(String(grapheme))
            case (true, false): onlyKMX.insert(String(grapheme))
            case (true, true) where a.keystrokes != b.keystrokes: costs[String(grapheme)] = (a.keystrokes, b.keystrokes)
            default: break
            }
        }
        #expect(onlyXKB == Self.onlyXKB)
        #expect(onlyKMX.isEmpty)
        #expect(costs.mapValues { [$0.kmx, $0.xkb] } == Self.costs.mapValues { [$0.kmx, $0.xkb] })
    }

    @Test("sentences: the same keystroke count, or a listed grapheme, or a run of capitals (Caps Lock)")
    func sentenceCounts() throws {
        let kmx = KeystrokePlanner(layout: try #require(Peers.basicHU))
        let xkb = KeystrokePlanner(layout: try XKBLayouts.load("xkb:hu").layout)
        var same = 0
        var listed = 0
        var capitals = 0
        for sentence in try Self.sampledSentences(every: 20) {
            let a = kmx.plan(sentence)
            let b = xkb.plan(sentence)
            if a.keystrokes == b.keystrokes, a.untypeable == b.untypeable {
                same += 1
            } else if sentence.contains(where: { Self.onlyXKB.contains(String($0)) || Self.costs[String($0)] != nil }) {
                listed += 1
            } else {
                // Caps Lock: the two layouts' Caps Lock levels differ (which keys it shifts),
                // so the planner types capitals with no lower-case letter between them
                // (`AT&T`, `Z & Z`) with different presses.
                let letters = sentence.filter(\.isLetter)
                let hasRun = zip(letters, letters.dropFirst()).contains { $0.isUppercase && $1.isUppercase }
                #expect(hasRun, "unexplained difference \(a.keystrokes) vs \(b.keystrokes): \(sentence)")
                capitals += 1
            }
        }
        #expect(same > 10 * (listed + capitals))
        print("kmx vs xkb sentences: same \(same), listed graphemes \(listed), capitals \(capitals)")
    }

    @Test("every plan on kmx:basic_kbdhu, replayed through Keyman Core, types the sentence")
    func replay() throws {
        let layout = try #require(Peers.basicHU)
        let planner = KeystrokePlanner(layout: layout)
        for sentence in try Self.sampledSentences(every: 100) {
            let plan = planner.plan(sentence)
            let replayed = TestSupport.replay(plan.events, on: layout)
            #expect(replayed == UntypeableGrapheme.text(sentence, without: plan.untypeable), "\(sentence)")
        }
    }
}
