import Foundation
import LayoutEngine
import Testing
import TypingEfficiency

@testable import LayoutOptimizer

/// A few Hungarian sentences heavy in accents, written for these tests.
let sample = """
    Az őszi erdőben a fák levelei sárgák és vörösek.
    Ügyes gyerekek öt új könyvet olvastak el a héten.
    A tűzoltó gyorsan érkezett, és eloltotta a tüzet.
    Szép idő van ma, sétáljunk egyet a folyóparton!
    Hűvös szél fúj, vegyél fel egy meleg kabátot.
    """

func huTouch() throws -> LayoutDocument {
    try LayoutDocument(bytes: #require(LayoutCatalog.builtInFile("hu-touch")), file: "hu-touch.json")
}

func optimizer(
    _ document: LayoutDocument, _ text: String = sample, model: ComparisonModel = .oneFinger,
    _ configure: (inout OptimizerOptions) -> Void = { _ in }
) -> Optimizer {
    var options = OptimizerOptions()
    options.workers = 2
    configure(&options)
    return Optimizer(
        document: document, input: .runningText([.text(name: "sample", bytes: Array(text.utf8))]), model: model,
        options: options)
}

@Suite struct LayoutDocumentTests {
    @Test func theFilesOwnPlacementLoadsAsTheSameLayout() throws {
        let document = try huTouch()
        let original = try LayoutCatalog.load("hu-touch")
        let written = try optimizer(document).layout(Placement(identityFor: document))
        #expect(written.keys == original.keys)
        #expect(document.slots.count == 29)
        #expect(document.contents[0].filter(\.isAccent).map(\.label) == ["˝", "´", "¨"])
    }

    @Test func movingAccentsKeepsRowShapesActionKeysAndPinnedKeys() throws {
        let document = try huTouch()
        let space = try SearchSpace(document, variation: .accents, keep: ["q", "w", "e", "r", "t", "z"])
        let identity = Placement(identityFor: document)
        // Pinned slots cannot take an accent.
        #expect(space.placing(accentsAt: [0, 12, 13], from: identity) == nil)
        let moved = try #require(space.placing(accentsAt: [11, 12, 13], from: identity))
        let original = try LayoutCatalog.load("hu-touch")
        let layout = try optimizer(document).layout(moved)
        #expect(layout.keys.count == original.keys.count)
        for (new, old) in zip(layout.keys, original.keys) {
            #expect(new.row == old.row && new.x == old.x && new.width == old.width && new.layer == old.layer)
            if case .text = old.action {
            } else if case .accent = old.action {
            } else {
                #expect(new.action == old.action)
            }
        }
        func row(_ index: Int) -> [String] {
            layout.keys.filter { $0.layer == layout.baseLayer && $0.row == index }.map(\.label)
        }
        // The accents took a s d's places; a s d took the freed accent places, in reading order.
        #expect(row(1) == ["˝", "´", "¨", "f", "g", "h", "j", "k", "l", "s", "d"])
        #expect(row(0).last == "a")
        #expect(row(0).prefix(6) == ["q", "w", "e", "r", "t", "z"])
    }

    @Test func composingWithTheInverseGivesTheFilesPlacement() throws {
        let document = try huTouch()
        let identity = Placement(identityFor: document)
        var placement = identity
        placement.slots.swapAt(0, 10)
        placement.slots.swapAt(3, 20)
        placement.orders[2] = placement.orders[2].reversed()
        #expect(placement.composed(with: placement.inverse) == identity)
        #expect(placement.inverse.inverse == placement)
    }

    @Test func aBadKeepNamesTheKeysThereAre() throws {
        #expect(throws: OptimizerError.self) { try SearchSpace(try huTouch(), variation: .accents, keep: ["ß"]) }
    }

    @Test(arguments: ["", "\n\n\n", "😀😀ș\n"])
    func aCorpusWithNothingToTypeIsAnErrorNotAReportOfZeros(_ text: String) throws {
        do {
            _ = try optimizer(try huTouch(), text).run()
            Issue.record("optimized for \(text.debugDescription)")
        } catch {
            #expect("\(error)".contains("the corpus gives hu-touch nothing to type"), "\(error)")
        }
    }
}

@Suite struct EstimateTests {
    @Test func oneFingerEstimateIsTheExactFigureForTheReferencePlans() throws {
        let document = try huTouch()
        let optimizer = optimizer(document)
        let layout = try optimizer.layout(Placement(identityFor: document))
        let evaluator = LayoutEvaluator(layout: layout, model: .oneFinger)
        let statistics = try PlanStatistics(optimizer.input, evaluator: evaluator)
        let estimator = try PlacementEstimator(
            layout: layout, document: document, timeModel: evaluator.timeModel, statistics: statistics)
        let exact = try optimizer.check([Placement(identityFor: document)])[0].seconds
        let estimate = estimator.seconds(Placement(identityFor: document))
        #expect(abs(estimate - exact) <= 1e-9 * exact)
        #expect(statistics.units == 5)
    }

    @Test func accentSearchNeverReportsWorseThanTheStartAndItsFileLoads() throws {
        let document = try huTouch()
        let result = try optimizer(document) {
            $0.keep = "q w e r t z u i o p a s d f g h".split(separator: " ").map(String.init)
        }.run()
        #expect(result.best.exact.seconds <= result.start.exact.seconds)
        #expect(result.alternatives.count == 10)
        #expect(result.alternatives.first?.placement == result.best.placement)
        #expect(result.alternatives.map(\.exact.seconds) == result.alternatives.map(\.exact.seconds).sorted())
        let json = document.json(for: result.best.placement, id: "x")
        #expect(LayoutLoader.read(bytes: Array(json.utf8), file: "x.json", expectedID: "x").layout != nil)
        // One finger: the estimate is exact for the last round's plans, which are the best's.
        #expect(abs(result.best.estimatedSeconds - result.best.exact.seconds) <= 1e-9 * result.best.exact.seconds)
    }

    @Test func longPressPutsTheMostUsedItemNextToTheDefault() throws {
        let document = try huTouch()
        // ő only by long-press: hu-touch's o list is ó ö ő …; ő is two away from the default ó.
        let text = String(repeating: "őő ő ő\n", count: 20)
        let result = try optimizer(document, text) { $0.variation = .longPress }.run()
        let o = try #require(document.contents[0].firstIndex { $0.label == "o" })
        let order = result.best.placement.orders[o].map { document.contents[0][o].longPress[$0] }
        #expect(result.best.exact.seconds <= result.start.exact.seconds)
        if result.best.exact.longPresses > 0 { #expect(order.prefix(2) == ["ó", "ő"]) }
    }

    @Test func annealingIsTheSameForTheSameSeed() throws {
        let document = try huTouch()
        func run(_ seed: UInt64) throws -> Placement {
            try optimizer(document) {
                $0.variation = .letters
                $0.iterations = 2000
                $0.rounds = 1
                $0.seed = seed
            }.run().best.placement
        }
        let first = try run(7)
        #expect(try run(7) == first)
        #expect(first != Placement(identityFor: document))
    }

    @Test func twoThumbEstimateStaysCloseToTheExactFigure() throws {
        let document = try huTouch()
        let optimizer = optimizer(document, model: .twoThumb)
        let layout = try optimizer.layout(Placement(identityFor: document))
        let evaluator = LayoutEvaluator(layout: layout, model: .twoThumb)
        let estimator = try PlacementEstimator(
            layout: layout, document: document, timeModel: evaluator.timeModel,
            statistics: PlanStatistics(optimizer.input, evaluator: evaluator))
        let exact = try optimizer.check([Placement(identityFor: document)])[0].seconds
        let estimate = estimator.seconds(Placement(identityFor: document))
        #expect(abs(estimate - exact) / exact < 0.05)
    }
}

@Suite struct OptimizationReportNumberTests {
    /// Constants in `--set`'s range (0 to 60 s) can make a figure beyond any Int: the report
    /// writes it as a number instead of trapping while rounding it.
    @Test func figuresBeyondAnIntAreWrittenNotTrapped() throws {
        var constants = ModelConstants()
        _ = constants.set("one-finger.a", to: 0)
        _ = constants.set("one-finger.b", to: 1e-300)
        let document = try huTouch()
        let optimizer = Optimizer(
            document: document, input: .runningText([.text(name: "sample", bytes: Array(sample.utf8))]),
            model: .oneFinger, constants: constants,
            options: { () -> OptimizerOptions in
                var options = OptimizerOptions()
                options.workers = 2
                options.keep = "q w e r t z u i o p a s d f g h j k l".split(separator: " ").map(String.init)
                return options
            }())
        let result = try optimizer.run()
        let report = OptimizationReport.text(
            result, document: document, corpus: "sample", timeModel: "one finger", variation: .accents)
        #expect(report.contains("e+"))
        #expect(OptimizationReport.fixed(1e300, 2) == "1e+300")
        #expect(OptimizationReport.fixed(-2.5e15, 2) == "-2.5e+15")
        #expect(OptimizationReport.fixed(999_999_999_999.994, 2) == "999999999999.99")
    }
}

@Suite struct OptimizationReportUntypeableTests {
    /// cs-touch has no ˝: the sample's ő and ű are left out of every figure, and the report says so.
    @Test func aLayoutThatCannotTypeSomeOfTheCorpusSaysHowMuch() throws {
        let document = try LayoutDocument(bytes: #require(LayoutCatalog.builtInFile("cs-touch")), file: "cs-touch.json")
        let result = try optimizer(document).run()
        let report = OptimizationReport.text(
            result, document: document, corpus: "sample", timeModel: "one finger", variation: .accents)
        let missing = sample.filter { "őűŐŰ".contains($0) }.count
        #expect(result.start.exact.untypeable == Double(missing))
        #expect(report.contains("Note: cs-touch cannot type \(missing) of the corpus's "))
        let typeable = try OptimizationReport.text(
            optimizer(huTouch()).run(), document: huTouch(), corpus: "sample", timeModel: "one finger",
            variation: .accents)
        #expect(!typeable.contains("cannot type"))
    }
}

@Suite struct AccentPlacementCountTests {
    /// hu-touch with a fifth row of 16 more acute keys: the accent placements number past Int.
    func manyAccents() throws -> LayoutDocument {
        let file = try #require(LayoutCatalog.builtInFile("hu-touch"))
        var object = try #require(JSONSerialization.jsonObject(with: Data(file)) as? [String: Any])
        var layers = try #require(object["layers"] as? [[String: Any]])
        var rows = try #require(layers[0]["rows"] as? [[String: Any]])
        rows.append(["keys": (0..<16).map { ["accent": "acute", "id": "acute\($0)", "width": 0.5] }])
        layers[0]["rows"] = rows
        object["layers"] = layers
        let bytes = try JSONSerialization.data(withJSONObject: object)
        return try LayoutDocument(bytes: Array(bytes), file: "many-accents.json")
    }

    @Test func placementsPastAnIntAreTooManyNotAnOverflow() throws {
        let document = try manyAccents()
        #expect(document.contents[0].filter(\.isAccent).count == 19)
        let error = #expect(throws: OptimizerError.self) { try optimizer(document).run() }
        #expect(error?.message.hasPrefix("more than \(Int.max) accent placements are too many") == true)
    }

    @Test func theCountIsExactUpToIntAndZeroWithMoreKeysThanSlots() {
        #expect(Searches.placementCount(accents: 3, free: 29) == 29 * 28 * 27)
        #expect(Searches.placementCount(accents: 12, free: 40) == (29...40).reduce(1, *))
        #expect(Searches.placementCount(accents: 13, free: 40) == nil)
        #expect(Searches.placementCount(accents: 50, free: 40) == 0)
        #expect(Searches.placementCount(accents: 0, free: 40) == 1)
    }
}
