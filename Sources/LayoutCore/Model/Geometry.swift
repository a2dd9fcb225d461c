/// The physical size of a keyboard, so that movement-time models can measure distances.
public struct Geometry: Hashable, Sendable {
    /// Width of the keyboard in millimetres.
    public let widthMm: Double
    /// How many key units fit across the width.
    public let unitsPerRow: Double
    /// Distance between the centres of two rows, in millimetres.
    public let rowPitchMm: Double
    /// Gap between two neighbouring keys, in millimetres.
    public let keyGapMm: Double
    /// The shape of the keys' touch targets.
    public let keyShape: KeyShape

    /// Creates a geometry.
    public init(
        widthMm: Double, unitsPerRow: Double, rowPitchMm: Double, keyGapMm: Double = 1.0,
        keyShape: KeyShape = .rectangle
    ) {
        self.widthMm = widthMm
        self.unitsPerRow = unitsPerRow
        self.rowPitchMm = rowPitchMm
        self.keyGapMm = keyGapMm
        self.keyShape = keyShape
    }

    /// The width of one key unit, in millimetres.
    public var keyUnitMm: Double { widthMm / unitsPerRow }
}

/// The shape of a key's touch target, for the movement-time models.
public enum KeyShape: String, CaseIterable, Sendable {
    /// A rectangle: its visible width, and the row pitch less the gap as its height.
    case rectangle
    /// A regular hexagon with its flat sides left and right, as on a honeycomb board (rows
    /// √3/2 key units apart, every other one shifted half a key): its visible width across the
    /// flats, and a height of 2/√3 of that from point to point. Fitts' law takes its width as
    /// W; the touch error model, the simulator and the heatmaps treat it as its row's rectangle.
    case hexagon
}

/// Which platform's conventions a layout follows (long-press hold time, for instance).
public enum Platform: String, CaseIterable, Sendable {
    case ios, android, hardware
}

/// What backspace deletes.
public enum BackspacePolicy: String, CaseIterable, Sendable {
    /// Only the last accent mark of the grapheme before the caret, when it is one of the
    /// layout's accents (`á` → `a`); otherwise the whole grapheme.
    case accent
    /// Always the whole grapheme before the caret.
    case grapheme
}

/// What an accent key does to a letter that already carries another of the layout's accents.
public enum SecondAccentPolicy: String, CaseIterable, Sendable {
    /// The old accent is swapped for the new one (`ö` `˝` → `ő`).
    case replace
    /// The new mark is added when the result is one precomposed character (`ü` `´` → `ǘ`);
    /// otherwise the spacing symbol is typed.
    case stack
}

/// The behaviour choices of a layout.
public struct Policies: Hashable, Sendable {
    /// What backspace deletes.
    public var backspace: BackspacePolicy
    /// What a second accent does.
    public var secondAccent: SecondAccentPolicy

    /// Creates policies; the defaults are the ones the shipped touch layouts use.
    public init(backspace: BackspacePolicy = .accent, secondAccent: SecondAccentPolicy = .replace) {
        self.backspace = backspace
        self.secondAccent = secondAccent
    }
}
