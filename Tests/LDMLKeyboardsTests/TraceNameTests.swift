import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutExport
import LayoutSources
import Testing

/// What a trace prints on a CLDR keyboard names its keys again: a layer key named `shift`
/// is that key (not the `⇧` the alias stands for), and an exported accent key is named by
/// its spacing accent (`˝`), not by the bare combining mark it outputs.
struct TraceNameTests {
    /// hu-touch exported as keyboard3 XML, written where `LayoutResolver` reads `.xml` files.
    static func exportedHuTouch() throws -> Layout {
        let huTouch = try LayoutCatalog.load("hu-touch")
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trace-names-\(getpid())-hu-touch.xml").path
        try LDMLExporter.export(huTouch).xml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try LayoutResolver.resolve(path)
    }

    /// The names a plan of `text` prints, and the text those names type again.
    static func namesAndReplay(_ text: String, on layout: Layout) throws -> (names: [String], typed: String) {
        let plan = KeystrokePlanner(layout: layout).plan(text)
        let names = plan.events.map { KeyNames.name(of: $0, in: layout) }
        var session = TypingSession(layout: layout)
        var buffer = TextBuffer()
        for name in names {
            for event in try KeyNames.events(for: name, in: session) { buffer.apply(session.handle(event)) }
        }
        return (names, buffer.text)
    }

    @Test("exported hu-touch: Győr traces as shift G shift-2 y o ˝ r, and the names type Győr")
    func exportedGyőr() throws {
        let layout = try Self.exportedHuTouch()
        let (names, typed) = try Self.namesAndReplay("Győr", on: layout)
        #expect(names == ["shift", "G", "shift-2", "y", "o", "˝", "r"])
        #expect(typed == "Győr")
    }

    @Test("exported hu-touch: the accent keys are labelled ˝ ´ ¨, as in the JSON layout")
    func exportedAccentLabels() throws {
        let layout = try Self.exportedHuTouch()
        let base = KeyNames.names(on: layout.baseLayer, in: layout).map(\.name)
        #expect(base.contains("˝") && base.contains("´") && base.contains("¨"))
        #expect(!base.contains { $0.unicodeScalars.first?.properties.canonicalCombiningClass.rawValue ?? 0 != 0 })
    }

    @Test(
        "a CLDR keyboard's trace names type its text again",
        arguments: ["cldr:fr-t-k0-test", "cldr:fr-t-k0-test(hardware)", "cldr:mt", "cldr:pcm"])
    func cldrReplay(_ id: String) throws {
        let layout = try LayoutResolver.resolve(id)
        for text in ["Où est l'hôtel ? Ça va, Élodie.", "AZERTY qwerty 123"] {
            let plan = KeystrokePlanner(layout: layout).plan(text)
            let (_, typed) = try Self.namesAndReplay(text, on: layout)
            #expect(typed == UntypeableGrapheme.text(text, without: plan.untypeable), "\(id): \(plan)")
        }
    }

    @Test("an unknown name never gets itself as the suggestion")
    func noSelfSuggestion() throws {
        let layout = try Self.exportedHuTouch()
        let session = TypingSession(layout: layout)
        for name in ["Shift", "shfit", "bksp", "enter"] {
            do {
                _ = try KeyNames.events(for: name, in: session)
            } catch {
                #expect(error.suggestion != name, "\(error)")
            }
        }
        #expect(throws: KeyNames.UnknownKeyName.self) { try KeyNames.events(for: "Shift", in: session) }
    }
}
