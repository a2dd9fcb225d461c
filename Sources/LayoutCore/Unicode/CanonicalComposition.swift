/// Canonical composition and decomposition for the letters an accent key can make,
/// from the generated `canonicalCompositionPairs` table, without Foundation.
///
/// Foundation's normalization is quadratic on Linux (measured: 1 MB takes seconds), so the engine
/// normalizes one grapheme at a time and, for the common case of a base letter with
/// combining marks from U+0300–U+036F, with these tables alone. Anything else goes to
/// `ScalarNormalization`, one scalar and one pair at a time.
package enum CanonicalComposition {
    /// `first << 21 | mark` → composed scalar.
    private static let compositions: [UInt64: UInt32] = {
        var table: [UInt64: UInt32] = [:]
        table.reserveCapacity(canonicalCompositionPairs.count)
        for (first, mark, composed) in canonicalCompositionPairs {
            table[UInt64(first) << 21 | UInt64(mark)] = composed
        }
        return table
    }()

    /// composed scalar → `(first, mark)`.
    private static let decompositions: [UInt32: (UInt32, UInt32)] = {
        var table: [UInt32: (UInt32, UInt32)] = [:]
        table.reserveCapacity(canonicalCompositionPairs.count)
        for (first, mark, composed) in canonicalCompositionPairs {
            table[composed] = (first, mark)
        }
        return table
    }()

    private static let combiningClasses: [UInt32: UInt8] = {
        var table: [UInt32: UInt8] = [:]
        for (mark, combiningClass) in canonicalCombiningClasses {
            table[mark] = combiningClass
        }
        return table
    }()

    /// The precomposed scalar that `first` followed by `mark` becomes under NFC, if any.
    static func compose(_ first: Unicode.Scalar, _ mark: Unicode.Scalar) -> Unicode.Scalar? {
        compositions[UInt64(first.value) << 21 | UInt64(mark.value)].flatMap(Unicode.Scalar.init)
    }

    /// The canonical combining class of `scalar` when it is one of the tabulated marks;
    /// `nil` for scalars the table does not know (the caller falls back to `ScalarNormalization`).
    static func combiningClass(ofMark scalar: Unicode.Scalar) -> UInt8? {
        combiningClasses[scalar.value]
    }

    /// Whether `scalar` is a combining mark of the block U+0300–U+036F (the marks accent keys add).
    @inline(__always)
    static func isCombiningDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value &- 0x300 < 0x70
    }

    /// The full canonical decomposition of one scalar, by the table, or `nil` when the
    /// table cannot tell (a scalar outside the tabulated pairs that may still decompose).
    static func tableDecomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        guard let (first, mark) = decompositions[scalar.value] else {
            return scalar.value < 0x300 ? [scalar] : nil
        }
        guard let firstScalar = Unicode.Scalar(first), let markScalar = Unicode.Scalar(mark),
            var head = tableDecomposition(of: firstScalar)
        else { return nil }
        head.append(markScalar)
        return head
    }

    /// The NFD scalars of one grapheme.
    package static func decomposed(_ grapheme: Character) -> [Unicode.Scalar] {
        let scalars = grapheme.unicodeScalars
        if scalars.count == 1, let first = scalars.first, let table = tableDecomposition(of: first) {
            return table
        }
        return ScalarNormalization.nfd(scalars)
    }

    /// The NFC form of one grapheme given in NFD. Uses the tables when every mark is a
    /// known combining diacritic and the base is below U+0300; `ScalarNormalization` otherwise.
    package static func composed<S: Collection>(_ nfd: S) -> String where S.Element == Unicode.Scalar {
        guard let first = nfd.first else { return "" }
        if nfd.count == 1 { return String(Character(first)) }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: composedScalars(nfd))
        return String(result)
    }

    /// `composed` as scalars, without making a `String` (what a caller that edits scalars wants).
    package static func composedScalars<S: Collection>(_ nfd: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        guard let first = nfd.first else { return [] }
        if nfd.count == 1 { return [first] }
        var result: [Unicode.Scalar] = []
        if first.value < 0x300, composeWithTables(nfd, into: &result) {
            return result
        }
        if isOwnNFC(nfd) { return Array(nfd) }
        return ScalarNormalization.nfc(nfd)
    }

    /// Whether `scalars` are their own NFC, told from each scalar alone: each is its own
    /// decomposition, the marks are in canonical order, and none after the first is the
    /// second part of a composite (so NFD leaves them, and composition joins nothing).
    /// Bengali syllables, whose consonants, viramas and vowel signs compose with nothing, are.
    package static func isOwnNFC<S: Collection>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        var previousClass: UInt8 = 0
        var isFirst = true
        for scalar in scalars {
            let value = scalar.value
            let valueClass = ScalarNormalization.combiningClass(value)
            guard ScalarNormalization.isOwnDecomposition(value), valueClass == 0 || previousClass <= valueClass,
                isFirst || !ScalarNormalization.isCompositionSecond(value)
            else { return false }
            previousClass = valueClass
            isFirst = false
        }
        return true
    }

    /// The canonical composition algorithm (UAX #15) restricted to one starter followed by
    /// tabulated marks. Returns false when a scalar is outside what the tables know.
    private static func composeWithTables<S: Collection>(
        _ nfd: S, into result: inout [Unicode.Scalar]
    ) -> Bool where S.Element == Unicode.Scalar {
        var iterator = nfd.makeIterator()
        guard var starter = iterator.next() else { return true }
        var uncomposed: [Unicode.Scalar] = []
        var lastClass: UInt8 = 0
        while let mark = iterator.next() {
            guard let markClass = combiningClass(ofMark: mark) else { return false }
            let blocked = !uncomposed.isEmpty && lastClass >= markClass
            if !blocked, let composedScalar = compose(starter, mark) {
                starter = composedScalar
            } else {
                uncomposed.append(mark)
                lastClass = markClass
            }
        }
        result.reserveCapacity(uncomposed.count + 1)
        result.append(starter)
        result.append(contentsOf: uncomposed)
        return true
    }

    /// The NFC length, in scalars, of one grapheme given in NFD.
    package static func composedScalarCount<S: Collection>(_ nfd: S) -> Int where S.Element == Unicode.Scalar {
        if nfd.count == 1 { return 1 }
        if nfd.count == 2, let first = nfd.first, first.value < 0x300,
            compose(first, nfd[nfd.index(after: nfd.startIndex)]) != nil
        {
            return 1
        }
        return composedScalars(nfd).count
    }
}

