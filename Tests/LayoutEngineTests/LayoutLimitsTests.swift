import Testing

@testable import LayoutEngine

/// Counts a layout file gives (layers, keys, alternates, overrides) are bounded: past the
/// limits the loader names the place and the limit, and `Layout.init` refuses what other
/// sources build, instead of a trap in the 16-bit tables or minutes of planner set-up.
struct LayoutLimitsTests {
    /// A layout file: `layers` extra layers after base (each one text key), a base row of
    /// `keys` text keys, the first with `alternates` long-press alternates, and an acute
    /// accent with `overrides` overrides.
    static func file(layers: Int = 0, keys: Int = 1, alternates: Int = 0, overrides: Int = 0) -> String {
        // Letters of the CJK block: each a distinct, bare character.
        func letter(_ index: Int) -> String { String(Character(Unicode.Scalar(0x4E00 + index)!)) }
        let longPress = (0..<alternates).map { "\"\(letter($0))\"" }.joined(separator: ", ")
        var baseKeys = (0..<keys).map { #"{"text": "\#(letter(20_000 + $0))"}"# }
        if alternates > 0 { baseKeys[0] = #"{"text": "a", "longPress": [\#(longPress)]}"# }
        baseKeys.append(#"{"accent": "acute"}"#)
        // Rows of ten keys, as wide as the layout's ten units.
        let rows = stride(from: 0, to: baseKeys.count, by: 10).map { start in
            #"{"keys": [\#(baseKeys[start..<min(start + 10, baseKeys.count)].joined(separator: ", "))]}"#
        }
        let overrideList = (0..<overrides).map { "\"\(letter($0))\": \"\(letter($0))\u{301}\"" }
            .joined(separator: ", ")
        let extraLayers = (0..<layers).map { #", {"id": "l\#($0)", "rows": [{"keys": [{"text": "x"}]}]}"# }.joined()
        return """
            {"formatVersion": 1, "id": "x", "name": "x", "locale": "hu",
             "geometry": {"widthMm": 60, "unitsPerRow": 10, "rowPitchMm": 9},
             "accents": [{"name": "acute", "overrides": {\(overrideList)}}],
             "layers": [{"id": "base", "rows": [\(rows.joined(separator: ", "))]}\(extraLayers)]}
            """
    }

    static func errors(_ text: String) -> [LayoutDiagnostic] {
        LayoutLoader.read(bytes: Array(text.utf8), file: "x.json", expectedID: "x").diagnostics.filter {
            $0.severity == .error
        }
    }

    /// A file past a limit, shown in test names by what it has too many of.
    struct Past: CustomTestStringConvertible, Sendable {
        let what: String
        let text: String
        let path: String
        let message: String
        var testDescription: String { what }
    }

    @Test(
        "past a limit: an error at its place naming the limit",
        arguments: [
            // 63 layers after base and the derived shift layer: 65.
            Past(
                what: "65 layers", text: file(layers: 63), path: "layers",
                message: "65 layers (the shift layer included, derived from base); a layout has at most 64"),
            Past(
                what: "2,050 keys", text: file(keys: 1024), path: "layers",
                message: "2050 keys over the layers (the shift layer included); a layout has at most 2048"),
            Past(
                what: "257 alternates", text: file(alternates: 257), path: "layers[0].rows[0].keys[0].longPress",
                message: "257 alternates; a key has at most 256"),
            Past(
                what: "4,097 overrides", text: file(overrides: 4097), path: "accents[0].overrides",
                message: "4097 overrides; an accent has at most 4096"),
        ])
    func pastALimit(_ past: Past) throws {
        let errors = Self.errors(past.text)
        let error = try #require(errors.first, "no error")
        #expect(error.code == .outOfRange)
        #expect(error.path == past.path)
        #expect(error.message.contains(past.message), "\(error.message)")
    }

    @Test("at the limits the layout loads")
    func atTheLimits() throws {
        #expect(Self.errors(Self.file(layers: 62)).map(\.description) == [])
        #expect(Self.errors(Self.file(keys: 1023)).map(\.description) == [])
        let loaded = LayoutLoader.read(
            bytes: Array(Self.file(alternates: 256, overrides: 4096).utf8), file: "x.json", expectedID: "x")
        let layout = try #require(loaded.layout, "\(loaded.diagnostics)")
        #expect(layout.keys[0].longPress.count == 256)
        // The last alternate and the last override work: their indices fit the tables.
        var session = TypingSession(layout: layout)
        #expect(
            session.handle(.longPress(KeyID(0), alternate: 255)).insert
                == String(Character(Unicode.Scalar(0x4E00 + 255)!)))
        session.setContext(String(Character(Unicode.Scalar(0x4E00 + 4095)!)))
        let acute = try #require(layout.keys.firstIndex { $0.action == .accent(0) })
        let letter = String(Character(Unicode.Scalar(0x4E00 + 4095)!))
        #expect(session.handle(.tap(KeyID(acute))).insert == letter + "\u{301}")
    }

    @Test("Layout.init refuses the same for layouts built in code")
    func definitionsPastALimit() {
        let geometry = Geometry(widthMm: 60, unitsPerRow: 10, rowPitchMm: 9)
        func layout(_ layers: [LayerDefinition], accents: [Accent] = []) throws(LayoutError) -> Layout {
            try Layout(
                LayoutDefinition(id: "x", name: "x", locale: "hu", geometry: geometry, accents: accents, layers: layers)
            )
        }
        let key = KeyDefinition(.text("a"))
        let base = LayerDefinition(id: "base", rows: [RowDefinition(keys: [key])])
        let many = [base] + (0..<64).map { LayerDefinition(id: "l\($0)", rows: [RowDefinition(keys: [key])]) }
        #expect(throws: LayoutError("layout x: the layout has 65 layers (the shift layer included); at most 64")) {
            try layout(Array(many.prefix(64)))
        }
        let wide = LayerDefinition(id: "base", rows: [RowDefinition(keys: Array(repeating: key, count: 1025))])
        #expect(throws: LayoutError("layout x: the layout has 2050 keys over its layers; at most 2048")) {
            try layout([wide])
        }
        var held = KeyDefinition(
            .text("a"), longPress: (0..<257).map { String(Character(Unicode.Scalar(0x4E00 + $0)!)) })
        held.id = "held"
        #expect(throws: LayoutError("layout x: a key has 257 long-press alternates; at most 256")) {
            try layout([LayerDefinition(id: "base", rows: [RowDefinition(keys: [held])])])
        }
        let overrides = (0..<4097).map {
            AccentOverride(base: "a", result: "a\u{301}\(String(repeating: "\u{302}", count: $0 % 2))")
        }
        #expect(throws: LayoutError("layout x: accent acute has 4097 overrides; at most 4096")) {
            try layout([base], accents: [Accent(name: .acute, overrides: overrides)])
        }
    }
}
