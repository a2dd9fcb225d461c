/// The scalar properties the engine asks, from the generated `scalarClassRuns`
/// (`tools/generate_scalar_classes.swift`, the standard library's own answers): the same
/// answers as `Unicode.Scalar.Properties`, without linking the standard library's
/// general-category and binary-property tables into the `.wasm` (some 55 KB there; this
/// table is 8 KB).
package enum ScalarClass {
    /// `generalCategory` is `.nonspacingMark` or `.enclosingMark`.
    static let nonspacingOrEnclosingMark: UInt32 = 1
    /// `generalCategory` is `.spacingMark`.
    static let spacingMark: UInt32 = 2
    /// `generalCategory` is `.otherLetter`.
    static let otherLetter: UInt32 = 4
    /// `isAlphabetic`.
    static let alphabetic: UInt32 = 8
    /// `isGraphemeExtend`.
    static let graphemeExtend: UInt32 = 16

    /// The classes of `scalar`: the run that holds it (binary search).
    static func classes(of scalar: Unicode.Scalar) -> UInt32 {
        let value = scalar.value
        if value < 0x100 {  // Latin-1: only letters are in a class, Alphabetic; ª and º are Lo
            if value == 0xAA || value == 0xBA { return alphabetic | otherLetter }
            let isLetter =
                (0x41...0x5A).contains(value & ~0x20) || (value >= 0xC0 && value != 0xD7 && value != 0xF7)
                || value == 0xB5
            return isLetter ? alphabetic : 0
        }
        let key = scalar.value << 5 | 31
        var low = 0
        var high = scalarClassRuns.count
        while low < high {
            let middle = (low + high) / 2
            if scalarClassRuns[middle] <= key { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : scalarClassRuns[low - 1] & 31
    }

    /// Whether `scalar` is a combining mark: nonspacing, spacing or enclosing.
    package static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        classes(of: scalar) & (nonspacingOrEnclosingMark | spacingMark) != 0
    }

    /// Whether `scalar` is a nonspacing or enclosing mark.
    package static func isNonspacingOrEnclosingMark(_ scalar: Unicode.Scalar) -> Bool {
        classes(of: scalar) & nonspacingOrEnclosingMark != 0
    }

    /// Whether `scalar`'s general category is other letter (`Lo`).
    package static func isOtherLetter(_ scalar: Unicode.Scalar) -> Bool {
        classes(of: scalar) & otherLetter != 0
    }

    /// Whether `scalar` is Alphabetic.
    package static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        classes(of: scalar) & alphabetic != 0
    }

    /// Whether `scalar` is Grapheme_Extend.
    package static func isGraphemeExtend(_ scalar: Unicode.Scalar) -> Bool {
        classes(of: scalar) & graphemeExtend != 0
    }
}
