import TestSupport
import Testing

@testable import LayoutEngine

/// A plan prints as key names, and those names, typed back, give the text.
struct PlanNamesTests {
    @Test("hu-touch: print(plan) of Győr reads ⇧ G y o ˝ r")
    func győr() {
        let plan = KeystrokePlanner(layout: Shipped.layout("hu-touch")).plan("Győr")
        #expect("\(plan)" == "⇧ G y o ˝ r")
        #expect(plan.keyNames == ["⇧", "G", "y", "o", "˝", "r"])
    }

    @Test("hu-ios: a long-press is written key:alternate")
    func longPress() {
        let plan = KeystrokePlanner(layout: Shipped.layout("hu-ios")).plan("ő")
        #expect(plan.description == "o:ő")
    }

    @Test("a plan made without a layout prints its events")
    func withoutLayout() {
        let layout = Shipped.layout("hu-touch")
        var plan = KeystrokePlan(endState: .initial(layout))
        plan.events = [.tap(KeyID(0)), .longPress(KeyID(1), alternate: 0)]
        #expect(plan.description == "tap(0) longPress(1, 0)")
    }

    @Test("hu-touch numbers layer: shift is unknown there, and the suggestion is not shift itself")
    func aliasWithoutKey() throws {
        let layout = Shipped.layout("hu-touch")
        var session = TypingSession(layout: layout)
        for event in try KeyNames.events(for: "123", in: session) { _ = session.handle(event) }
        let error = #expect(throws: KeyNames.UnknownKeyName.self) { try KeyNames.events(for: "shift", in: session) }
        #expect(error?.suggestion != "shift")
        #expect(error.map { !$0.description.contains("did you mean \"shift\"") } ?? false)
    }

    @Test("hu-touch: ő suggests the keys that type it once planned, shfit the name near it; the core only the name")
    func typingSuggestion() {
        let session = TypingSession(layout: Shipped.layout("hu-touch"))
        let core = #expect(throws: KeyNames.UnknownKeyName.self) { try KeyNames.events(for: "ő", in: session) }
        #expect(core?.suggestion == nil && core?.suggestsTyping == false)
        #expect(core.map { !$0.description.contains("did you mean") } ?? false)
        #expect(core.map { $0.description.hasPrefix("unknown key \"ő\": no key") } ?? false)
        let typed = core?.suggestingTypedKeys(in: session)
        #expect(typed?.suggestion == "o ˝" && typed?.suggestsTyping == true)
        #expect(typed?.withoutTypingSuggestion == core)
        let near = #expect(throws: KeyNames.UnknownKeyName.self) { try KeyNames.events(for: "shfit", in: session) }
        #expect(near?.suggestion == "shift" && near?.suggestsTyping == false)
        #expect(near?.suggestingTypedKeys(in: session) == near)
        #expect(near?.withoutTypingSuggestion == near)
        let longPress = #expect(throws: KeyNames.UnknownKeyName.self) { try KeyNames.events(for: "o:x", in: session) }
        #expect(longPress?.suggestingTypedKeys(in: session) == longPress, "a known key with a bad choice")
    }

    static let texts = [
        "Győr", "Árvíztűrő tükörfúrógép.", "Ahoj, světe! Čeština 123?", "Blåbærgrød, øl og ÆØÅ.",
        "ŐSZI ÉJJEL izzik a galagonya", "a´b ˝ ¨", "100% — 3 + 4 = 7",
    ]

    @Test("the names of every plan type the text back, on every shipped layout", arguments: Shipped.ids)
    func namesReplay(_ id: String) {
        let layout = Shipped.layout(id)
        let planner = KeystrokePlanner(layout: layout)
        for text in Self.texts {
            let plan = planner.plan(text)
            var typist = Typist(layout)
            typist.type(plan.description)
            #expect(typist.text == UntypeableGrapheme.text(text, without: plan.untypeable), "\(id): \(plan)")
        }
    }
}
