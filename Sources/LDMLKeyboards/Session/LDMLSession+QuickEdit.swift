import LayoutEngine

/// Buffers and caches a session reuses from key to key, so that computing an edit
/// allocates nothing in the common case.
struct SessionScratch: Sendable {
    /// The NFC of the old and the new text after the change point.
    var old: [UInt32] = []
    var new: [UInt32] = []
    /// Recent compositions: a direct-mapped cache of `Normalization.compose` (key 0: empty).
    var composedKeys = [UInt64](repeating: 0, count: 64)
    var composedValues = [UInt32](repeating: 0, count: 64)
    /// Recent one-scalar texts for the host, direct-mapped by scalar (key 0: empty).
    var textKeys = [UInt32](repeating: 0, count: 64)
    var texts = [String](repeating: "", count: 64)
    /// Whether `quickEdit` may be used (tests turn it off to compare with the general way).
    var quickEdits = true

    /// The host's text for the scalars `values` (no markers), remembered when it is one scalar.
    mutating func text(_ values: ArraySlice<UInt32>) -> String {
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

    /// Appends the NFC of `text` (NFD in canonical order, no markers) to `result`; false
    /// when `text` holds a marker or is not in canonical order.
    mutating func appendNFC(_ text: ArraySlice<UInt32>, to result: inout [UInt32]) -> Bool {
        var starter = -1
        var previousClass: UInt8 = 0
        var previousInText: UInt8 = 0
        for value in text {
            if TextElement.isMarker(value) { return false }
            let ccc = TextElement.combiningClass(value)
            if ccc != 0, previousInText > ccc { return false }
            previousInText = ccc
            if starter >= 0 {
                let unblocked = result.count - 1 == starter || (previousClass != 0 && previousClass < ccc)
                if unblocked, let composite = compose(result[starter], value) {
                    result[starter] = composite
                    continue
                }
            }
            if ccc == 0 { starter = result.count }
            previousClass = ccc
            result.append(value)
        }
        return true
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
        var old = scratch.old
        var new = scratch.new
        scratch.old = []
        scratch.new = []
        defer {
            scratch.old = old
            scratch.new = new
        }
        old.removeAll(keepingCapacity: true)
        new.removeAll(keepingCapacity: true)
        guard scratch.appendNFC(savedTail[...], to: &old), scratch.appendNFC(context[newStart...], to: &new)
        else { return nil }
        var same = 0
        while same < old.count, same < new.count, old[same] == new[same] { same += 1 }
        if same == old.count, same == new.count { return Edit(deleteCount: 0, insert: "", effect: .none) }
        return Edit(deleteCount: old.count - same, insert: scratch.text(new[same...]), effect: effect)
    }
}
