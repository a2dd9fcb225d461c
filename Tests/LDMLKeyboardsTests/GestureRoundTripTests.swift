import LDMLKeyboards
import LayoutEngine
import TestSupport
import Testing

/// Every character a shipped CLDR keyboard's keys reach — taps, long-presses, multi-taps and
/// flicks, on every layer of the touch and the hardware form — is planned and the plan
/// replayed, through the project's session and through `LDMLSession`.
@Suite("LDML gesture round trip")
struct GestureRoundTripTests {
    /// The layers shift, caps lock, layer and latch keys reach from `base`.
    static func reachableLayers(_ layout: Layout) -> Set<Int> {
        var reached: Set<Int> = [layout.baseLayer]
        var pending = [layout.baseLayer]
        while let layer = pending.popLast() {
            for id in layout.layers[layer].rows.joined() {
                var targets: [Int] = []
                switch layout.keys[id.rawValue].action {
                case .layer(let target): targets = [target]
                case .shift: targets = [layout.shiftedLayers[layer]]
                case .capsLock: targets = [layout.lockedLayers[layer]]
                case .latch(let target): targets = [target, layout.shiftedLayers[target]]
                default: break
                }
                for target in targets where reached.insert(target).inserted { pending.append(target) }
            }
        }
        return reached
    }

    /// What the keys of `layout`'s reachable layers type, each once.
    static func reachable(_ layout: Layout) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        let layers = reachableLayers(layout)
        for key in layout.keys where layers.contains(key.layer) {
            var texts = key.longPress + key.multiTap + key.flicks.map(\.text)
            switch key.action {
            case .text(let text): texts.insert(text, at: 0)
            case .space: texts.insert(" ", at: 0)
            default: break
            }
            for text in texts where seen.insert(text).inserted { result.append(text) }
        }
        return result
    }

    @Test("plan every reachable character and replay it", arguments: LDMLLoader.shippedIDs)
    func roundTrip(_ id: String) throws {
        let keyboard = try LDMLLoader.shipped(id)
        var gestures = (multiTap: 0, flick: 0)
        for hardware in [false, true] where !hardware || keyboard.hardware != nil {
            let layout = try keyboard.layout(id: id, hardware: hardware)
            let planner = KeystrokePlanner(layout: layout)
            for text in Self.reachable(layout) {
                let plan = planner.plan(text)
                #expect(plan.untypeable.isEmpty, "\(id) \(hardware ? "hardware" : "touch"): \(text.debugDescription)")
                var session = TypingSession(layout: layout)
                var buffer = TextBuffer()
                for event in plan.events { buffer.apply(session.handle(event)) }
                #expect(buffer.text == text, "\(id): \(plan.description)")
                gestures.multiTap += plan.events.filter(\.isMultiTap).count
                gestures.flick += plan.events.filter(\.isFlick).count
                // The LDML session types the same keys; its transforms may then change the
                // text, so the check is on keyboards without transforms.
                guard !keyboard.hasTransforms else { continue }
                var ldml = LDMLSession(keyboard: keyboard, hardware: hardware)
                for event in plan.events { _ = ldml.handle(event, on: layout) }
                #expect(ldml.text == text, "\(id) LDML: \(plan.description)")
            }
        }
        if id == "ja-Hira-t-k0-flicks" { #expect(gestures.flick >= 30, "the kana come by flick") }
        // Its flicks type what its long-presses do, at the same count of keystrokes.
        if id == "fr-t-k0-test" { #expect(gestures.multiTap >= 1) }
    }
}
