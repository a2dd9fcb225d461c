import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// The touch error model on a layout small enough to work out by hand: one row of two keys,
/// `a` and `⌫`, each 10 mm wide and 10 mm high with a 1 mm gap (visible 9 × 9 mm), and
/// touches spread with σ = 5 mm, so every boundary is one σ from the centre of `a`.
@Suite("Touch error model, by hand")
struct TouchErrorModelTests {
    static let json = """
        {"formatVersion": 1, "id": "two-keys", "name": "Two keys", "locale": "xx",
         "geometry": {"widthMm": 20, "unitsPerRow": 2, "rowPitchMm": 10, "keyGapMm": 1},
         "layers": [{"id": "base", "rows": [{"keys": [{"text": "a"}, {"action": "backspace"}]}]}]}
        """

    static func layout() throws -> Layout {
        let result = LayoutLoader.read(bytes: Array(json.utf8), file: "two-keys.json")
        return try #require(result.layout, "\(result.diagnostics)")
    }

    /// Φ(1), the standard normal's distribution function at one σ.
    static let phi1 = 0.841_344_746_068_542_9

    @Test("a touch aimed at a: on a Φ(1)², on ⌫ (1 − Φ(1))·Φ(1), above the keyboard 1 − Φ(1)")
    func chances() throws {
        let layout = try Self.layout()
        let targets = TouchTargets(layout: layout, model: TouchErrorModel(sigma: 5))
        // a's cell: x up to the boundary with ⌫ at 10 mm (centre 5 mm), y from the top edge
        // (0) down without end (the bottom row reaches the screen's bottom edge).
        #expect(abs(targets.hit[0] - 0.707_860_981_7) < 1e-9)
        let strays = targets.strays[0]
        #expect(strays.count == 2)
        #expect(strays.contains { $0.key == 1 && abs($0.probability - 0.133_483_764_3) < 1e-9 })
        #expect(strays.contains { $0.key == nil && abs($0.probability - 0.158_655_253_9) < 1e-9 })
        #expect(abs(targets.hit[0] + strays.reduce(0) { $0 + $1.probability } - 1) < 1e-12)
        #expect(abs(targets.miss(0) - (1 - Self.phi1 * Self.phi1)) < 1e-12)
    }

    @Test("fixing a miss of a: ⌫ then a (2 keystrokes, 0.083 + 0.2199 s) or a again (1, 0.083 s)")
    func fixes() throws {
        let layout = try Self.layout()
        let evaluator = LayoutEvaluator(layout: layout, model: .oneFinger)
        let cost = TouchErrorCost(evaluator, model: TouchErrorModel(sigma: 5))
        // Fitts, one finger: ⌫ → ⌫ is 0.083 s; ⌫ → a is 0.083 + 0.127·log2(10/9 + 1) = 0.219906 s.
        let backToA = 0.083 + 0.127 * log2(10.0 / 9 + 1)
        let onBackspace = (1 - Self.phi1) * Self.phi1
        let above = 1 - Self.phi1
        #expect(abs(cost.fixKeystrokes[0] - (onBackspace * 2 + above * 1)) < 1e-9)
        #expect(abs(cost.fixSeconds[0] - (onBackspace * (0.083 + backToA) + above * 0.083)) < 1e-9)
        #expect(abs(cost.fixKeystrokes[0] - 0.425_622_782_6) < 1e-9)
        #expect(abs(cost.fixSeconds[0] - 0.053_601_461_8) < 1e-9)
    }

    @Test("\"aa\", \"a\": 144.58 WPM, 29.21 errors and 5.36 s of fixes per 100 characters, 87.85 WPM with them")
    func report() throws {
        let layout = try Self.layout()
        let comparison = Comparison(layouts: [layout], model: .oneFinger)
        let figures = try comparison.touchErrors(
            [.text(name: "two-keys.txt", bytes: Array("aa\na\n".utf8))], model: TouchErrorModel(sigma: 5))
        let lines = try #require(figures[0])
        #expect(lines.lines == 2)
        #expect(lines.column(.characters) == [2, 1])
        #expect(lines.keyPresses == [3, 0, 0, 0], "a, ⌫ and the derived shift layer's A, ⌫")
        let report = TouchErrorReport(
            layouts: [layout], figures: figures, model: TouchErrorModel(sigma: 5),
            bootstrap: Bootstrap(resamples: 0))
        let row = report.rows[0]
        // Three taps of a from a, 0.083 s each: 3 characters in 0.249 s.
        #expect(abs(row.wpm!.estimate - 144.578_313) < 1e-5)
        #expect(abs(row.errorsPer100!.estimate - 29.213_902) < 1e-5)
        #expect(abs(row.fixKeystrokesPer100!.estimate - 42.562_278) < 1e-5)
        #expect(abs(row.fixSecondsPer100!.estimate - 5.360_146) < 1e-5)
        #expect(abs(row.wpmWithFixes!.estimate - 87.846_791) < 1e-5)
        #expect(row.difference == nil)
        #expect(row.keys.count == 1 && row.keys[0].label == "a" && row.keys[0].share == 1)
    }