extension CanonicalComposition {
    /// The NFD of `scalars`, a grapheme at a time (`decomposed`), or `scalars` themselves
    /// when each is its own decomposition and they are in canonical order: then every
    /// grapheme's NFD is its own scalars (canonical ordering finds nothing to move).
    package static func decomposedText(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var previousClass: UInt8 = 0
        var unchanged = true
        for scalar in scalars {
            let value = scalar.value
            if value < 0xC0 {
                previousClass = 0
                continue
            }
            let valueClass = ScalarNormalization.combiningClass(value)
            guard ScalarNormalization.isOwnDecomposition(value), valueClass == 0 || previousClass <= valueClass else {
                unchanged = false
                break
            }
            previousClass = valueClass
        }
        if unchanged { return scalars }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var decomposedScalars: [Unicode.Scalar] = []
        for character in String(view) { decomposedScalars += decomposed(character) }
        return decomposedScalars
    }
}

extension CanonicalComposition {
    /// `scalars` (one grapheme) with its marks in canonical order (UAX #15 canonical
    /// ordering), using the table's combining classes, or `ScalarNormalization` (which
    /// decomposes too) when a mark is unknown.
    package static func canonicallyOrdered(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result = scalars
        var index = 1
        while index < result.count {
            guard let currentClass = combiningClass(ofMark: result[index]) else {
                if isCombiningDiacritic(result[index]) {
                    index += 1
                    continue
                }  // class 0 in the block
                return ScalarNormalization.nfd(scalars)
            }
            var position = index
            while position > 0, let previousClass = combiningClass(ofMark: result[position - 1]),
                previousClass > currentClass
            {
                result.swapAt(position, position - 1)
                position -= 1
            }
            index += 1
        }
        return result
    }
}

extension String {
    /// The NFC form of a short string (one grapheme or a few), a grapheme at a time.
    package var precomposedForm: String {
        var result = ""
        for character in self {
            let nfd = CanonicalComposition.decomposed(character)
            result += CanonicalComposition.composed(nfd)
        }
        return result
    }
}

extension CanonicalComposition {
    /// Whether nothing before `scalar` can compose with it or anything after it under NFC:
    /// no scalar below U+0300, no CJK ideograph and no precomposed Hangul syllable is the
    /// second part of a canonical composition (checked against the UCD when the table was made),
    /// nor any other starter that is no composition's second part
    /// (`ScalarNormalization.startsComposition`: a Bengali consonant or vowel sign but U+09BE
    /// and U+09D7, a kana), so that text in such scripts is composed a syllable at a time.
    @inline(__always)
    package static func startsCompositionChunk(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 || (value >= 0x3400 && value < 0xA000) || (value >= 0xAC00 && value <= 0xD7A3) { return true }
        return ScalarNormalization.startsComposition(value)
    }

    /// The NFC form of a whole text given in NFD, normalized a chunk at a time between
    /// scalars that nothing composes across, so that it stays linear (Foundation's
    /// normalization is quadratic on Linux).
    package static func composedText(_ nfd: [Unicode.Scalar]) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: composedTextScalars(nfd))
        return String(result)
    }

    /// `composedText` as scalars.
    package static func composedTextScalars(_ nfd: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(nfd.count)
        var start = 0
        while start < nfd.count {
            var end = start + 1
            while end < nfd.count, !startsCompositionChunk(nfd[end]) { end += 1 }
            if end - start == 1 {
                result.append(nfd[start])
            } else {
                result.append(contentsOf: composedScalars(nfd[start..<end]))
            }
            start = end
        }
        return result
    }
}
