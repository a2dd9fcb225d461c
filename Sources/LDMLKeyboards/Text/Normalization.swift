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
    /// A starter that is no composite's second part (`isIndependentStarter`) composes with
    /// nothing before it, so the tables are not asked (U+FFFD after a starter, say).
    package static func compose(_ starter: UInt32, _ mark: UInt32) -> UInt32? {
        if mark < 0x300 || TextElement.isMarker(starter) || TextElement.isIndependentStarter(mark) { return nil }
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
        let found = elements.withUnsafeBufferPointer { elements -> (segment: Int, markers: Bool)? in
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
                if value < 0x300 {  // class 0, and no marker
                    previous = 0
                    index += 1
                    continue
                }
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
            return (segment, elements[segment...].contains(where: TextElement.isMarker))
        }
        guard let (segment, markers) = found else { return nil }
        guard markers else {
            // No marker to carry: the scalars are sorted as they are.
            var scalars = Array(elements[segment...])
            for (start, order) in markRunOrders(scalars) {
                let moved = order.map { scalars[$0] }
                scalars.replaceSubrange(start..<(start + order.count), with: moved)
            }
            return (segment, scalars)
        }
        var units = GluedText(elements[segment...])
        units.sortMarks()
        return (segment, units.joined())
    }

    /// For each run of non-starters in `scalars` that is not in order of combining class,
    /// where it starts and its stable sort by class (indices into `scalars`). A run already
    /// in order is its own stable sort, and is left out.
    static func markRunOrders(_ scalars: [UInt32]) -> [(start: Int, order: [Int])] {
        let classes = scalars.map(TextElement.combiningClass)
        var result: [(start: Int, order: [Int])] = []
        classes.withUnsafeBufferPointer { classes in
            var index = 0
            while index < classes.count {
                guard classes[index] != 0 else {
                    index += 1
                    continue
                }
                var end = index + 1
                var ordered = true
                while end < classes.count, classes[end] != 0 {
                    if classes[end] < classes[end - 1] { ordered = false }
                    end += 1
                }
                if !ordered {
                    let order = (index..<end).sorted {
                        classes[$0] != classes[$1] ? classes[$0] < classes[$1] : $0 < $1
                    }
                    result.append((index, order))
                }
                index = end
            }
        }
        return result
    }

    /// Puts `elements[start...]` in canonical order in place; returns whether anything moved.
    @discardableResult
    static func canonicallyOrder(_ elements: inout [UInt32], from start: Int) -> Bool {
        guard let (segment, ordered) = canonicalOrdering(elements, from: start) else { return false }
        elements.replaceSubrange(segment..., with: ordered)
        return true
    }

    /// The NFC of plain (marker-free) decomposed scalars (put in canonical order first).
    /// Text most often is in canonical order already: it is composed in the pass that finds
    /// so, and ordered first only when that pass meets a mark out of order.
    static func nfc(_ text: [UInt32]) -> [UInt32] {
        if let composed = canonicallyComposed(text, stoppingAtDisorder: true) { return composed }
        var nfd = text
        canonicallyOrder(&nfd, from: 0)
        return canonicallyComposed(nfd, stoppingAtDisorder: false)!
    }

    /// `ScalarNormalization.canonicallyComposed` with this file's classes and compositions
    /// (the same steps, read and written through unsafe buffers): a scalar joins the last
    /// starter when nothing between them blocks it and `compose` gives their composite.
    /// With `stoppingAtDisorder`, `nil` when a mark follows one of a higher class (markers
    /// skipped, as `canonicalOrdering` skips them).
    static func canonicallyComposed(_ nfd: [UInt32], stoppingAtDisorder: Bool) -> [UInt32]? {
        var inOrder = true
        let result = [UInt32](unsafeUninitializedCapacity: nfd.count) { result, count in
            count = 0
            nfd.withUnsafeBufferPointer { nfd in
                var starter = -1
                var previousClass: UInt8 = 0
                var previousInText: UInt8 = 0
                for value in nfd {
                    if value < 0x300 {
                        // Class 0 and composing with nothing before it: a starter as it is.
                        previousInText = 0
                        starter = count
                        previousClass = 0
                        result[count] = value
                        count += 1
                        continue
                    }
                    let valueClass = TextElement.combiningClass(value)
                    if stoppingAtDisorder, !TextElement.isMarker(value) {
                        if valueClass != 0, previousInText > valueClass {
                            inOrder = false
                            return
                        }
                        previousInText = valueClass
                    }
                    if starter >= 0 {
                        let adjacent = count - 1 == starter
                        if adjacent || (previousClass != 0 && previousClass < valueClass),
                            let composite = compose(result[starter], value)
                        {
                            result[starter] = composite
                            continue
                        }
                    }
                    if valueClass == 0 { starter = count }
                    previousClass = valueClass
                    result[count] = value
                    count += 1
                }
            }
        }
        return inOrder ? result : nil
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
        for (start, order) in Normalization.markRunOrders(scalars) { apply(order, at: start) }
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
