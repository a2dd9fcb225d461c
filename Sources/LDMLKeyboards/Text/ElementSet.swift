/// A set of text elements (scalars and markers) for pattern matching: a bitmap for the
/// first 2048 scalars, sorted ranges above, and the markers it holds.
struct ElementSet: Sendable, Hashable {
    private var low = [UInt64](repeating: 0, count: 32)
    /// Closed ranges of scalars ≥ 0x800, sorted and disjoint after `normalizeRanges()`.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// Whether every marker is in the set.
    var anyMarker = false
    /// Individual markers in the set.
    var markers: Set<UInt32> = []
    /// Whether the set is inverted over scalars (markers are never matched by an inverted set).
    var inverted = false

    init() {}

    static func scalars(_ values: [UInt32]) -> ElementSet {
        var set = ElementSet()
        for value in values { set.insert(value) }
        return set
    }

    static var anyScalar: ElementSet {
        var set = ElementSet()
        set.inverted = true
        return set
    }

    mutating func insert(_ value: UInt32) {
        if TextElement.isMarker(value) {
            markers.insert(value)
        } else {
            insert(value...value)
        }
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        var lower = range.lowerBound
        while lower <= range.upperBound, lower < 0x800 {
            low[Int(lower >> 6)] |= 1 << UInt64(lower & 63)
            lower += 1
        }
        if lower <= range.upperBound { ranges.append(lower...range.upperBound) }
    }

    /// Adds everything in `other` (both not inverted).
    mutating func formUnion(_ other: ElementSet) {
        for index in 0..<32 { low[index] |= other.low[index] }
        ranges += other.ranges
        anyMarker = anyMarker || other.anyMarker
        markers.formUnion(other.markers)
    }

    /// Whether the set holds `value`.
    @inline(__always) func contains(_ value: UInt32) -> Bool {
        if value >= TextElement.markerBase { return !inverted && (anyMarker || markers.contains(value)) }
        var found: Bool
        if value < 0x800 {
            found = low[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
        } else {
            found = false
            for range in ranges where range.contains(value) {
                found = true
                break
            }
        }
        return found != inverted
    }

    /// The scalars of the set (not inverted), in order; at most `limit`.
    func scalarValues(limit: Int = 1 << 20) -> [UInt32] {
        var values: [UInt32] = []
        for (index, word) in low.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                values.append(UInt32(index * 64 + bits.trailingZeroBitCount))
                if values.count >= limit { return values }
                bits &= bits - 1
            }
        }
        for range in ranges {
            for value in range {
                values.append(value)
                if values.count >= limit { return values }
            }
        }
        return values
    }

    /// The set's scalars below 0x800 as 32 bitmap words (bit `v & 63` of word `v >> 6`),
    /// inversion applied: what `contains` answers for them.
    var lowWords: [UInt64] { inverted ? low.map { ~$0 } : low }

    /// Whether the set may hold a scalar from 0x800 or a marker.
    var mayHoldHigh: Bool { inverted || !ranges.isEmpty || anyMarker || !markers.isEmpty }

    /// Whether the set holds no scalar and no marker.
    var isEmpty: Bool { !inverted && !anyMarker && markers.isEmpty && ranges.isEmpty && low.allSatisfy { $0 == 0 } }
}
