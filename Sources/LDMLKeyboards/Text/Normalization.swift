import LayoutEngine

/// Unicode normalization for LDML text, markers included (UTS #35 Part 7, "Normalization
/// and Markers"): a marker is glued to the scalar after it (or to the end) and moves with
/// it when combining marks are put in canonical order.
///
/// Single scalars are decomposed and pairs composed by `ScalarNormalization` (Foundation
/// once per scalar and pair, cached); no whole text is ever normalized by Foundation (slow
/// on Linux for long texts).
package enum Normalization {
    /// The NFD of one scalar (a marker stays as it is).
    package static func decompose(_ value: UInt32) -> [UInt32] {
        if value < 0xC0 || TextElement.isMarker(value) { return [value] }
        return ScalarNormalization.decompose(value)
    }

    /// The primary composite of `starter` and `mark`, if there is one (none with a marker).
    package static func compose(_ starter: UInt32, _ mark: UInt32) -> UInt32? {
        if mark < 0x300 || TextElement.isMarker(starter) || TextElement.isMarker(mark) { return nil }
        return ScalarNormalization.compose(starter, mark)
    }

    /// NFD of `elements`, markers kept and glued to the scalar after them.
    package static func nfd(_ elements: [UInt32]) -> [UInt32] {
        var decomposed: [UInt32] = []
        decomposed.reserveCapacity(elements.count)
        for value in elements { decomposed += decompose(value) }
        _ = canonicallyOrder(&decomposed, from: 0)
        return decomposed
    }

    /// Canonical order for `elements[start...]` (already decomposed), each marker moving
    /// with the scalar it is glued to: the index from which the text changes and the new
    /// elements from there, or `nil` when nothing moves.
    static func canonicalOrdering(_ elements: [UInt32], from start: Int) -> (start: Int, elements: [UInt32])? {
        var previous: UInt8 = 0
        var disorder = -1
        var index = max(0, start)
        var back = index
        while back > 0 {
            back -= 1
            if !TextElement.isMarker(elements[back]) {
                previous = TextElement.combiningClass(elements[back])
                break
            }
        }
        while index < elements.count {
            let value = elements[index]
            if !TextElement.isMarker(value) {
                let ccc = TextElement.combiningClass(value)
                if ccc != 0, previous > ccc {
                    disorder = index
                    break
                }
                previous = ccc
            }
            index += 1
        }
        guard disorder >= 0 else { return nil }
        // Back to the starter before the disorder (markers before it belong with it).
        var segment = disorder
        while segment > 0 {
            segment -= 1
            let value = elements[segment]
            if !TextElement.isMarker(value), TextElement.combiningClass(value) == 0 { break }
        }
        while segment > 0, TextElement.isMarker(elements[segment - 1]) { segment -= 1 }
        var units = GluedText(elements[segment...])
        units.sortMarks()
        return (segment, units.joined())
    }

    /// Puts `elements[start...]` in canonical order in place; returns whether anything moved.
    @discardableResult
    static func canonicallyOrder(_ elements: inout [UInt32], from start: Int) -> Bool {
        guard let (segment, ordered) = canonicalOrdering(elements, from: start) else { return false }
        elements.replaceSubrange(segment..., with: ordered)
        return true
    }

    /// The NFC of plain (marker-free) decomposed scalars (put in canonical order first).
    static func nfc(_ text: [UInt32]) -> [UInt32] {
        var nfd = text
        if nfd.contains(where: { $0 >= 0x300 }) { canonicallyOrder(&nfd, from: 0) }
        return ScalarNormalization.canonicallyComposed(
            nfd, combiningClass: TextElement.combiningClass, compose: compose)
    }
}

/// Text split into scalars, each with the markers glued before it, plus markers at the end.
struct GluedText {
    var scalars: [UInt32] = []
    var glue: [[UInt32]] = []
    var trailing: [UInt32] = []

    init<C: Collection>(_ elements: C) where C.Element == UInt32 {
        var pending: [UInt32] = []
        for value in elements {
            if TextElement.isMarker(value) {
                pending.append(value)
            } else {
                scalars.append(value)
                glue.append(pending)
                pending.removeAll()
            }
        }
        trailing = pending
    }

    /// Stable sort of each run of non-starters by combining class.
    mutating func sortMarks() {
        var index = 0
        while index < scalars.count {
            guard TextElement.combiningClass(scalars[index]) != 0 else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, TextElement.combiningClass(scalars[end]) != 0 { end += 1 }
            let order = (index..<end).sorted {
                let left = TextElement.combiningClass(scalars[$0])
                let right = TextElement.combiningClass(scalars[$1])
                return left != right ? left < right : $0 < $1
            }
            apply(order, at: index)
            index = end
        }
    }

    /// Rearranges the scalars at `start…` into `order` (indices into the whole text).
    mutating func apply(_ order: [Int], at start: Int) {
        let newScalars = order.map { scalars[$0] }
        let newGlue = order.map { glue[$0] }
        scalars.replaceSubrange(start..<(start + order.count), with: newScalars)
        glue.replaceSubrange(start..<(start + order.count), with: newGlue)
    }

    func joined() -> [UInt32] {
        var result: [UInt32] = []
        for index in scalars.indices {
            result += glue[index]
            result.append(scalars[index])
        }
        return result + trailing
    }
}
