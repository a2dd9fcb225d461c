import Foundation

/// Number formatting for reports: fixed, locale-independent, so goldens are stable.
public enum ReportNumber {
    /// Up to six significant digits, no trailing zeros (`0.083`, `0.5`, `12`).
    static func plain(_ value: Double) -> String {
        String(format: "%g", value)
    }

    /// Fixed decimals (`2.0412`).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// Rounded to a whole number, with thousands separators in tables (`5,410,436`).
    public static func grouped(_ value: Double) -> String {
        guard let rounded = Int64(exactly: value.rounded()) else { return whole(value) }
        let digits = String(rounded.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return rounded < 0 ? "-" + result : result
    }

    /// Rounded to a whole number without separators, for CSV and JSON.
    /// A value beyond Int64 (or not finite) is written as `%.0f` writes it, never trapping.
    static func whole(_ value: Double) -> String {
        Int64(exactly: value.rounded()).map { String($0) } ?? String(format: "%.0f", value)
    }

    /// A percentage with one decimal (`12.5%`).
    static func percent(_ share: Double) -> String {
        fixed(share * 100, 1) + "%"
    }

    /// Bytes as B, KB, MB or GB (decimal units).
    static func bytes(_ count: Int) -> String {
        let value = Double(count)
        if value >= 1e9 { return fixed(value / 1e9, 2) + " GB" }
        if value >= 1e6 { return fixed(value / 1e6, 1) + " MB" }
        if value >= 1e3 { return fixed(value / 1e3, 1) + " KB" }
        return "\(count) B"
    }
}
