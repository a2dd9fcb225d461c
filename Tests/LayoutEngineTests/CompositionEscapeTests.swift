import TestSupport
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
                        "base", [letters, [KeyDefinition(.shift), KeyDefinition(.space), KeyDefinition(.backspace)]])
                ],
                textCompositions: compositions))
    }

    @Test("r, e-r: typed r , , ␣ e - - r, and the replay gives the text")
    func escaped() throws {
        let layout = try Self.layout(escapes: true)
        let plan = KeystrokePlanner(layout: layout).plan("r, e-r")
        #expect(plan.untypeable.isEmpty)
        #expect(plan.keyNames == ["r", ",", ",", "␣", "e", "-", "-", "r"])
        #expect(replay(plan.events, on: layout) == "r, e-r")
    }

    @Test("ŗ and ē are typed as their pairs; a comma after e needs no escape")
    func pairs() throws {
        let layout = try Self.layout(escapes: true)
        let plan = KeystrokePlanner(layout: layout).plan("ŗē e,")
        #expect(plan.keyNames == ["r", ",", "e", "-", "␣", "e", ","])
        #expect(replay(plan.events, on: layout) == "ŗē e,")
    }

    @Test("without an escape the comma after r stays untypeable")
    func withoutEscape() throws {
        let layout = try Self.layout(escapes: false)
        let plan = KeystrokePlanner(layout: layout).plan("r,")
        #expect(plan.untypeable.map(\.grapheme) == [","])
    }
}

/// An accent key's escape: where the layout declares that the accented letter then the
/// accent's symbol give the letter and the symbol back (latn-post's `o : :` → `o:`, as the
/// peer layout declares it), the symbol after a letter that takes the accent is the accent
/// key twice, not left out.
struct AccentEscapeTests {
    static func layout(escapes: Bool) throws -> Layout {
        let keys = [KeyDefinition(.text("o")), KeyDefinition(.text("x")), KeyDefinition(.accent(.doubleAcute))]
        return try Layout(
            LayoutDefinition(
                id: "test-accent-escapes", name: "Test accent escapes", locale: "und",
                geometry: Geometry(widthMm: 60, unitsPerRow: 4, rowPitchMm: 9),
                accents: [Accent(name: .doubleAcute, symbol: ":")],
                layers: [LayerDefinition("base", [keys, [KeyDefinition(.space)]])],
                textCompositions: escapes ? ["ő": [":": "o:"]] : [:]))
    }

    @Test("o: is o : : where the layout declares the escape; x: needs none")
    func escaped() throws {
        let plan = KeystrokePlanner(layout: try Self.layout(escapes: true)).plan("o: x: ő")
        #expect(plan.untypeable.isEmpty)
        #expect(plan.keyNames == ["o", ":", ":", "␣", "x", ":", "␣", "o", ":"])
    }

    @Test("without the escape the symbol after o stays untypeable")
    func withoutEscape() throws {
        let plan = KeystrokePlanner(layout: try Self.layout(escapes: false)).plan("o:")
        #expect(plan.untypeable.map(\.grapheme) == [":"])
    }
}
