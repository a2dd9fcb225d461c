import Foundation
import LayoutEngine
import Testing
import TypingEfficiency

@testable import LayoutOptimizer

/// The check against the published Fitts-digraph model (docs/optimizing.md, "A check against
/// a published model"): the figures of `Layouts/model-check/` on the embedded English word list are pinned
/// here, so that a change to the model that moves them fails.
@Suite struct ModelCheckTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Layouts/model-check").standardized

    static func layout(_ name: String) throws -> Layout {
        let result = LayoutLoader.read(path: folder.appendingPathComponent(name + ".json").path)
        return try #require(result.layout, "\(result.diagnostics)")
    }

    static func english() throws -> ComparisonInput {
        let list = try #require(EmbeddedWordLists.list(for: "en"))
        return .wordList(list, description: "embedded en")
    }

    /// The constants of the stylus studies: IP = 4.9 bits/s, no intercept.
    static let stylus: ModelConstants = {
        var constants = ModelConstants()
        constants.oneFinger = FittsConstants(a: 0, b: 1 / 4.9)
        return constants
    }()

    static func compareFigure(_ layout: Layout, _ constants: ModelConstants) throws -> LayoutTotals {
        let comparison = Comparison(layouts: [layout], model: .oneFinger, constants: constants)
        return try comparison.run(try english(), workers: 2).results[0].totals
    }

    @Test("QWERTY as Zhai, Hunter & Smith draw it: 35.53 WPM (preset), 29.31 WPM (IP 4.9 bits/s, a = 0)")
    func qwertyPrediction() throws {
        let qwerty = try Self.layout("en-qwerty-zhs")
        let preset = try Self.compareFigure(qwerty, ModelConstants())
        let stylus = try Self.compareFigure(qwerty, Self.stylus)
        #expect(abs(preset.wordsPerMinute - 35.53) < 0.005, "\(preset.wordsPerMinute)")
        #expect(abs(stylus.wordsPerMinute - 29.31) < 0.005, "\(stylus.wordsPerMinute)")
        // One tap a character: the digraph model's assumption holds.
        #expect(preset.kspc == 1 && stylus.kspc == 1)
        #expect(abs(preset.typedCharacters / preset.units - 5.0749) < 0.0001, "\(preset.typedCharacters)")
    }

    @Test("the digraph check aimed at key centres is compare's figure")
    func digraphCheckIsCompare() throws {
        for name in ["en-qwerty-zhs", "en-zhs-compact"] {
            let layout = try Self.layout(name)
            let check = try FittsDigraphCheck(layout: layout, input: try Self.english())
            for constants in [ModelConstants(), Self.stylus] {
                let exact = try Self.compareFigure(layout, constants).wordsPerMinute
                let digraphs = check.wordsPerMinute(constants.oneFinger, aim: .centre)
                #expect(abs(digraphs - exact) < 1e-9 * exact, "\(name): \(digraphs) against \(exact)")
            }
        }
    }

    @Test("aiming at the nearest part of the space bar: 31.16 WPM on QWERTY; no change for one-unit keys")
    func nearestAim() throws {
        let qwerty = try FittsDigraphCheck(layout: try Self.layout("en-qwerty-zhs"), input: try Self.english())
        let nearest = qwerty.wordsPerMinute(Self.stylus.oneFinger, aim: .nearest)
        #expect(abs(nearest - 31.16) < 0.005, "\(nearest)")
        #expect(abs(qwerty.repeatShare - 0.0162) < 0.0001, "\(qwerty.repeatShare)")
        let compact = try FittsDigraphCheck(layout: try Self.layout("en-zhs-compact"), input: try Self.english())
        let centre = compact.wordsPerMinute(Self.stylus.oneFinger, aim: .centre)
        #expect(compact.wordsPerMinute(Self.stylus.oneFinger, aim: .nearest) == centre)
        // q is at (5, 5) mm; the space bar's centre at (50, 35), its targets' centres from
        // x = 30 to x = 70: hand-computed distances.
        let space = try #require(qwerty.geometry.spaceKey)
        let q = try #require(qwerty.layout.keys.firstIndex { $0.action == .text("q") })
        #expect(abs(qwerty.distance(q, space, aim: .centre) - (45.0 * 45 + 30 * 30).squareRoot()) < 1e-9)
        #expect(abs(qwerty.distance(space, q, aim: .nearest) - (25.0 * 25 + 30 * 30).squareRoot()) < 1e-9)
        let v = try #require(qwerty.layout.keys.firstIndex { $0.action == .text("v") })
        #expect(abs(qwerty.distance(v, space, aim: .nearest) - 10) < 1e-9)
    }

    @Test("a long-press in a plan is refused with the layout's name")
    func longPressRefused() throws {
        let layout = try LayoutCatalog.load("hu-touch")
        let input = ComparisonInput.runningText([.text(name: "s", bytes: Array("crème".utf8))])
        #expect(throws: OptimizerError.self) { try FittsDigraphCheck(layout: layout, input: input) }
    }

    @Test("the honeycomb: hexagonal keys one unit wide, every neighbour one unit away, W their width")
    func honeycombGeometry() throws {
        let hex = try Self.layout("en-zhs-hex")
        #expect(hex.geometry.keyShape == .hexagon)
        let geometry = MillimetreKeyboardGeometry(hex)
        for key in hex.keys.indices { #expect(abs(geometry.targetWidth(key) - 10) < 1e-9) }
        // Each key's nearest neighbours are 10 mm away, across and between rows alike.
        let label = { (text: String) in hex.keys.firstIndex { $0.action == .text(text) }! }
        for (from, to) in [("a", "b"), ("a", "f"), ("a", "g"), ("h", "m"), ("i", "n"), ("m", "r")] {
            #expect(abs(geometry.distance(label(from), label(to)) - 10) < 1e-4, "\(from)–\(to)")
        }
        let check = try FittsDigraphCheck(layout: hex, input: try Self.english())
        let exact = try Self.compareFigure(hex, Self.stylus).wordsPerMinute
        #expect(abs(check.wordsPerMinute(Self.stylus.oneFinger, aim: .centre) - exact) < 1e-9 * exact)
    }

    @Test("the optimized honeycomb: 44.12 WPM, 1.5× QWERTY's 29.31 under the stylus constants")
    func optimizedHoneycomb() throws {
        let optimized = try Self.compareFigure(try Self.layout("en-zhs-hex-optimized"), Self.stylus)
        let qwerty = try Self.compareFigure(try Self.layout("en-qwerty-zhs"), Self.stylus)
        #expect(abs(optimized.wordsPerMinute - 44.12) < 0.005, "\(optimized.wordsPerMinute)")
        #expect(optimized.wordsPerMinute / qwerty.wordsPerMinute >= 1.5)
    }

    /// docs/findings.md sets these against Palin et al. (2019).
    @Test("the iPhone's US keyboard in English: 32.38 WPM one finger, 56.57 two thumbs")
    func iPhoneEnglishPrediction() throws {
        let layout = try Self.layout("en-ios")
        for (model, expected) in [(ComparisonModel.oneFinger, 32.3806), (.twoThumb, 56.5708)] {
            let comparison = Comparison(layouts: [layout], model: model, constants: ModelConstants())
            let totals = try comparison.run(try Self.english(), workers: 2).results[0].totals
            #expect(abs(totals.wordsPerMinute - expected) < 0.0005, "\(model): \(totals.wordsPerMinute)")
        }
    }
}
