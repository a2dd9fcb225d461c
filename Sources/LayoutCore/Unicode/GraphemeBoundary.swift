/// Where graphemes (extended grapheme clusters, UAX #29) end, for text held as scalars.
///
/// The common case, Latin letters with marks from U+0300–U+036F, is decided from the
/// scalars alone; anything else asks Swift's `Character` segmentation on a window.
package enum GraphemeBoundary {
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
    package static func lastGraphemeLength(_ scalars: [Unicode.Scalar]) -> Int { lastGraphemeLength(scalars[...]) }

    /// The number of scalars in the last grapheme of `scalars` (a context up to the caret).
    package static func lastGraphemeLength(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        let first = scalars.startIndex
        let end = scalars.endIndex
        guard end > first else { return 0 }
        var start = end - 1
        while start > first, CanonicalComposition.isCombiningDiacritic(scalars[start]) { start -= 1 }
        let starter = scalars[start]
        if isSimpleStarter(starter), start == first || allowsBreak(after: scalars[start - 1]) {
            return end - start
        }
        if start == end - 1, starter == "\n" {
            return end - first >= 2 && scalars[end - 2] == "\r" ? 2 : 1
        }
        if let length = lastGraphemeLengthAfterJoiners(scalars) { return length }
        if endsWithLoneLetter(scalars) || endsWithLoneSign(scalars) { return 1 }
        return lastGraphemeLengthBySegmentation(scalars)
    }

    /// Whether the text ends with a letter that is a grapheme of its own: a letter (Alphabetic,
    /// no mark, no Extend such as the halfwidth sound marks) that is no Hangul jamo or syllable, after a scalar that holds nothing to it.
    /// Before a letter, only GB9b (after a Prepend scalar), GB9c (a consonant after a virama,
    /// through Extend scalars) and GB6–GB8 (Hangul) keep a break away (GB11–GB13 join emoji
    /// and flags, no letters); so when the scalar before is no Prepend, no emoji modifier and
    /// no ZWJ, and no Grapheme Extend mark unless the marks before the letter may link a
    /// conjunct (`mayLinkConjunct`), the letter stands alone. Bengali text ends so at most
    /// consonants, which segmentation would read in a window of 16 scalars.
    private static func endsWithLoneLetter(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let last = scalars[scalars.endIndex - 1]
        guard !isHangul(last), ScalarClass.isAlphabetic(last), !ScalarClass.isMark(last), !joinsGraphemeBefore(last)
        else { return false }
        guard scalars.count >= 2 else { return true }
        let before = scalars[scalars.endIndex - 2]
        let value = before.value
        guard value != 0x200D, !(0x1F3FB...0x1F3FF).contains(value), !prependScalars.contains(value) else {
            return false
        }
        return !ScalarClass.isGraphemeExtend(before) || !mayLinkConjunct(scalars.dropLast())
    }

    /// Whether the text may end in the middle of an Indic conjunct that a consonant would
    /// continue (GB9c): the run of joining scalars at its end holds a virama (combining class
    /// 9, as every Indic_Conjunct_Break Linker has), or reaches the text's start, a ZWJ or an
    /// emoji modifier (both Extend to that rule). After any other run of marks a letter
    /// starts a grapheme: GB9 and GB9a join only marks, and GB9c only across a virama.
    private static func mayLinkConjunct(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        var index = scalars.endIndex
        while index > scalars.startIndex {
            index -= 1
            let scalar = scalars[index]
            let value = scalar.value
            if value == 0x200D || (0x1F3FB...0x1F3FF).contains(value) { return true }
            guard joinsGraphemeBefore(scalar) else { return false }
            if ScalarNormalization.combiningClass(scalar.value) == 9 { return true }
        }
        return true
    }

    /// Whether the text ends with a scalar below U+2000, or U+FFFD, that is no letter and a
    /// grapheme of its own (a space, a digit, a danda, punctuation, a control, the
    /// replacement character): before such a scalar only
    /// GB9 and GB9a (it is an Extend or a spacing mark), GB3 (LF after CR), GB6–GB8 (Hangul)
    /// and GB9b (after a Prepend scalar) keep a break away; GB9c joins consonants only and
    /// GB11 pictographs (below U+2000, © and ®). Text in Bengali and other scripts beyond
    /// U+0370 ends so after a space or a danda.
    private static func endsWithLoneSign(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let last = scalars[scalars.endIndex - 1]
        let value = last.value
        guard value < 0x2000 || value == 0xFFFD, value != 0xA9, value != 0xAE, !isHangul(last),
            !joinsGraphemeBefore(last), !ScalarClass.isAlphabetic(last)
        else { return false }
        guard scalars.count >= 2 else { return true }
        let before = scalars[scalars.endIndex - 2]
        if value == 0xA, before == "\r" { return false }
        return !prependScalars.contains(before.value)
    }

    /// Whether `scalar` is a Hangul jamo or syllable (the scalars GB6–GB8 join).
    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x1100...0x11FF).contains(value) || (0xA960...0xA97F).contains(value)
            || (0xAC00...0xD7FF).contains(value)
    }

    /// The scalars whose Grapheme_Cluster_Break is Prepend (UAX #29: no break after them).
    package static let prependScalars: Set<UInt32> = [
        0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0xD4E, 0x110BD, 0x110CD, 0x111C2,
        0x111C3, 0x113D1, 0x1193F, 0x11941, 0x11A3A, 0x11A84, 0x11A85, 0x11A86, 0x11A87, 0x11A88, 0x11A89, 0x11D46,
        0x11F02,
    ]

    /// The length of the last grapheme when the text ends with scalars that join the
    /// grapheme before them (`joinsGraphemeBefore`): no rule breaks before them but after a
    /// control, CR or LF (GB9 and GB9a give way only to GB3 and GB4), and no rule that
    /// decides a break before a scalar looks at what follows it. So the run belongs to the
    /// grapheme of the scalar before it, which ends there: the length is the run's plus that
    /// grapheme's in the text up to it, when that scalar is surely no control
    /// (`isSurelyNoControl`). A run from the text's start is one grapheme. `nil` when the text
    /// does not end so, or the scalar before the run may be a control (segmentation decides
    /// then). A long run of marks, which segmentation would read in doubling windows, costs
    /// its length once.
    private static func lastGraphemeLengthAfterJoiners(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
        var start = scalars.endIndex
        while start > scalars.startIndex, joinsGraphemeBefore(scalars[start - 1]) { start -= 1 }
        guard start < scalars.endIndex else { return nil }
        guard start > scalars.startIndex else { return scalars.count }
        guard isSurelyNoControl(scalars[start - 1]) else { return nil }
        return lastGraphemeLength(scalars[..<start]) + (scalars.endIndex - start)
    }

    /// Whether `scalar`'s Grapheme_Cluster_Break is surely not Control, CR or LF (after which
    /// GB4 breaks before a mark): a letter or a mark; a scalar from U+0020 to U+1FFF but the
    /// C1 controls and the format characters U+00AD, U+061C and U+180E (the Control scalars
    /// there); U+FFFD; a regional indicator or a pictograph of U+1F000–U+1FAFF (none of
    /// which is a format character). Marks typed after a digit, a punctuation mark, a flag
    /// or an emoji so join them without segmentation.
    package static func isSurelyNoControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x20 && value < 0x2000 {
            return (value < 0x7F || value > 0x9F) && value != 0xAD && value != 0x61C && value != 0x180E
        }
        if value == 0xFFFD || (0x1F000...0x1FAFF).contains(value) { return true }
        return ScalarClass.isAlphabetic(scalar) || ScalarClass.isMark(scalar)
    }

    /// Whether `scalar`'s Grapheme_Cluster_Break is Extend (Grapheme_Extend; the emoji
    /// modifiers aside) or SpacingMark (spacing marks but the Myanmar, Tai Tham, Tai Viet
    /// and Ahom ones UAX #29 leaves out): no break before it, but after a control.
    package static func joinsGraphemeBefore(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 { return false }
        let classes = ScalarClass.classes(of: scalar)
        if classes & ScalarClass.graphemeExtend != 0 { return true }
        return classes & ScalarClass.spacingMark != 0 && !spacingMarksOutsideClusters.contains(value)
    }

    /// The spacing marks whose Grapheme_Cluster_Break is Other (UAX #29, table 2, SpacingMark).
    private static let spacingMarksOutsideClusters: Set<UInt32> = [
        0x102B, 0x102C, 0x1038, 0x1062, 0x1063, 0x1064, 0x1067, 0x1068, 0x1069, 0x106A, 0x106B, 0x106C, 0x106D,
        0x1083, 0x1087, 0x1088, 0x1089, 0x108A, 0x108B, 0x108C, 0x108F, 0x109A, 0x109B, 0x109C, 0x1A61, 0x1A63,
        0x1A64, 0xAA7B, 0xAA7D, 0x11720, 0x11721,
    ]

    /// The slow path: segments growing windows at the end until the window's start cannot
    /// change the answer. That is so when the last grapheme starts after the window's first
    /// scalar and no rule that looks back further than one scalar applies at its start:
    /// emoji joined by ZWJ (GB11), pairs of regional indicators (GB12, GB13) and Indic
    /// conjuncts across a virama (GB9c). A run of 17 regional indicators ends in a lone one,
    /// which a window of 16 would pair with the one before it.
    private static func lastGraphemeLengthBySegmentation(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        var window = 16
        while true {
            let start = max(scalars.startIndex, scalars.endIndex - window)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start...])
            let length = String(view).last?.unicodeScalars.count ?? 0
            let graphemeStart = scalars.endIndex - length
            if start == scalars.startIndex
                || (graphemeStart > start && !mayJoinAcross(scalars[start..<graphemeStart]))
            {
                return length
            }
            window *= 2
        }
    }

    /// Whether a rule that looks back past the scalar before a grapheme could join it to
    /// text before `before` (the text up to the grapheme): when that scalar is a ZWJ or a
    /// regional indicator, or when the marks just before the grapheme hold a virama, or
    /// reach back to the window's start.
    private static func mayJoinAcross(_ before: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let last = before.last else { return true }
        if last == "\u{200D}" || (0x1F1E6...0x1F1FF).contains(last.value) { return true }
        var index = before.endIndex
        while index > before.startIndex {
            index -= 1
            let scalar = before[index]
            let combiningClass = ScalarNormalization.combiningClass(scalar.value)
            if combiningClass == 9 { return true }  // a virama: GB9c may join across it
            guard combiningClass != 0 || scalar == "\u{200D}" else {
                if ScalarClass.isNonspacingOrEnclosingMark(scalar) { continue }
                return false
            }
        }
        return true
    }

    /// The number of scalars in the grapheme that starts at `index` of `scalars`.
    package static func graphemeLength(in scalars: String.UnicodeScalarView, at index: String.Index) -> Int {
        let first = scalars[index]
        let next = scalars.index(after: index)
        if next == scalars.endIndex { return 1 }
        let second = scalars[next]
        if first == "\r" { return second == "\n" ? 2 : 1 }
        if first.value < 0x300, second.value < 0x300 { return 1 }
        return Substring(scalars[index...]).first?.unicodeScalars.count ?? 1
    }
}
