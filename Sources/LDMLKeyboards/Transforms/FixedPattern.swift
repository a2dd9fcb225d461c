/// A pattern that always matches exactly `n` elements, each from a set of its own (most
/// transforms: literals, `$[set]` of single characters, classes, `{n,n}`), matched without
/// the backtracking machine: the last `n` elements of the context are tested against the
/// position bitmaps, and the capture slots follow from the positions.
///
/// A pattern qualifies when, after flattening groups, every alternation has only
/// one-element branches holding no capture, and every quantifier is `{n,n}`. For such a
/// pattern the machine can only find this one match: the start is fixed by the length and
/// which branch of an alternation matched changes no slot.
final class FixedPattern: @unchecked Sendable {
    /// The element sets, one per position.
    let sets: [ElementSet]
    let anchored: Bool
    /// Capture slots relative to the match start (−1: the group did not take part),
    /// two per group, group 0 included.
    let relativeSlots: [Int]
    /// Bitmaps of the scalars below 0x800 each position holds, 32 words a position.
    private let bits: UnsafeMutablePointer<UInt64>
    /// Per position: whether a scalar from 0x800 or a marker may match (then `sets` decides).
    private let highPossible: [Bool]

    /// The most positions a fixed pattern may have (longer ones use the machine).
    static let lengthLimit = 64

    /// The fixed form of `parsed`, or `nil` when it does not qualify.
    static func make(_ parsed: ParsedPattern) -> FixedPattern? {
        guard parsed.root.lengthBounds.max <= lengthLimit else { return nil }
        var flattener = Flattener()
        guard flattener.flatten(parsed.root, top: true), !flattener.sets.isEmpty else { return nil }
        var slots = [Int](repeating: -1, count: 2 * (parsed.captureCount + 1))
        slots[0] = 0
        slots[1] = flattener.sets.count
        for capture in flattener.captures {
            slots[2 * capture.group] = capture.start
            slots[2 * capture.group + 1] = capture.end
        }
        return FixedPattern(sets: flattener.sets, anchored: flattener.anchored, relativeSlots: slots)
    }

    private init(sets: [ElementSet], anchored: Bool, relativeSlots: [Int]) {
        self.sets = sets
        self.anchored = anchored
        self.relativeSlots = relativeSlots
        bits = .allocate(capacity: 32 * sets.count)
        for (position, set) in sets.enumerated() {
            for (word, value) in set.lowWords.enumerated() { bits[32 * position + word] = value }
        }
        highPossible = sets.map(\.mayHoldHigh)
    }

    deinit { bits.deallocate() }

    /// The number of elements a match has.
    var length: Int { sets.count }

    /// Whether the pattern matches the `length` elements of `text` that end at `end`.
    @inline(__always) func matches(_ text: UnsafeBufferPointer<UInt32>, end: Int) -> Bool {
        let count = sets.count
        let start = end - count
        guard start >= 0, !anchored || start == 0 else { return false }
        var position = count
        while position > 0 {
            position -= 1
            let value = text[start + position]
            if value < 0x800 {
                if bits[32 * position + Int(value >> 6)] & (1 << UInt64(value & 63)) == 0 { return false }
            } else if !highPossible[position] || !sets[position].contains(value) {
                return false
            }
        }
        return true
    }

    /// The capture slots of a match that ends at `end`.
    func slots(end: Int) -> [Int] {
        let start = end - sets.count
        return relativeSlots.map { $0 < 0 ? -1 : start + $0 }
    }

    /// Flattens a pattern tree into one set per position.
    private struct Flattener {
        var sets: [ElementSet] = []
        var captures: [(group: Int, start: Int, end: Int)] = []
        var anchored = false

        mutating func flatten(_ node: PatternNode, top: Bool = false) -> Bool {
            switch node {
            case .element(let set):
                sets.append(set)
            case .literal(let value):
                sets.append(.scalars([value]))
            case .startAnchor:
                guard top, sets.isEmpty, !anchored else { return false }
                anchored = true
            case .sequence(let nodes):
                for part in nodes {
                    guard flatten(part, top: top && sets.isEmpty) else { return false }
                }
            case .group(let inner, let capture):
                let start = sets.count
                guard flatten(inner) else { return false }
                if let capture { captures.append((capture, start, sets.count)) }
            case .alternation(let branches):
                guard !branches.isEmpty else { return false }
                var union = ElementSet()
                for branch in branches {
                    var inner = Flattener()
                    guard inner.flatten(branch), inner.sets.count == 1, inner.captures.isEmpty,
                        !inner.anchored, !inner.sets[0].inverted
                    else { return false }
                    union.formUnion(inner.sets[0])
                }
                sets.append(union)
            case .repeated(let inner, let low, let high):
                guard low == high else { return false }
                for _ in 0..<low {
                    guard flatten(inner) else { return false }
                }
            }
            return true
        }
    }
}
