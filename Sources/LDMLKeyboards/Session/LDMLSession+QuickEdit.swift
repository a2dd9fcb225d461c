import LayoutEngine

/// Caches a session keeps from key to key, so that computing an edit allocates nothing in
/// the common case.
struct SessionScratch: Sendable {
    /// Recent compositions: a direct-mapped cache of `Normalization.compose` (key 0: empty).
    var composedKeys = [UInt64](repeating: 0, count: 64)
    var composedValues = [UInt32](repeating: 0, count: 64)
    /// Recent one-scalar texts for the host, direct-mapped by scalar (key 0: empty).
    var textKeys = [UInt32](repeating: 0, count: 64)
    var texts = [String](repeating: "", count: 64)
    /// Whether `quickEdit` may be used (tests turn it off to compare with the general way).
    var quickEdits = true
    /// Whether a key press works out its edit: off where only the context after the press
    /// is read (`textCompositions` and `markerDeadKeys` type thousands of pairs), and a
    /// press that changed the text then returns `.none`.
    var keyEdits = true

    /// The host's text for the scalars `values` (no markers), remembered when it is one scalar.
    mutating func text(_ values: UnsafeBufferPointer<UInt32>) -> String {
        guard values.count == 1, let value = values.first, value != 0 else { return TextElement.plainString(values) }
        let slot = Int(truncatingIfNeeded: (UInt64(value) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if textKeys[slot] == value { return texts[slot] }
        let text = TextElement.plainString(values)
        textKeys[slot] = value
        texts[slot] = text
        return text
    }

    /// `Normalization.compose`, remembered.
    mutating func compose(_ starter: UInt32, _ mark: UInt32) -> UInt32? {
        if mark < 0x300 { return nil }
        let key = UInt64(starter) << 32 | UInt64(mark)
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if composedKeys[slot] == key { return composedValues[slot] == 0 ? nil : composedValues[slot] }
        let result = Normalization.compose(starter, mark)
        composedKeys[slot] = key
        composedValues[slot] = result ?? 0
        return result
    }

    /// Writes the NFC of `text` (NFD in canonical order, no markers) to `result` from
    /// `start` (room for `text.count` scalars); the end, or `nil` when `text` holds a marker
    /// or is not in canonical order.
    mutating func writeNFC(_ text: ArraySlice<UInt32>, to result: UnsafeMutableBufferPointer<UInt32>, at start: Int)
        -> Int?
    {
        var count = start
        var starter = -1
        var previousClass: UInt8 = 0
        var previousInText: UInt8 = 0
        for value in text {
            if value < 0x300 {
                // Class 0 and composing with nothing before it: a starter written as it is.
                previousInText = 0
                starter = count
                previousClass = 0
                result[count] = value
                count += 1
                continue
            }
            if TextElement.isMarker(value) { return nil }
            let ccc = TextElement.combiningClass(value)
            if ccc != 0, previousInText > ccc { return nil }
            previousInText = ccc
            if starter >= 0 {
                let unblocked = count - 1 == starter || (previousClass != 0 && previousClass < ccc)
                if unblocked, let composite = compose(result[starter], value) {
                    result[starter] = composite
                    continue
                }
            }
            if ccc == 0 { starter = count }
            previousClass = ccc
            result[count] = value
            count += 1
        }
        return count
    }
}

extension LDMLSession {
    /// The edit when the old and the new text after the change point both start with a
    /// scalar below U+0300 (nothing before can compose with it or reorder with what
    /// follows) and hold no markers: the host's text there is the NFC of each, computed in
    /// reused buffers. `nil` when that does not hold (the general way then decides).
    mutating func quickEdit(effect: EditEffect) -> Edit? {
        guard scratch.quickEdits, !keyboard.normalizationDisabled else { return nil }
        let newStart = lowWater
        if let first = savedTail.first, first >= 0x300 { return nil }
        if newStart < context.count, context[newStart] >= 0x300 { return nil }
        let oldText = savedTail[...]
        let newText = context[newStart...]
        guard (1...256).contains(oldText.count + newText.count) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: oldText.count + newText.count) { buffer in
            guard let oldEnd = scratch.writeNFC(oldText, to: buffer, at: 0),
                let newEnd = scratch.writeNFC(newText, to: buffer, at: oldEnd)
            else { return nil }
            var same = 0
            while same < oldEnd, oldEnd + same < newEnd, buffer[same] == buffer[oldEnd + same] { same += 1 }
            if same == oldEnd, oldEnd + same == newEnd { return Edit(deleteCount: 0, insert: "", effect: .none) }
            let inserted = UnsafeBufferPointer(rebasing: buffer[(oldEnd + same)..<newEnd])
            return Edit(deleteCount: oldEnd - same, insert: scratch.text(inserted), effect: effect)
        }
    }
}
