/// Canonical decomposition and composition (UAX #15) of any text, from the tables generated
/// from the Unicode Character Database (`canonicalDecompositionMappings`), without Foundation.
///
/// The mappings are read once into two dictionaries (scalar → full decomposition, pair →
/// primary composite); Hangul syllables are computed. The canonical ordering and composition
/// algorithms run here. `CanonicalComposition` uses this where its Latin tables end; the
/// CLDR keyboards' normalization (markers kept) is built on it.
package enum ScalarNormalization {
    /// Kept for callers that bound memory: the tables are complete and fixed, so nothing is
    /// cached any more and nothing grows with the text.
    package static let cacheLimit = 1 << 16

    /// How many entries the caches hold (for tests): always none, the tables are fixed.
    package static var cachedCount: (decompositions: Int, compositions: Int) { (0, 0) }

    /// Hangul syllables (UAX #15, "Hangul"): the first syllable, the first leading, vowel
    /// and trailing jamo (the trailing base is one before the first trailing consonant),
    /// and the counts.
    private static let syllableBase: UInt32 = 0xAC00
    private static let leadingBase: UInt32 = 0x1100
    private static let vowelBase: UInt32 = 0x1161
    private static let trailingBase: UInt32 = 0x11A7
    private static let vowelCount: UInt32 = 21
    private static let trailingCount: UInt32 = 28
    private static let syllableCount: UInt32 = 11_172
    private static let leadingCount: UInt32 = 19

    /// Scalar value → its full canonical decomposition, for every scalar that has one
    /// (Hangul syllables aside).
    private static let decompositions: [UInt32: [UInt32]] = {
        var oneLevel: [UInt32: (UInt32, UInt32)] = [:]
        oneLevel.reserveCapacity(canonicalDecompositionMappings.count)
        for entry in canonicalDecompositionMappings {
            let parts = (DecompositionEntry.first(entry), DecompositionEntry.second(entry))
            oneLevel[DecompositionEntry.scalar(entry)] = parts
        }
        func full(_ value: UInt32) -> [UInt32] {
            guard let (first, second) = oneLevel[value] else { return [value] }
            return second == 0 ? full(first) : full(first) + full(second)
        }
        var table: [UInt32: [UInt32]] = [:]
        table.reserveCapacity(oneLevel.count)
        for value in oneLevel.keys { table[value] = full(value) }
        return table
    }()

    /// `first << 32 | second` → primary composite.
    private static let composites: [UInt64: UInt32] = {
        var table: [UInt64: UInt32] = [:]
        for entry in canonicalDecompositionMappings where DecompositionEntry.isPrimaryComposite(entry) {
            let pair = UInt64(DecompositionEntry.first(entry)) << 32 | UInt64(DecompositionEntry.second(entry))
            table[pair] = DecompositionEntry.scalar(entry)
        }
        return table
    }()

    /// The full canonical decomposition (NFD) of one scalar value; the value itself when it
    /// is not a scalar. Nothing below U+00C0 decomposes.
    package static func decompose(_ value: UInt32) -> [UInt32] {
        if value < 0xC0 { return [value] }
        let syllable = value &- syllableBase
        if syllable < syllableCount {
            let leading = leadingBase + syllable / (vowelCount * trailingCount)
            let vowel = vowelBase + syllable % (vowelCount * trailingCount) / trailingCount
            let trailing = syllable % trailingCount
            return trailing == 0 ? [leading, vowel] : [leading, vowel, trailingBase + trailing]
        }
        return decompositions[value] ?? [value]
    }

    /// Whether the NFD of the scalar `value` is the scalar itself (`decompose` gives it alone).
    package static func isOwnDecomposition(_ value: UInt32) -> Bool {
        if value < 0xC0 { return true }
        if value < 0x10000 { return decomposingBMP[Int(value >> 6)] & (1 << (value & 63)) == 0 }
        return decompositions[value] == nil
    }

    /// The scalars of the Basic Multilingual Plane that have a canonical decomposition (the
    /// Hangul syllables among them), one bit each: the question most text asks, answered
    /// without hashing.
    private static let decomposingBMP: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in decompositions.keys where value < 0x10000 { bits[Int(value >> 6)] |= 1 << (value & 63) }
        for value in syllableBase..<(syllableBase + syllableCount) { bits[Int(value >> 6)] |= 1 << (value & 63) }
        return bits
    }()

    /// The primary composite of `starter` and `second` (UAX #15), or `nil`: what the
    /// canonical composition algorithm joins when nothing blocks them.
    static func primaryComposite(_ starter: UInt32, _ second: UInt32) -> UInt32? {
        let leading = starter &- leadingBase
        if leading < leadingCount {
            let vowel = second &- vowelBase
            guard vowel < vowelCount else { return nil }
            return syllableBase + (leading * vowelCount + vowel) * trailingCount
        }
        let syllable = starter &- syllableBase
        if syllable < syllableCount {
            let trailing = second &- trailingBase
            guard syllable % trailingCount == 0, trailing > 0, trailing < trailingCount else { return nil }
            return starter + trailing
        }
        return composites[UInt64(starter) << 32 | UInt64(second)]
    }

    /// The scalar that `starter` followed by `second` is under NFC, if they make one: the
    /// NFC of the starter's decomposition and `second` (so `U+00E2 U+0323` gives `ậ`, whose
    /// own decomposition is `ạ U+0302`). Nothing composes with a second part below U+0300.
    package static func compose(_ starter: UInt32, _ second: UInt32) -> UInt32? {
        if second < 0x300 { return nil }
        if let composite = primaryComposite(starter, second) { return composite }
        let decomposed = decompose(starter)
        guard decomposed.count > 1 || decomposed[0] != starter else { return nil }
        var values = decomposed
        values.append(second)
        canonicallyOrder(&values)
        let composed = canonicallyComposed(values, combiningClass: combiningClass, compose: primaryComposite)
        return composed.count == 1 ? composed[0] : nil
    }

    /// Starters (combining class 0) that are the second part of a primary composite: the
    /// mappings' (U+09BE, U+0CD5, …) and the Hangul vowels and trailing consonants.
    private static let composingStarters: Set<UInt32> = {
        var result = Set<UInt32>(vowelBase..<(vowelBase + vowelCount))
        result.formUnion((trailingBase + 1)..<(trailingBase + trailingCount))
        for entry in canonicalDecompositionMappings where DecompositionEntry.isPrimaryComposite(entry) {
            let second = DecompositionEntry.second(entry)
            if second != 0, combiningClass(second) == 0 { result.insert(second) }
        }
        return result
    }()

    /// The second parts of the primary composites (the mappings' marks and starters, and the
    /// Hangul vowels and trailing consonants), one bit each for the Basic Multilingual Plane.
    private static let compositionSecondsBMP: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        func set(_ value: UInt32) { bits[Int(value >> 6)] |= 1 << (value & 63) }
        for value in vowelBase..<(vowelBase + vowelCount) { set(value) }
        for value in (trailingBase + 1)..<(trailingBase + trailingCount) { set(value) }
        for entry in canonicalDecompositionMappings where DecompositionEntry.isPrimaryComposite(entry) {
            let second = DecompositionEntry.second(entry)
            if second < 0x10000 { set(second) }
        }
        return bits
    }()

    /// The second parts of the primary composites beyond the Basic Multilingual Plane.
    private static let compositionSecondsBeyondBMP: Set<UInt32> = Set(
        canonicalDecompositionMappings.filter(DecompositionEntry.isPrimaryComposite).map(DecompositionEntry.second)
            .filter { $0 >= 0x10000 })

    /// Whether `value` is the second part of some primary composite: what canonical
    /// composition may join to a starter before it. Nothing else ever composes with what
    /// stands before it.
    package static func isCompositionSecond(_ value: UInt32) -> Bool {
        if value < 0x10000 { return compositionSecondsBMP[Int(value >> 6)] & (1 << (value & 63)) != 0 }
        return compositionSecondsBeyondBMP.contains(value)
    }

    /// Whether `value` is a starter that canonical composition never joins to what stands
    /// before it and that keeps every mark after it from what stands before: combining class
    /// 0, no composite's second part, and not a Tibetan vowel sign that decomposes to marks
    /// (`decomposesToNonStarters`). NFC then cuts before it: NFC(x + y) = NFC(x) + NFC(y)
    /// for every text y that starts with it.
    package static func startsComposition(_ value: UInt32) -> Bool {
        combiningClass(value) == 0 && !decomposesToNonStarters(value) && !composingStarters.contains(value)
    }

    /// The canonical combining class of a scalar value (0 for a value that is no scalar).
    @inline(__always)
    package static func combiningClass(_ value: UInt32) -> UInt8 {
        if value < 0x300 { return 0 }
        let offset = value &- 0x300
        if offset < UInt32(commonCombiningClasses.count) { return commonCombiningClasses[Int(offset)] }
        return Unicode.Scalar(value)?.properties.canonicalCombiningClass.rawValue ?? 0
    }

    /// The combining classes of U+0300 to U+30FF (the scripts with marks most text has: the
    /// diacritics, Greek, Cyrillic, Hebrew, Arabic, Indic, Thai, Tibetan, Myanmar, kana …),
    /// read once from the standard library's tables: its lookup per scalar costs more than
    /// normalizing the scalar.
    private static let commonCombiningClasses: [UInt8] = (UInt32(0x300)..<0x3100).map {
        Unicode.Scalar($0)?.properties.canonicalCombiningClass.rawValue ?? 0
    }

    /// Starters that decompose to non-starters: U+0F73, U+0F75 and U+0F81 (Tibetan vowel
    /// signs, canonical combining class 0, each decomposing to two marks of classes 129 and
    /// 130). Foundation (on Linux) puts the marks of such a decomposition in order with the
    /// marks after it but not with those before (`U+0110 U+031B U+0F73 U+0338` gives
    /// `U+0110 U+031B U+0338 U+0F71 U+0F72`); the engine orders them the same way, so that it
    /// agrees with the hosts and the checks that use Foundation.
    static func decomposesToNonStarters(_ value: UInt32) -> Bool {
        value == 0xF73 || value == 0xF75 || value == 0xF81
    }

    /// `scalars` in NFD: each decomposed, then every run of non-starters sorted by combining
    /// class, keeping the order of equal classes.
    package static func nfd<S: Sequence>(_ scalars: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        nfd(ofArray: Array(scalars))
    }

    /// `nfd` of an array: one body however many sequence types call it (an `Array` passed to
    /// `nfd` is not copied), so the WebAssembly build holds one copy.
    private static func nfd(ofArray scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let (values, barriers) = decomposedValues(scalars, keepingSyllables: false)
        return ordered(values, barriers: barriers).compactMap(Unicode.Scalar.init)
    }

    /// Set on a Hangul syllable given precomposed, in the composition of text with a Tibetan
    /// vowel sign: no scalar value has it, so nothing composes with such a syllable.
    private static let givenSyllableTag: UInt32 = 0x4000_0000

    /// Each scalar's decomposition, and where the decomposition of each Tibetan vowel sign
    /// (`decomposesToNonStarters`) starts. With `keepingSyllables`, Hangul syllables stay as
    /// they are, tagged with `givenSyllableTag`.
    private static func decomposedValues(
        _ scalars: [Unicode.Scalar], keepingSyllables: Bool
    ) -> (values: [UInt32], barriers: [Int]) {
        var values: [UInt32] = []
        values.reserveCapacity(scalars.underestimatedCount)
        var barriers: [Int] = []
        for scalar in scalars {
            if scalar.value < 0xC0 {
                values.append(scalar.value)
            } else if keepingSyllables, scalar.value &- syllableBase < syllableCount {
                values.append(scalar.value | givenSyllableTag)
            } else if scalar.value &- syllableBase < syllableCount {
                values += decompose(scalar.value)
            } else {
                if decomposesToNonStarters(scalar.value) { barriers.append(values.count) }
                // Most scalars are their own decomposition: no array made for them.
                if let decomposition = decompositions[scalar.value] {
                    values += decomposition
                } else {
                    values.append(scalar.value)
                }
            }
        }
        return (values, barriers)
    }

    /// `values` in canonical order; each part from a barrier on is ordered on its own.
    private static func ordered(_ values: [UInt32], barriers: [Int]) -> [UInt32] {
        var values = values
        guard !barriers.isEmpty else {
            canonicallyOrder(&values)
            return values
        }
        return parts(of: values, at: barriers).flatMap { part in
            var part = part
            canonicallyOrder(&part)
            return part
        }
    }

    /// `values` cut at each of `barriers`.
    private static func parts(of values: [UInt32], at barriers: [Int]) -> [[UInt32]] {
        var result: [[UInt32]] = []
        var start = 0
        for end in barriers + [values.count] where end > start {
            result.append(Array(values[start..<end]))
            start = end
        }
        return result
    }

    /// Sorts each run of non-starters of `values` by combining class (a stable insertion
    /// sort: the runs are a few marks long).
    static func canonicallyOrder(_ values: inout [UInt32]) {
        var index = 1
        while index < values.count {
            let value = values[index]
            let valueClass = combiningClass(value)
            var position = index
            if valueClass != 0 {
                while position > 0 {
                    let previousClass = combiningClass(values[position - 1])
                    guard previousClass > valueClass else { break }
                    values[position] = values[position - 1]
                    position -= 1
                }
                values[position] = value
            }
            index += 1
        }
    }

    /// `scalars` in NFC: decomposed and ordered (`nfd`), then composed (`canonicallyComposed`).
    ///
    /// Text with a Tibetan vowel sign that decomposes to non-starters is composed as
    /// Foundation (on Linux) composes it: nothing composes across such a sign, each part
    /// composed on its own, and a Hangul syllable given precomposed takes no trailing
    /// consonant (`U+AC00 U+11A8` stays two scalars, where `U+1100 U+1161 U+11A8` makes `U+AC01`).
    package static func nfc<S: Sequence>(_ scalars: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        nfc(ofArray: Array(scalars))
    }

    /// `nfc` of an array, one body for every caller (as `nfd(ofArray:)`).
    private static func nfc(ofArray scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let (values, barriers) = decomposedValues(scalars, keepingSyllables: false)
        guard !barriers.isEmpty else {
            return canonicallyComposed(
                ordered(values, barriers: []), combiningClass: combiningClass, compose: primaryComposite
            ).compactMap(Unicode.Scalar.init)
        }
        let (kept, keptBarriers) = decomposedValues(scalars, keepingSyllables: true)
        return parts(of: kept, at: keptBarriers).flatMap { part in
            var part = part
            canonicallyOrder(&part)
            return canonicallyComposed(part, combiningClass: combiningClass, compose: primaryComposite)
        }.compactMap { Unicode.Scalar($0 & ~givenSyllableTag) }
    }

    /// The canonical composition algorithm on `nfd` (decomposed, in canonical order): a
    /// scalar joins the last starter when nothing between them blocks it (a starter, or a
    /// mark of the same or a higher class) and `compose` gives their composite.
    @inlinable
    package static func canonicallyComposed(
        _ nfd: [UInt32], combiningClass: (UInt32) -> UInt8, compose: (UInt32, UInt32) -> UInt32?
    ) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(nfd.count)
        var starter = -1
        var previousClass: UInt8 = 0
        for value in nfd {
            let valueClass = combiningClass(value)
            if starter >= 0 {
                let adjacent = result.count - 1 == starter
                if adjacent || (previousClass != 0 && previousClass < valueClass),
                    let composite = compose(result[starter], value)
                {
                    result[starter] = composite
                    continue
                }
            }
            if valueClass == 0 { starter = result.count }
            previousClass = valueClass
            result.append(value)
        }
        return result
    }
}
