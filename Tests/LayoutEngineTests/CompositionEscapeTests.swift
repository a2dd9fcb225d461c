import Testing

@testable import LayoutEngine

/// A text composition's escape in the planner: where `r` then `,` makes `ŗ` and `ŗ` then
/// `,` gives `r,` back (latn-post's rules, as the peer layout declares them), a comma after
/// an `r` is typed `r , ,`, not left out.
struct CompositionEscapeTests {
    /// ```
    /// base   r e , -
    ///        ⇧ ␣ ⌫
    /// ```
    static func layout(escapes: Bool) throws -> Layout {
        let letters = ["r", "e", ",", "-"].map { KeyDefinition(.text($0)) }
        var compositions: [String: [String: String]] = ["r": [",": "ŗ"], "e": ["-": "ē"]]
        if escapes {
            compositions["ŗ"] = [",": "r,"]
            compositions["ē"] = ["-": "e-"]
        }
        return try Layout(
            LayoutDefinition(
                id: "test-escapes", name: "Test escapes", locale: "und",
                geometry: Geometry(widthMm: 60, unitsPerRow: 4, rowPitchMm: 9),
                layers: [
                    LayerDefinition(
                        id: "base",
                        rows: [
                            RowDefinition(keys: letters),
                            RowDefinition(keys: [
                                KeyDefinition(.shift), KeyDefinition(.space), KeyDefinition(.backspace),
                            ]),
                        ])
                ],
                textCompositions: compositions))
    }

    static func replay(_ plan: KeystrokePlan, on layout: Layout) -> String {
        var session = TypingSession(layout: layout)
        var buffer = TextBuffer()
        for event in plan.events { buffer.apply(session.handle(event)) }
        return buffer.text
    }

    @Test("r, e-r: typed r , , ␣ e - - r, and the replay gives the text")
    func escaped() throws {
        let layout = try Self.layout(escapes: true)
        let plan = KeystrokePlanner(layout: layout).plan("r, e-r")
        #expect(plan.untypeable.isEmpty)
        #expect(plan.keyNames == ["r", ",", ",", "␣", "e", "-", "-", "r"])
        #expect(Self.replay(plan, on: layout) == "r, e-r")
    }

    @Test("ŗ and ē are typed as their pairs; a comma after e needs no escape")
    func pairs() throws {
        let layout = try Self.layout(escapes: true)
        let plan = KeystrokePlanner(layout: layout).plan("ŗē e,")
        #expect(plan.keyNames == ["r", ",", "e", "-", "␣", "e", ","])
        #expect(Self.replay(plan, on: layout) == "ŗē e,")
    }

    @Test("without an escape the comma after r stays untypeable")
    func withoutEscape() throws {
        let layout = try Self.layout(escapes: false)
        let plan = KeystrokePlanner(layout: layout).plan("r,")
        #expect(plan.untypeable.map(\.grapheme) == [","])
    }
}