    @Test("a long-press that misses is held again: its hold is added once per miss")
    func longPressFix() throws {
        let layout = Shipped.layout("hu-ios")
        let evaluator = LayoutEvaluator(layout: layout, model: .oneFinger)
        let cost = TouchErrorCost(evaluator, model: TouchErrorModel())
        let a = try #require(KeyNames.key(named: "a", on: layout.baseLayer, in: layout))
        let tap = cost.fix(.tap(a))
        let hold = cost.fix(.longPress(a, alternate: 0))
        let miss = cost.targets.miss(a.rawValue)
        #expect(abs(hold.keystrokes - tap.keystrokes - miss) < 1e-12)
        #expect(abs(hold.seconds - tap.seconds - miss * 0.5) < 1e-12)
    }

    @Test("hu-touch: a touch aimed at ´ that lands on ¨ is fixed by ´ alone, as --errors finds")
    func accentFix() throws {
        let layout = Shipped.layout("hu-touch")
        let evaluator = LayoutEvaluator(layout: layout, model: .oneFinger)
        let acute = try #require(KeyNames.key(named: "´", on: layout.baseLayer, in: layout))
        let diaeresis = try #require(KeyNames.key(named: "¨", on: layout.baseLayer, in: layout))
        guard case .accent(let meant) = layout.keys[acute.rawValue].action,
            case .accent(let wrong) = layout.keys[diaeresis.rawValue].action
        else {
            Issue.record("´ and ¨ are not accent keys")
            return
        }
        var cache: [Int: (keystrokes: Double, seconds: Double)] = [:]
        let fix = try #require(TouchErrorCost.accentFix(evaluator, wrong: wrong, meant: meant, cache: &cache))
        #expect(fix.keystrokes == 1)
        #expect(
            abs(fix.seconds - TouchErrorCost.time([acute.rawValue], from: diaeresis.rawValue, evaluator.timerTables))
                < 1e-12)
    }
}

@Suite("Bootstrap")
struct BootstrapTests {
    @Test("the same seed gives the same intervals; they hold the estimate; a constant ratio has no spread")
    func intervals() {
        let characters = (0..<500).map { Double(10 + $0 % 37) }
        let seconds = characters.enumerated().map { $1 * (0.3 + Double($0 % 7) * 0.02) }
        let bootstrap = Bootstrap(resamples: 300)
        let first = bootstrap.intervals(columns: [characters, seconds]) { [12 * $0[0] / $0[1]] }
        let second = bootstrap.intervals(columns: [characters, seconds]) { [12 * $0[0] / $0[1]] }
        #expect(first == second)
        #expect(first[0].low < first[0].estimate && first[0].estimate < first[0].high)
        #expect(abs(first[0].estimate - 12 * characters.reduce(0, +) / seconds.reduce(0, +)) < 1e-9)
        let constant = bootstrap.intervals(columns: [characters, characters.map { $0 * 0.4 }]) { [$0[0] / $0[1]] }
        #expect(abs(constant[0].low - 2.5) < 1e-9 && abs(constant[0].high - 2.5) < 1e-9)
        let other = Bootstrap(resamples: 300, seed: 7).intervals(columns: [characters, seconds]) {
            [12 * $0[0] / $0[1]]
        }
        #expect(other != first)
    }

    @Test("quantiles interpolate between neighbours")
    func quantile() {
        #expect(Bootstrap.quantile([1, 2, 3, 4, 5], 0.5) == 3)
        #expect(Bootstrap.quantile([1, 2, 3, 4, 5], 0.125) == 1.5)
        #expect(Bootstrap.quantile([0, 10], 0.975) == 9.75)
    }
}

@Suite("Touch errors against the comparison")
struct TouchErrorConsistencyTests {
    @Test(
        "the line-by-line pass times and counts exactly as the comparison does",
        arguments: [ComparisonModel.oneFinger, .twoThumb])
    func sameTimes(_ model: ComparisonModel) throws {
        let layouts = ["hu-touch", "hu-ios", "hu-squeezed"].map { Shipped.layout($0).with(.landscape) }
        let comparison = Comparison(layouts: layouts, model: model)
        let source = CorpusSource.file(TestFiles.fixture("sample-hu.txt"))
        let report = try comparison.run(.runningText([source]), workers: 1)
        let figures = try comparison.touchErrors([source], model: TouchErrorModel())
        for (result, lines) in zip(report.results, figures) {
            let lines = try #require(lines)
            #expect(lines.total(.characters) == result.totals.typedCharacters)
            #expect(lines.total(.keystrokes) == result.totals.keystrokes)
            #expect(abs(lines.total(.seconds) - result.totals.seconds) < 1e-9 * result.totals.seconds)
            #expect(lines.keyPresses == result.tally.keyPresses)
        }
    }
}
