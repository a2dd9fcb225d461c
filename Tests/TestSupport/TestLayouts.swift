import LayoutEngine

/// Small layouts built in code, for tests of one feature each.
public enum TestLayouts {
    /// A layout for multi-tap and flick tests, 4 units a row:
    ///
    ///     2 a b ⌫      `2` cycles ² ₂ by multi-tap; `a` has `longPress` and `flicks`
    ///     ⇧ ␣␣␣
    ///
    /// - Parameter platform: `.android` for a phone's gestures; the definition's default
    ///   otherwise.
    public static func gestures(platform: Platform? = nil, longPress: [String] = [], flicks: [Flick]) -> Layout {
        let keys = [
            KeyDefinition(.text("2"), multiTap: ["²", "₂"]),
            KeyDefinition(.text("a"), longPress: longPress, flicks: flicks),
            KeyDefinition(.text("b")), KeyDefinition(.backspace),
        ]
        var definition = LayoutDefinition(
            id: "gestures", name: "Gestures", locale: "und",
            geometry: Geometry(widthMm: 64.6, unitsPerRow: 4, rowPitchMm: 10.8),
            layers: [LayerDefinition("base", [keys, [KeyDefinition(.shift), KeyDefinition(.space, width: 3)]])])
        if let platform { definition.platform = platform }
        return Layout.built(definition)
    }
}

extension LayerDefinition {
    /// A layer whose rows hold these keys, with no gaps:
    /// `LayerDefinition("base", [letters, [KeyDefinition(.shift), KeyDefinition(.space)]])`.
    public init(_ id: String, _ rows: [[KeyDefinition]], shifted: String? = nil) {
        self.init(id: id, rows: rows.map { RowDefinition(keys: $0) }, shifted: shifted)
    }
}

extension Layout {
    /// The layout of a definition written in a test, which must build: one that does not
    /// stops the test run with the layout's error.
    public static func built(_ definition: LayoutDefinition) -> Layout {
        do {
            return try Layout(definition)
        } catch {
            fatalError("layout \(definition.id) does not build: \(error)")
        }
    }
}
