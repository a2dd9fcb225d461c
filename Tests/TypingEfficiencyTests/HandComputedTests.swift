import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// KSPC and time on tiny corpora, with the answers worked out here from the layout files'
/// geometry (the counting rules: a tap is one keystroke, a long-press two).
@Suite("Hand-computed comparisons")
struct HandComputedTests {
    // hu-touch: 11 units across 64.6 mm, rows 8.9 mm apart, 1 mm gaps. `a` is the first key
    // of row 1 (centre 0.5 u), `´` the tenth (9.5 u); space is centred at 5.5 u in row 3.
    static let touchUnit = 64.6 / 11
    static let touchWidth = touchUnit - 1
    // hu-ios: 10 units; row 1 starts with a half-key gap, so `a` is centred at 1 u; space at 5 u.
    static let iosUnit = 6.46
    static let iosWidth = iosUnit - 1

    @Test("hu-touch: áá is a ´ a ´, 4 taps, KSPC 2.0")
    func touchKeystrokes() {
        let totals = measure("áá", on: "hu-touch")
        #expect(totals.typedCharacters == 2)
        #expect(totals.taps == 4)
        #expect(totals.longPresses == 0)
        #expect(totals.accentPresses == 2)
        #expect(totals.keystrokes == 4)
        #expect(totals.kspc == 2.0)
    }

    @Test("hu-ios: áá is two long-presses, which count two each: KSPC 2.0")
    func iosKeystrokes() {
        let totals = measure("áá", on: "hu-ios")
        #expect(totals.taps == 0)
        #expect(totals.longPresses == 2)
        #expect(totals.accentPresses == 0)
        #expect(totals.keystrokes == 4)
        #expect(totals.kspc == 2.0)
    }

    @Test("one finger: áá on hu-touch is four Fitts movements from the space bar")
    func touchTime() {
        let u = Self.touchUnit
        let fromSpace = ((5 * u) * (5 * u) + (2 * 8.9) * (2 * 8.9)).squareRoot()
        let expected =
            fitts(0.083, 0.127, distance: fromSpace, width: Self.touchWidth)
            + 3 * fitts(0.083, 0.127, distance: 9 * u, width: Self.touchWidth)
        let totals = measure("áá", on: "hu-touch", model: .oneFinger)
        #expect(abs(totals.seconds - expected) < 1e-9)
        #expect(abs(totals.secondsPerCharacter - expected / 2) < 1e-9)
        #expect(abs(totals.wordsPerMinute - 60 / (expected / 2) / 5) < 1e-9)
    }

    @Test("one finger: áá on hu-ios is aa plus two holds of 0.5 s (á is a's default)")
    func iosTime() {
        let u = Self.iosUnit
        let fromSpace = ((4 * u) * (4 * u) + (2 * 8.9) * (2 * 8.9)).squareRoot()
        let expected = fitts(0.083, 0.127, distance: fromSpace, width: Self.iosWidth) + 0.5 + 0.083 + 0.5
        let totals = measure("áá", on: "hu-ios", model: .oneFinger)
        #expect(abs(totals.seconds - expected) < 1e-9)
        let plain = measure("aa", on: "hu-ios", model: .oneFinger)
        #expect(abs(totals.seconds - plain.seconds - 2 * 0.5) < 1e-9)
    }

    @Test("Android layouts hold for 0.3 s")
    func androidHold() {
        let tables = EventTimer.Tables(
            layout: Shipped.layout("hu-ios"), geometry: MillimetreKeyboardGeometry(Shipped.layout("hu-ios")),
            model: TimeModel.select(.oneFinger, platform: .android, constants: ModelConstants()))
        var timer = EventTimer(tables: tables)
        let a = Shipped.layout("hu-ios").keys.firstIndex { $0.id == "a" }!
        timer.place(at: a)
        #expect(abs(timer.time(.longPress(KeyID(a))) - (0.083 + 0.3)) < 1e-9)
    }

    @Test("one finger: a long-press that picks a later item adds the move along the popup")
    func popupMove() {
        // o's popup on hu-ios: ó ö ő …; ő is two items (2 × 6.46 mm) from the default ó.
        let u = Self.iosUnit
        let o = (8.5 * u, 0.5 * 8.9)
        let space = (5 * u, 3.5 * 8.9)
        let fromSpace = ((o.0 - space.0) * (o.0 - space.0) + (o.1 - space.1) * (o.1 - space.1)).squareRoot()
        let expected =
            fitts(0.083, 0.127, distance: fromSpace, width: Self.iosWidth) + 0.5
            + fitts(0.083, 0.127, distance: 2 * u, width: Self.iosWidth)
        let totals = measure("ő", on: "hu-ios", model: .oneFinger)
        #expect(totals.longPresses == 1)
        #expect(abs(totals.seconds - expected) < 1e-9)
    }

