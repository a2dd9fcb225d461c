import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

/// `accent.extra` and the one-thumb model: what they add, worked out by hand.
@Suite struct NewConstantsTests {
    @Test func `accent.extra adds its seconds to every accent-key tap and nothing else`() {
        var constants = ModelConstants()
        let known = constants.set("accent.extra", to: 0.05)
        #expect(known)
        let text = "árvíztűrő tükörfúrógép"
        let plain = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: .oneFinger).measure(text: text).totals
        let extra = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: .oneFinger, constants: constants)
            .measure(text: text).totals
        #expect(plain.accentPresses > 0)
        #expect(extra.accentPresses == plain.accentPresses)
        #expect(abs(extra.seconds - plain.seconds - 0.05 * plain.accentPresses) < 1e-6)
        // A layout without accent keys is untouched.
        let ios = LayoutEvaluator(layout: Shipped.layout("hu-ios"), model: .oneFinger).measure(text: text).totals
        let iosExtra = LayoutEvaluator(layout: Shipped.layout("hu-ios"), model: .oneFinger, constants: constants)
            .measure(text: text).totals
        #expect(ios.seconds == iosExtra.seconds)
    }

    @Test func `one thumb is timed as one pointer with the one-thumb constants (the one-finger preset by default)`() {
        let text = "árvíztűrő tükörfúrógép"
        let finger = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: .oneFinger).measure(text: text).totals
        let thumb = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: .oneThumb).measure(text: text).totals
        #expect(thumb.seconds == finger.seconds)
        var constants = ModelConstants()
        let known = constants.set("one-thumb.a", to: 0.166)
        #expect(known)
        let slower = LayoutEvaluator(layout: Shipped.layout("hu-touch"), model: .oneThumb, constants: constants)
            .measure(text: text).totals
        #expect(abs(slower.seconds - thumb.seconds - 0.083 * thumb.keystrokes) < 1e-6)
    }

    @Test func `reports name the one-thumb model's pointer and constants`() {
        var constants = ModelConstants()
        _ = constants.set("one-thumb.a", to: 0)
        _ = constants.set("one-thumb.b", to: 0)
        let model = TimeModel.select(.oneThumb, platform: .ios, constants: constants)
        #expect(model.summary(under: .oneThumb) == "Fitts one thumb, a 0 s, b 0 s/bit, hold 0.5 s")
        #expect(
            model.timelessTap(under: .oneThumb) == "one-thumb.a and one-thumb.b are both 0; set one of them above 0")
        #expect(model.summary.hasPrefix("Fitts one finger"))
    }

    @Test func `the dual Gaussian's σ grows with the key: Bi & Zhai's constants on a 5.5 × 7.9 mm key`() {
        let model = TouchErrorModel()
        #expect(abs(model.x.sigma(size: 5.5) - (0.0075 * 5.5 * 5.5 + 1.68).squareRoot()) < 1e-12)
        #expect(abs(model.y.sigma(size: 7.9) - (0.0108 * 7.9 * 7.9 + 1.33).squareRoot()) < 1e-12)
        #expect(!model.isFixed)
        #expect(TouchErrorModel(sigma: 1.5).summary == "σ 1.5 mm")
        // Wider keys miss less under the same model: hu-touch's letters against hu-squeezed's.
        let touch = TouchTargets(layout: Shipped.layout("hu-touch"), model: model)
        let squeezed = TouchTargets(layout: Shipped.layout("hu-squeezed"), model: model)
        #expect(touch.hit.min()! > 0 && squeezed.hit.min()! > 0)
    }
}
