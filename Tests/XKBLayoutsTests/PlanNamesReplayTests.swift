import LayoutEngine
import TestSupport
import Testing
import XKBLayouts

/// A plan printed as key names replays on XKB layouts too, where one layer can show two keys
/// with the same label (a dead `°` and a plain `°` on xkb:de).
@Suite(.enabled(if: Installed.hasKeyboardConfig, "\(Installed.absentMessage)"))
struct PlanNamesReplayTests {
    @Test(
        "print(plan) replays to the text",
        arguments: [("xkb:de", "ẘ Grüße°"), ("xkb:fr", "àçé ° `"), ("xkb:cz", "Žluťoučký ~ kůň"), ("xkb:hu", "Győr")])
    func replay(_ id: String, _ text: String) throws {
        let layout = try XKBLayouts.load(id).layout
        let plan = KeystrokePlanner(layout: layout).plan(text)
        var session = TypingSession(layout: layout)
        var buffer = TextBuffer()
        for name in KeyNames.split(plan.description) {
            for event in try KeyNames.events(for: name, in: session) { buffer.apply(session.handle(event)) }
        }
        #expect(buffer.text == UntypeableGrapheme.text(text, without: plan.untypeable), "\(id): \(plan)")
    }
}
