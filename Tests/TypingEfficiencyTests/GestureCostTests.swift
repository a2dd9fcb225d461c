import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// What multi-taps and flicks cost in each model, planned and measured.
@Suite("Gesture costs")
struct GestureCostTests {
    /// `2` cycles ² ₂ by multi-tap; `a` flicks á (nw, se) and ǎ (e).
    static let layout = TestLayouts.gestures(
        platform: .android, flicks: [Flick(directions: [.nw, .se], text: "á"), Flick(directions: [.e], text: "ǎ")])

    static func key(_ id: String) -> KeyID { KeyID(layout.keys.firstIndex { $0.id == id }!) }

    @Test("extra time: further taps at the same-key Fitts time, a flick's slides at a + b each")
    func extraTimes() {
        let constants = ModelConstants()
        let geometry = MillimetreKeyboardGeometry(Self.layout)
        let two = Self.key("2")
        let a = Self.key("a")
        let oneFinger = EventTimer.Tables(
            layout: Self.layout, geometry: geometry,
            model: .select(.oneFinger, platform: .android, constants: constants))
        #expect(abs(oneFinger.extra(of: .multiTap(two, count: 3)) - 2 * constants.oneFinger.a) < 1e-12)
        #expect(
            abs(oneFinger.extra(of: .flick(a, [.nw, .se])) - 2 * (constants.oneFinger.a + constants.oneFinger.b))
                < 1e-12)
        #expect(oneFinger.extra(of: .tap(a)) == 0)
        let twoThumb = EventTimer.Tables(
            layout: Self.layout, geometry: geometry, model: .select(.twoThumb, platform: .android, constants: constants)
        )
        let repeatTime = max(constants.thumb.a, constants.twoThumbFloor)
        #expect(abs(twoThumb.extra(of: .multiTap(two, count: 2)) - repeatTime) < 1e-12)
        #expect(abs(twoThumb.extra(of: .flick(a, [.e])) - (constants.thumb.a + constants.thumb.b)) < 1e-12)
        let perKeystroke = EventTimer.Tables(
            layout: Self.layout, geometry: geometry,
            model: .select(.keystrokes, platform: .android, constants: constants))
        #expect(abs(perKeystroke.extra(of: .multiTap(two, count: 3)) - 2 * constants.perKeystroke) < 1e-12)
        #expect(abs(perKeystroke.extra(of: .flick(a, [.nw, .se])) - 2 * constants.perKeystroke) < 1e-12)
    }

    @Test(
        "every model plans ² ₂ by multi-tap and á by flick, and counts 2 + 3 + 3 keystrokes",
        arguments: ComparisonModel.allCases)
    func measured(_ model: ComparisonModel) {
        let evaluator = LayoutEvaluator(layout: Self.layout, model: model)
        var recording = RecordingSink()
        evaluator.plan(sentence: "²₂á", into: &recording)
        #expect(
            recording.events == [
                .multiTap(Self.key("2"), count: 2), .multiTap(Self.key("2"), count: 3),
                .flick(Self.key("a"), [.nw, .se]),
            ])
        let totals = evaluator.measure(text: "²₂á\n²₂á").totals
        #expect(totals.keystrokes == 16)
        #expect(totals.longPresses == 0)
        #expect(totals.untypeable == 0)
        // The batch loop's time equals the timer's, event by event.
        var timer = EventTimer(tables: evaluator.timerTables)
        let seconds = recording.events.reduce(0.0) { $0 + timer.time($1) }
        #expect(abs(totals.seconds - 2 * seconds) < 1e-9)
        if model == .keystrokes { #expect(abs(totals.seconds - 16 * ModelConstants().perKeystroke) < 1e-9) }
        // A planning cost above a tap's: the planner prefers a tap when one types the same.
        let cost = PlanningCostModel(
            layout: Self.layout, geometry: evaluator.geometry,
            timeModel: .select(model, platform: .android, constants: ModelConstants()))
        let a = Self.key("a")
        #expect(cost.cost(of: .flick(a, [.e]), in: Self.layout) > cost.cost(of: .tap(a), in: Self.layout))
        #expect(
            cost.cost(of: .multiTap(Self.key("2"), count: 3), in: Self.layout)
                > cost.cost(of: .multiTap(Self.key("2"), count: 2), in: Self.layout))
    }
}
