/// `String.lowercased()` and `uppercased()` from the generated `ScalarCaseTable`
/// (`tools/generate_scalar_case_table.swift`, the standard library's own mappings): the same
/// text, each scalar replaced by its mapping, without linking the standard library's
/// case-mapping tables into the `.wasm`.
package enum ScalarCase {
    /// `text.lowercased()`.
    package static func lowercased(_ text: String) -> String {
        mapped(text, lowercaseRuns, lowercaseLong)
    }

    /// `text.uppercased()`.
    package static func uppercased(_ text: String) -> String {
        mapped(text, uppercaseRuns, uppercaseLong)
    }

    private static func mapped(
        _ text: String, _ runs: [(UInt32, UInt32, UInt32, Int32)], _ long: [(UInt32, [UInt32])]
    ) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if let several = long.first(where: { $0.0 == value }) {
                for mapped in several.1 { result.append(Unicode.Scalar(mapped) ?? scalar) }
                continue
            }
            result.append(Unicode.Scalar(mapping(of: value, runs)) ?? scalar)
        }
        return String(result)
    }

    /// The one-scalar mapping of `value` (`value` itself when it has none).
    private static func mapping(of value: UInt32, _ runs: [(UInt32, UInt32, UInt32, Int32)]) -> UInt32 {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].0 <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return value }
        let (first, last, stride, delta) = runs[low - 1]
        guard value <= last, (value - first) % stride == 0 else { return value }
        return UInt32(truncatingIfNeeded: Int64(value) + Int64(delta))
    }
}
