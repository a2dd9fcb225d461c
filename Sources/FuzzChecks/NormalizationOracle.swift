import Foundation
import LayoutEngine

/// Foundation's normalization, the oracle the session checks compare the engine with, and
/// where a text may be cut so that normalizing the pieces gives the same as normalizing the
/// whole (so that a check after each event normalizes only what the event changed).
enum NormalizationOracle {
    /// Foundation's NFD of `scalars`.
    static func nfd<S: Sequence>(_ scalars: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        Array(string(scalars).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// Foundation's NFC of `scalars`.
    static func nfc<S: Sequence>(_ scalars: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        Array(string(scalars).precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// The text of `scalars` (made from their UTF-8, which is quicker than appending them
    /// to a `String.UnicodeScalarView` one at a time).
    static func string<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount * 3)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether Foundation's NFD of `scalars` is `scalars` themselves, told without asking it
    /// for the text: each scalar is its own NFD by Foundation (`notOwnNFD`, from its NFD of
    /// every scalar once a process) and every run of marks is in canonical order (the
    /// standard library's classes). NFD decomposes each scalar and sorts each run of marks
    /// by class, keeping equal classes in order: on such a text neither changes anything.
    /// (Foundation's odd order for a Tibetan vowel sign, `ScalarNormalization`'s
    /// `decomposesToNonStarters`, needs a sign that decomposes: not in such a text.)
    static func isOwnNFD<C: Collection>(_ scalars: C) -> Bool where C.Element == Unicode.Scalar {
        var previousClass: UInt8 = 0
        for scalar in scalars {
            let value = scalar.value
            if value < 0x80 {  // ASCII: starters, their own NFD
                previousClass = 0
                continue
            }
            let scalarClass = combiningClass(value)
            if (scalarClass != 0 && previousClass > scalarClass) || notOwnNFD.contains(value) { return false }
            previousClass = scalarClass
        }
        return true
    }

    /// Whether Foundation's NFC of `scalars`, a text in NFD, is `scalars` themselves, told
    /// without asking it for the text: no scalar is in any scalar's NFD but first (by
    /// Foundation, `laterInNFD`), so none is the second part of a composition, and the
    /// composition after the decomposition (which changes nothing in NFD) joins nothing.
    static func isOwnNFC<C: Collection>(ofNFD scalars: C) -> Bool where C.Element == Unicode.Scalar {
        scalars.allSatisfy { $0.value < 0x80 || !laterInNFD.contains($0.value) }  // ASCII: in no NFD but first
    }

    /// The standard library's canonical combining class, read once a process for U+0300 to
    /// U+FFFF.
    static func combiningClass(_ value: UInt32) -> UInt8 {
        if value < 0x10000 { return basicPlaneClasses[Int(value)] }
        return Unicode.Scalar(value).map { $0.properties.canonicalCombiningClass.rawValue } ?? 0
    }

    private static let basicPlaneClasses: [UInt8] = (UInt32(0)..<0x10000).map { value in
        value < 0x300 ? 0 : Unicode.Scalar(value).map { $0.properties.canonicalCombiningClass.rawValue } ?? 0
    }

    /// Whether a text may be cut before `scalar`: for every X and Y with Y starting with it,
    ///
    /// - NFD(X + Y) = NFD(X) + NFD(Y): its combining class is 0 (the standard library's) and
    ///   it is its own NFD (Foundation's), so NFD(Y) starts with a starter, and canonical
    ///   ordering never moves a mark across a starter;
    /// - NFC(X + Y) = NFC(X) + NFC(Y): besides, it is in no scalar's NFD but first (Foundation's),
    ///   so it is the second part of no composition: it cannot compose with a starter before
    ///   it, and being a starter it blocks every mark after it from one before;
    /// - the engine's `CanonicalComposition.composedText` cuts its chunks there too (a scalar
    ///   below U+0300, a CJK ideograph, or a starter that is no composite's second part by the
    ///   engine's own tables: `startsCompositionChunk`), so it gives the same for the whole
    ///   text as for the pieces, and checking a piece checks the whole.
    ///
    /// So Bengali or kana text is cut at its consonants and letters, not only at spaces.
    static func isCut(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return true }  // ASCII: starters, their own NFD, in no NFD but first
        guard CanonicalComposition.startsCompositionChunk(scalar) else { return false }
        return combiningClass(value) == 0 && !notOwnNFD.contains(value) && !laterInNFD.contains(value)
    }

    /// Scalars that are not their own NFD (Foundation's NFD of every assigned scalar).
    static let notOwnNFD = foundationDecompositions.notOwn
    /// Scalars in some scalar's NFD after its first (the same).
    static let laterInNFD = foundationDecompositions.later

    /// Foundation's NFD of every assigned scalar, once a process: the scalars that are not
    /// their own, and those found in some scalar's NFD after its first.
    private static let foundationDecompositions: (notOwn: ScalarBitSet, later: ScalarBitSet) = {
        var notOwn = ScalarBitSet()
        var later = ScalarBitSet()
        // Scalars with a canonical decomposition all lie in these blocks (Latin to CJK
        // symbols, Hangul syllables, compatibility ideographs, and the supplementary planes'
        // scripts and musical symbols up to the compatibility ideographs' supplement).
        let ranges: [ClosedRange<UInt32>] = [
            0xA0...0x33FF, 0xAC00...0xD7A3, 0xF900...0xFFFF, 0x10000...0x1FFFF, 0x2F800...0x2FA1F,
        ]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else {
                    continue
                }
                let decomposed = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars
                guard decomposed.count > 1 || decomposed.first != scalar else { continue }
                notOwn.insert(value)
                for part in decomposed.dropFirst() { later.insert(part.value) }
            }
        }
        return (notOwn, later)
    }()
}

/// A set of scalar values as one bit each (a lookup is a shift and a mask, where a `Set`
/// hashes): the oracle asks it for every scalar of every rest it checks.
struct ScalarBitSet {
    private var words = [UInt64](repeating: 0, count: (0x10FFFF >> 6) + 1)

    mutating func insert(_ value: UInt32) {
        words[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }

    func contains(_ value: UInt32) -> Bool {
        let index = Int(value >> 6)
        return index < words.count && words[index] & (1 << UInt64(value & 63)) != 0
    }
}
