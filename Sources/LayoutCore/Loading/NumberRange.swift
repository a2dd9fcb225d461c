/// The values a number in a layout file may take: finite, between two bounds, and whole when
/// it counts something. Every number the loader reads is checked against one, so no value
/// from a file reaches a conversion that could trap or a size no device has.
package struct NumberRange: CustomStringConvertible, Sendable {
    /// The smallest value allowed (or the bound above which values start, when `lowerOpen`).
    let lower: Double
    /// Whether `lower` itself is excluded.
    let lowerOpen: Bool
    /// The largest value allowed.
    let upper: Double
    /// The unit named in messages (`mm`, `key units`), or empty.
    let unit: String
    /// Whether only whole numbers are allowed.
    let whole: Bool

    package init(_ lower: Double, to upper: Double, unit: String = "", lowerOpen: Bool = false, whole: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.unit = unit
        self.lowerOpen = lowerOpen
        self.whole = whole
    }

    /// Whether `value` is allowed (never true for NaN or an infinity).
    package func contains(_ value: Double) -> Bool {
        value.isFinite && (lowerOpen ? value > lower : value >= lower) && value <= upper
            && (!whole || value == value.rounded())
    }

    package var description: String {
        let kind = whole ? "a whole number" : "a number"
        let unitText = unit.isEmpty ? "" : " " + unit
        let from = lowerOpen ? "above \(Self.text(lower)) up" : "from \(Self.text(lower))"
        return "\(kind) \(from) to \(Self.text(upper))\(unitText)"
    }

    /// A number as a person writes it: `2`, `0.5`, `1e+300`.
    package static func text(_ value: Double) -> String {
        if let whole = Int64(exactly: value), abs(whole) < 1_000_000_000_000 { return String(whole) }
        return String(value)
    }

    // The ranges of the layout format (documented in Layouts/README.md).

    /// `geometry.widthMm`: from a smartwatch keyboard to a large touch table.
    package static let keyboardWidth = NumberRange(10, to: 2000, unit: "mm")
    /// `geometry.unitsPerRow`.
    static let unitsPerRow = NumberRange(1, to: 100, unit: "key units")
    /// `geometry.rowPitchMm`.
    static let rowPitch = NumberRange(2, to: 200, unit: "mm")
    /// `geometry.keyGapMm` (also less than one key unit, checked with the geometry).
    static let keyGap = NumberRange(0, to: 100, unit: "mm")
    /// A key's `width`.
    package static let keyWidth = NumberRange(0.2, to: 100, unit: "key units")
    /// A gap's `gap`.
    static let gapWidth = NumberRange(0.05, to: 100, unit: "key units")
}
