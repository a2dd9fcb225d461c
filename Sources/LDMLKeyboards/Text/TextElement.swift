/// Text as an LDML keyboard sees it: Unicode scalars and *markers* (invisible state that
/// keys and transforms leave in the context), one `UInt32` each.
///
/// Values below 0x110000 are scalars; a marker is `markerBase + n`, where `n` indexes the
/// keyboard's marker names. Markers never reach the host: `plainText` drops them.
enum TextElement {
    /// The first value that is a marker.
    static let markerBase: UInt32 = 0x11_0000

    @inline(__always) static func isMarker(_ value: UInt32) -> Bool { value >= markerBase }

    @inline(__always) static func marker(_ index: Int) -> UInt32 { markerBase + UInt32(index) }

    /// The scalars of `elements` without the markers.
    static func plainScalars<C: Collection>(_ elements: C) -> [UInt32] where C.Element == UInt32 {
        elements.filter { $0 < markerBase }
    }

    /// The scalars of `elements` without the markers (`elements` itself when it has none).
    static func plainScalars(_ elements: [UInt32]) -> [UInt32] {
        elements.contains { $0 >= markerBase } ? elements.filter { $0 < markerBase } : elements
    }

    /// A string of the scalars of `elements`, markers dropped (and any value that is no
    /// scalar: a surrogate). Each scalar is written as UTF-8 by its range, byte by byte.
    static func plainString<C: Collection>(_ elements: C) -> String where C.Element == UInt32 {
        String(unsafeUninitializedCapacity: 4 * elements.count) { buffer in
            var count = 0
            for value in elements {
                if value < 0x80 {
                    buffer[count] = UInt8(truncatingIfNeeded: value)
                    count += 1
                } else if value < 0x800 {
                    buffer[count] = 0xC0 | UInt8(truncatingIfNeeded: value >> 6)
                    buffer[count + 1] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    count += 2
                } else if value < 0x10000 {
                    if value & 0xF800 == 0xD800 { continue }  // a surrogate
                    buffer[count] = 0xE0 | UInt8(truncatingIfNeeded: value >> 12)
                    buffer[count + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                    buffer[count + 2] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    count += 3
                } else if value < markerBase {
                    buffer[count] = 0xF0 | UInt8(truncatingIfNeeded: value >> 18)
                    buffer[count + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F)
                    buffer[count + 2] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                    buffer[count + 3] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    count += 4
                }
            }
            return count
        }
    }

    /// The canonical combining class of a scalar value (0 for markers).
    @inline(__always) static func combiningClass(_ value: UInt32) -> UInt8 {
        if value < 0x300 || value >= markerBase { return 0 }
        if value < CombiningClasses.end { return CombiningClasses.table[Int(value - 0x300)] }
        guard let scalar = Unicode.Scalar(value) else { return 0 }
        return scalar.properties.canonicalCombiningClass.rawValue
    }

    /// Whether `value` begins a stretch of text whose NFC does not depend on what comes
    /// before it: a starter that canonical composition never joins to a character before it.
    /// (Checking only the scalar right before is not enough: in NFD, U+0CD5 follows the
    /// U+0CC2 of U+0CCA, a Hangul trailing consonant the vowel of an LV syllable, and each
    /// composes with the composite.)
    @inline(__always) static func isIndependentStarter(_ value: UInt32) -> Bool {
        if value < 0x300 { return true }
        if isMarker(value) || combiningClass(value) != 0 { return false }
        if (0x1161...0x1175).contains(value) || (0x11A8...0x11C2).contains(value) { return false }
        return !isComposingStarter(value)
    }

    /// Whether `value` is one of `composingStarters` (a search of the sorted list).
    @inline(__always) static func isComposingStarter(_ value: UInt32) -> Bool {
        composingStarters.withUnsafeBufferPointer { list in
            guard let first = list.first, let last = list.last, value >= first, value <= last else { return false }
            var low = 0
            var high = list.count - 1
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < value { low = middle + 1 } else { high = middle }
            }
            return list[low] == value
        }
    }
}

/// The combining classes of U+0300 to U+FFFF (the marks of the alphabets and of the
/// scripts of India and South-East Asia, CJK, U+FFFD), looked up once from the standard
/// library's Unicode data when first needed (about 65,000 scalars, 64 KB); others are asked
/// each time.
enum CombiningClasses {
    static let end: UInt32 = 0x1_0000
    static let table: [UInt8] = (UInt32(0x300)..<end).map { value in
        Unicode.Scalar(value)?.properties.canonicalCombiningClass.rawValue ?? 0
    }
}

/// Names of markers, numbered in the order first seen.
struct MarkerTable: Sendable {
    private(set) var names: [String] = []
    private var indices: [String: Int] = [:]

    /// The element for marker `name`, numbering it if new.
    mutating func element(for name: String) -> UInt32 {
        if let index = indices[name] { return TextElement.marker(index) }
        indices[name] = names.count
        names.append(name)
        return TextElement.marker(names.count - 1)
    }

    /// The element for an existing marker, or `nil`.
    func existing(_ name: String) -> UInt32? { indices[name].map(TextElement.marker) }

    /// The name of a marker element.
    func name(of element: UInt32) -> String? {
        guard element >= TextElement.markerBase else { return nil }
        let index = Int(element - TextElement.markerBase)
        return index < names.count ? names[index] : nil
    }
}

extension Character {
    /// `isWhitespace`, answered without the property tables for ASCII (attribute lists
    /// are split on it while loading).
    var isListSeparator: Bool {
        if let ascii = asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return isWhitespace
    }
}
