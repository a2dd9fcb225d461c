/// The fields of one packed entry of `canonicalDecompositionMappings` (written by
/// tools/generate_unicode_tables.py): the scalar in bits 0–19, its first part in bits 20–39,
/// its second part in bits 40–59 (0 for a singleton), bit 60 set when the pair is not a
/// primary composite, bit 61 set for a pair of `canonicalCompositionPairs`. Packing the three
/// values in 64 bits, not three `UInt32`s, keeps the table at two thirds of the size.
enum DecompositionEntry {
    private static let valueMask: UInt64 = 0xF_FFFF

    /// The scalar that decomposes.
    @inline(__always)
    static func scalar(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry & valueMask) }

    /// The first part of its one-level decomposition.
    @inline(__always)
    static func first(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 20 & valueMask) }

    /// The second part, 0 for a singleton decomposition.
    @inline(__always)
    static func second(_ entry: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: entry >> 40 & valueMask) }

    /// Whether NFC joins `first` and `second` into the scalar (no exclusion, no singleton,
    /// no non-starter decomposition).
    @inline(__always)
    static func isPrimaryComposite(_ entry: UInt64) -> Bool { entry & 1 << 60 == 0 }

    /// Whether the entry is a BMP pair whose second part is a nonspacing mark (Mn).
    @inline(__always)
    static func isMarkPair(_ entry: UInt64) -> Bool { entry & 1 << 61 != 0 }
}

/// Canonical composition pairs `(first, mark, composed)` of the BMP whose second part is a
/// nonspacing combining mark: under NFC, `first` followed by `mark` becomes `composed`
/// (Unicode 14.0.0, 899 pairs), read from `canonicalDecompositionMappings`, in its order.
package let canonicalCompositionPairs: [(UInt32, UInt32, UInt32)] = canonicalDecompositionMappings.compactMap {
    entry in
    DecompositionEntry.isMarkPair(entry)
        ? (DecompositionEntry.first(entry), DecompositionEntry.second(entry), DecompositionEntry.scalar(entry)) : nil
}