    @Test("two thumbs: a repeated key waits for its own thumb, not only the 0.088 s floor")
    func twoThumbRepeat() {
        let u = Self.touchUnit
        let fromSpace = ((5 * u) * (5 * u) + (2 * 8.9) * (2 * 8.9)).squareRoot()
        let first = fitts(0.176, 0.064, distance: fromSpace, width: Self.touchWidth)
        let totals = measure("aa", on: "hu-touch", model: .twoThumb)
        #expect(abs(totals.seconds - (first + 0.176)) < 1e-9)
    }

    @Test("two thumbs: alternating thumbs overlap their moves, down to the 0.088 s floor")
    func twoThumbAlternation() {
        // `a` (left) then `p` (right, row 0, 9.5 u): the right thumb moves from the space bar
        // while the left taps, so p follows a after max(floor, its own move − the first tap).
        let u = Self.touchUnit
        let toA = fitts(
            0.176, 0.064, distance: ((5 * u) * (5 * u) + (2 * 8.9) * (2 * 8.9)).squareRoot(), width: Self.touchWidth)
        let toP = fitts(
            0.176, 0.064, distance: ((4 * u) * (4 * u) + (3 * 8.9) * (3 * 8.9)).squareRoot(), width: Self.touchWidth)
        let expected = max(toP, toA + 0.088)
        let totals = measure("ap", on: "hu-touch", model: .twoThumb)
        #expect(abs(totals.seconds - expected) < 1e-9)
    }

    @Test("keystrokes model: time is 0.231 s per keystroke, a long-press two")
    func perKeystroke() {
        let touch = measure("áá", on: "hu-touch", model: .keystrokes)
        let ios = measure("áá", on: "hu-ios", model: .keystrokes)
        #expect(abs(touch.seconds - 4 * 0.231) < 1e-9)
        #expect(abs(ios.seconds - 4 * 0.231) < 1e-9)
    }

    @Test("a hardware layout is timed per keystroke under every model")
    func hardwarePlatform() {
        #expect(TimeModel.select(.oneFinger, platform: .hardware, constants: ModelConstants()) == .perKeystroke(0.231))
        #expect(TimeModel.select(.twoThumb, platform: .hardware, constants: ModelConstants()) == .perKeystroke(0.231))
        #expect(
            TimeModel.select(.twoThumb, platform: .android, constants: ModelConstants())
                == .twoThumb(
                    FittsConstants(a: 0.176, b: 0.064), floor: 0.088, hold: 0.3))
    }

    @Test(
        "counts per text",
        arguments: [
            // text, layout, keystrokes, taps, long-presses, accent keys, shift, layer, untypeable
            ("Győr", "hu-touch", 6.0, 6.0, 0.0, 1.0, 1.0, 0.0, 0.0),
            ("Győr", "hu-ios", 6.0, 4.0, 1.0, 0.0, 1.0, 0.0, 0.0),
            ("Győr", "hu-extended", 5.0, 5.0, 0.0, 0.0, 1.0, 0.0, 0.0),
            ("ABC", "hu-touch", 5.0, 5.0, 0.0, 0.0, 2.0, 0.0, 0.0),
            ("a1 b", "hu-touch", 6.0, 6.0, 0.0, 0.0, 0.0, 2.0, 0.0),
            ("ő🙂", "hu-touch", 2.0, 2.0, 0.0, 1.0, 0.0, 0.0, 1.0),
            // Each line is a sentence of its own; the line break is not typed.
            ("ő\nő", "hu-touch", 4.0, 4.0, 0.0, 2.0, 0.0, 0.0, 0.0),
        ])
    func counts(
        _ text: String, _ id: String, _ keystrokes: Double, _ taps: Double, _ longPresses: Double, _ accents: Double,
        _ shifts: Double, _ layers: Double, _ untypeable: Double
    ) {
        let totals = measure(text, on: id)
        #expect(totals.keystrokes == keystrokes)
        #expect(totals.taps == taps)
        #expect(totals.longPresses == longPresses)
        #expect(totals.accentPresses == accents)
        #expect(totals.shiftPresses == shifts)
        #expect(totals.layerSwitches == layers)
        #expect(totals.untypeable == untypeable)
    }

    @Test("a word list weighs each word (typed with a space after it) by its frequency")
    func wordList() throws {
        let list = try WordFrequencyList(parsing: Array("á\t3\nb\t1\n".utf8), name: "test")
        #expect(list.entries.map(\.weight) == [750_000, 250_000])
        let evaluator = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: .keystrokes)
        var sink = evaluator.makeSink()
        evaluator.measure(words: list.entries[...], into: &sink)
        // á + space: 3 keystrokes for 2 characters; b + space: 2 for 2.
        #expect(sink.tally.totals.characters == 2_000_000)
        #expect(sink.tally.totals.keystrokes == 750_000 * 3 + 250_000 * 2)
    }
}
