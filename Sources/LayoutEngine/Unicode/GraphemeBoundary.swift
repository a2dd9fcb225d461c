/// Where graphemes (extended grapheme clusters, UAX #29) end, for text held as scalars.
///
/// The common case, Latin letters with marks from U+0300–U+036F, is decided from the
/// scalars alone; anything else asks Swift's `Character` segmentation on a window.
enum GraphemeBoundary {
    /// Whether `scalar` surely starts a grapheme on its own when it follows another scalar
    /// below U+0300 (no Prepend, ZWJ, regional indicator, Hangul jamo or control among them).
    @inline(__always)
    static func isSimpleStarter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value >= 0x20 && value < 0x300 && (value < 0x7F || value > 0x9F)
    }

    /// Whether a simple starter after `previous` starts a new grapheme: below U+0370 (Latin,
    /// IPA, spacing modifiers, combining diacritics) nothing is Prepend, ZWJ, a regional
    /// indicator or a Hangul jamo, so no rule joins the two.
    @inline(__always)
    static func allowsBreak(after previous: Unicode.Scalar) -> Bool {
        previous.value < 0x370
    }

    /// The number of scalars in the last grapheme of `scalars`.
    static func lastGraphemeLength(_ scalars: [Unicode.Scalar]) -> Int {
        let count = scalars.count
        guard count > 0 else { return 0 }
        var start = count - 1
        while start > 0, CanonicalComposition.isCombiningDiacritic(scalars[start]) { start -= 1 }
        let starter = scalars[start]
        if isSimpleStarter(starter), start == 0 || allowsBreak(after: scalars[start - 1]) {
            return count - start
        }
        if start == count - 1, starter == "\n" {
            return count >= 2 && scalars[count - 2] == "\r" ? 2 : 1
        }
        return lastGraphemeLengthBySegmentation(scalars)
    }

    /// The slow path: segments growing windows at the end until the last grapheme starts
    /// well inside the window, so that the window's start does not change the answer.
    private static func lastGraphemeLengthBySegmentation(_ scalars: [Unicode.Scalar]) -> Int {
        var window = 16
        while true {
            let start = max(0, scalars.count - window)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start...])
            let length = String(view).last?.unicodeScalars.count ?? 0
            if start == 0 || length <= window / 2 { return length }
            window *= 2
        }
    }

    /// The number of scalars in the grapheme that starts at `index` of `scalars`.
    static func graphemeLength(in scalars: String.UnicodeScalarView, at index: String.Index) -> Int {
        let first = scalars[index]
        let next = scalars.index(after: index)
        if next == scalars.endIndex { return 1 }
        let second = scalars[next]
        if first == "\r" { return second == "\n" ? 2 : 1 }
        if first.value < 0x300, second.value < 0x300 { return 1 }
        return Substring(scalars[index...]).first?.unicodeScalars.count ?? 1
    }
}
