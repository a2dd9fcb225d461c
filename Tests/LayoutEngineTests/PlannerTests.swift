import TestSupport
import Testing

@testable import LayoutEngine

/// The planner: cheapest key sequences, named by the keys a person would press.
struct PlannerTests {
    typealias Case = PlanCase

    static let cases = [
        Case(layout: "hu-touch", text: "Győr", keys: "⇧ G y o ˝ r"),
        Case(layout: "hu-touch", text: "áá", keys: "a ´ a ´"),
        Case(layout: "hu-touch", text: "ő", keys: "o ˝"),
        Case(layout: "hu-touch", text: "Ü", keys: "⇧ U ¨"),
        Case(layout: "hu-touch", text: "ÁLLAMI", keys: "⇧ ⇧ A ´ L L A M I"),
        Case(layout: "hu-touch", text: "ÁLLAMI kincstár", keys: "⇧ ⇧ A ´ L L A M I ␣ ⇧ k i n c s t a ´ r"),
        Case(layout: "hu-touch", text: "b´", keys: "b ´"),
        Case(layout: "hu-touch", text: "´", keys: "´"),
        Case(layout: "hu-touch", text: "1848.", keys: "123 1 8 4 8 ."),
        Case(layout: "hu-touch", text: "a1b", keys: "a 123 1 ABC b"),
        Case(layout: "hu-touch", text: "„Ő”", keys: "123 \":„ ABC ⇧ O ˝ 123 \":”"),
        Case(layout: "hu-touch", text: "50%", keys: "123 5 0 #+= %"),
        Case(layout: "hu-touch", text: "ä", keys: "a ¨"),
        Case(layout: "hu-touch", text: "à", keys: "a:à"),
        Case(layout: "hu-ios", text: "áá", keys: "a:á a:á"),
        Case(layout: "hu-ios", text: "Ő", keys: "⇧ O:Ő"),
        Case(layout: "hu-extended", text: "őű", keys: "ő ű"),
        Case(layout: "cs-touch", text: "ů", keys: "u ˇ"),
        Case(layout: "cs-touch", text: "Ďábel", keys: "⇧ D ˇ a ´ b e l"),
        Case(layout: "da-touch", text: "Ærø", keys: "⇧ Æ r ø"),
    ]

    @Test(arguments: cases)
    func plan(_ testCase: Case) {
        let layout = Shipped.layout(testCase.layout)
        let plan = KeystrokePlanner(layout: layout).plan(testCase.text)
        #expect(plan.untypeable.isEmpty)
        #expect(names(plan.events, on: layout) == testCase.keys)
        #expect(replay(plan.events, on: layout) == testCase.text)
    }

    @Test("keystrokes: a long-press counts two, and ties go to plain taps")
    func counting() {
        let touch = KeystrokePlanner(layout: Shipped.layout("hu-touch")).plan("áá")
        #expect(touch.keystrokes == 4 && touch.longPresses == 0)
        let ios = KeystrokePlanner(layout: Shipped.layout("hu-ios")).plan("áá")
        #expect(ios.keystrokes == 4 && ios.longPresses == 2)
        // hu-touch could type á by long-press too (2 keystrokes); the tie goes to taps.
        #expect(touch.events.allSatisfy { !$0.isLongPress })
    }

    @Test("what the layout cannot type is named with its offset, and the rest is still typed")
    func untypeable() {
        let layout = Shipped.layout("hu-touch")
        let plan = KeystrokePlanner(layout: layout).plan("a´b ș😀c")
        #expect(
            plan.untypeable == [
                UntypeableGrapheme(grapheme: "´", scalarOffset: 1), UntypeableGrapheme(grapheme: "ș", scalarOffset: 4),
                UntypeableGrapheme(grapheme: "😀", scalarOffset: 5),
            ])
        #expect(replay(plan.events, on: layout) == "ab c")
    }

    /// Taps that cost nothing and long-presses that cost a little: switching layers or
    /// shift there and back is free, so two ends of a way reach each other at no cost.
    struct FreeTaps: KeystrokeCostModel {
        func cost(of event: KeyEvent, in layout: Layout) -> Double { event.isTap ? 0 : 0.5 }
    }

    @Test("when taps cost nothing, every shipped layout still types what it types otherwise", arguments: Shipped.ids)
    func freeTaps(_ id: String) {
        let layout = Shipped.layout(id)
        let text = "Árvíztűrő tükörfúrógép, 1848. március 15. Ödön és Ülő: „Győr” 50% ÁLLAMI"
        let usual = KeystrokePlanner(layout: layout).plan(text)
        let free = KeystrokePlanner(layout: layout, costModel: FreeTaps()).plan(text)
        #expect(free.untypeable == usual.untypeable, "the same graphemes are untypeable")
        #expect(replay(free.events, on: layout) == replay(usual.events, on: layout))
    }

    @Test("plans from the session's state and context")
    func fromState() {
        let layout = Shipped.layout("hu-touch")
        let planner = KeystrokePlanner(layout: layout)
        let numbers = SessionState(layer: layout.layerIndex("numbers")!)
        let plan = planner.plan("2a", from: numbers)
        #expect(names(plan.events, on: layout, from: numbers) == "2 ABC a")
        #expect(replay(plan.events, on: layout, from: numbers) == "2a")
        // After "e", the accent key types é, not ´: the symbol needs another way.
        #expect(planner.plan("´", after: "e").untypeable.count == 1)
        #expect(planner.plan("´", after: "b").untypeable.isEmpty)
    }

    @Test("text in NFD plans like its NFC form")
    func decomposedInput() {
        let layout = Shipped.layout("hu-touch")
        let plan = KeystrokePlanner(layout: layout).plan("o\u{30B}")
        #expect(names(plan.events, on: layout) == "o ˝")
    }

    /// The key names of `events`, with shifted letters written as capitals after ⇧.
    func names(_ events: [KeyEvent], on layout: Layout, from state: SessionState? = nil) -> String {
        events.map { event in
            let key = layout.keys[event.key.rawValue]
            let name = KeyNames.name(of: key)
            if event.isLongPress, let alternate = event.alternate { return "\(name):\(key.longPress[alternate])" }
            return event.isLongPress ? "\(name):" : name
        }.joined(separator: " ")
    }
}
