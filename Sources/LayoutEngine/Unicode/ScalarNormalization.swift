import Foundation
import Synchronization

/// Canonical decomposition and composition (UAX #15) of any text, without Foundation
/// normalizing more than one scalar or one pair at a time.
///
/// Foundation is asked once for the decomposition of each scalar and the composite of each
/// pair, and its answers are cached; the canonical ordering and composition algorithms run
/// here. Foundation's own normalization costs a bridge to `NSString` and back per call (and
/// is quadratic in the length on Linux), which made every key of a non-Latin keyboard
/// normalize through it. `CanonicalComposition` uses this where its Latin tables end; the
/// CLDR keyboards' normalization (markers kept) is built on it.
package enum ScalarNormalization {
    private static let decompositions = Mutex<[UInt32: [UInt32]]>([:])
    private static let compositions = Mutex<[UInt64: UInt32]>([:])
    /// The most entries each cache keeps before it starts again: any text can bring new
    /// scalars and pairs (a fuzzer's 3 million keyboards grew them to 2 GB), while real
    /// text uses a few hundred.
    package static let cacheLimit = 1 << 16

    /// Stores `value` for `key` in `cache`, emptying it first when it is full.
    private static func remember<Key: Hashable & Sendable, Value: Sendable>(
        _ value: Value, for key: Key, in cache: borrowing Mutex<[Key: Value]>
    ) {
        cache.withLock { entries in
            if entries.count >= cacheLimit { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    /// How many entries the caches hold (for tests).
    package static var cachedCount: (decompositions: Int, compositions: Int) {
        (decompositions.withLock { $0.count }, compositions.withLock { $0.count })
    }

    /// The full canonical decomposition (NFD) of one scalar value; the value itself when it
    /// is not a scalar. Nothing below U+00C0 decomposes.
    package static func decompose(_ value: UInt32) -> [UInt32] {
        if value < 0xC0 { return [value] }
        if let cached = decompositions.withLock({ $0[value] }) { return cached }
        guard let scalar = Unicode.Scalar(value) else { return [value] }
        let result = String(Character(scalar)).decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
        remember(result, for: value, in: decompositions)
        return result
    }

    /// The primary composite of `starter` and `second`, if there is one. Nothing composes
    /// with a second part below U+0300.
    package static func compose(_ starter: UInt32, _ second: UInt32) -> UInt32? {
        if second < 0x300 { return nil }
        let key = UInt64(starter) << 32 | UInt64(second)
        if let cached = compositions.withLock({ $0[key] }) { return cached == 0 ? nil : cached }
        var result: UInt32 = 0
        // From the starter's decomposition: Foundation leaves a composite followed by the
        // second part of a further composition as it is (U+AC00 U+11A8, not U+AC01).
        var pair = String.UnicodeScalarView()
        for value in decompose(starter) + [second] {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            pair.append(scalar)
        }
        let composed = Array(String(pair).precomposedStringWithCanonicalMapping.unicodeScalars)
        if composed.count == 1 { result = composed[0].value }
        remember(result, for: key, in: compositions)
        return result == 0 ? nil : result
    }

    /// The canonical combining class of a scalar value (0 for a value that is no scalar).
    @inline(__always)
    package static func combiningClass(_ value: UInt32) -> UInt8 {
        if value < 0x300 { return 0 }
        return Unicode.Scalar(value)?.properties.canonicalCombiningClass.rawValue ?? 0
    }

    /// Starters that decompose to non-starters: U+0F73, U+0F75 and U+0F81 (Tibetan vowel
    /// signs, canonical combining class 0, each decomposing to two marks of classes 129 and
    /// 130). Foundation on Linux puts the marks of such a decomposition in order with the
    /// marks after it but not with those before (`U+0110 U+031B U+0F73 U+0338` gives
    /// `U+0110 U+031B U+0338 U+0F71 U+0F72`), so text with one is normalized by Foundation
    /// whole: the engine then agrees with the hosts and the checks that use Foundation.
    static func decomposesToNonStarters(_ value: UInt32) -> Bool {
        value == 0xF73 || value == 0xF75 || value == 0xF81
    }

    /// `scalars` in NFD: each decomposed, then every run of non-starters sorted by combining
    /// class, keeping the order of equal classes.
    package static func nfd<S: Sequence>(_ scalars: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        guard let values = nfdValues(scalars) else {
            return Array(
                String(String.UnicodeScalarView(scalars)).decomposedStringWithCanonicalMapping.unicodeScalars)
        }
        return values.compactMap(Unicode.Scalar.init)
    }

    /// The values of `nfd(scalars)`, or `nil` when the text holds a starter that decomposes
    /// to non-starters (`decomposesToNonStarters`: Foundation normalizes such text whole).
    private static func nfdValues<S: Sequence>(_ scalars: S) -> [UInt32]? where S.Element == Unicode.Scalar {
        var values: [UInt32] = []
        values.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            if scalar.value < 0xC0 {
                values.append(scalar.value)
            } else if decomposesToNonStarters(scalar.value) {
                return nil
            } else {
                values += decompose(scalar.value)
            }
        }
        canonicallyOrder(&values)
        return values
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
    package static func nfc<S: Sequence>(_ scalars: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        guard let values = nfdValues(scalars) else {
            return Array(
                String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping.unicodeScalars)
        }
        return canonicallyComposed(values, combiningClass: combiningClass, compose: compose).compactMap(
            Unicode.Scalar.init)
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
