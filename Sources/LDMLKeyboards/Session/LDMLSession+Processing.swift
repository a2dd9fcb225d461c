import LayoutEngine

extension LDMLSession {
    /// Types key `key` (an index into the keys): its output through the transforms, or
    /// appended at once when the key plan says nothing can match.
    mutating func typeKey(_ key: Int) -> Edit {
        let entry = plan.entries[key]
        switch entry.kind {
        case .nothing: return .none
        case .inert, .guarded:
            let previous = context.last ?? 0
            guard !plan.mayReorder(previous), entry.kind == .inert || !plan.guarded(entry.guardWord, after: previous)
            else { return typeThroughTransforms(key, entry) }
            if entry.count == 1 {
                context.append(plan.outputs[Int(entry.start)])
            } else {
                context.append(contentsOf: plan.output(entry))
            }
            if context.count > 2 * max(contextLimit, 64) { trimContext() }
            return Edit(deleteCount: 0, insert: plan.texts[key] ?? "", effect: .typed)
        case .general: return typeThroughTransforms(key, entry)
        }
    }

    private mutating func typeThroughTransforms(_ key: Int, _ entry: KeyPlan.Entry) -> Edit {
        type(plan.output(entry), quick: plan.texts[key])
    }

    /// Appends `output`, runs the simple transform groups and returns the edit; `quick` is
    /// the output's text for the host when nothing changed it.
    mutating func type(_ output: UnsafeBufferPointer<UInt32>, quick: String?) -> Edit {
        let oldCount = context.count
        begin(oldCount)
        context.append(contentsOf: output)
        let normalize = !keyboard.normalizationDisabled
        if normalize, let first = output.first(where: { !TextElement.isMarker($0) }),
            TextElement.combiningClass(first) != 0 || output.count > 1
        {
            reorderCanonically(from: oldCount)
        }
        for group in keyboard.simpleGroups { _ = apply(group, changedFrom: oldCount) }
        if !modified, let quick, context.count == oldCount + output.count {
            trimContext()
            return Edit(deleteCount: 0, insert: quick, effect: .typed)
        }
        let edit = scratch.keyEdits ? finish(oldCount, effect: .typed) : .none
        trimContext()
        return edit
    }

    /// Backspace: the backspace transform groups, else delete the last code point with the
    /// markers on either side of it. The effect is `accentRemoved` when part of the grapheme
    /// stays (one code point of `â` in NFD leaves `a`), else `graphemeDeleted`.
    public mutating func backspace() -> Edit {
        let oldCount = context.count
        guard oldCount > 0 else { return .none }
        begin(oldCount)
        var matched = false
        for group in keyboard.backspaceGroups where apply(group, changedFrom: oldCount) { matched = true }
        if !matched {
            var end = context.count
            while end > 0, TextElement.isMarker(context[end - 1]) { end -= 1 }
            var start = max(0, end - 1)
            while start > 0, TextElement.isMarker(context[start - 1]) { start -= 1 }
            replaceTail(from: start, with: [])
        }
        let edit = finish(oldCount, effect: .graphemeDeleted)
        // Something left of the grapheme (`â` ⌫ → `a`): the accent, as the session says it.
        return edit.insert.isEmpty
            ? edit : Edit(deleteCount: edit.deleteCount, insert: edit.insert, effect: .accentRemoved)
    }

    private mutating func begin(_ count: Int) {
        lowWater = count
        savedTail.removeAll(keepingCapacity: true)
        modified = false
    }

    /// Replaces `context[start...]`, keeping the original text of what changes for the edit.
    mutating func replaceTail(from start: Int, with elements: [UInt32]) {
        if start < lowWater {
            savedTail.insert(contentsOf: context[start..<lowWater], at: 0)
            lowWater = start
        }
        context.replaceSubrange(start..., with: elements)
        modified = true
    }

    private mutating func reorderCanonically(from start: Int) {
        guard let (segment, ordered) = Normalization.canonicalOrdering(context, from: start) else { return }
        replaceTail(from: segment, with: ordered)
    }

    /// Applies one group; returns whether a transform matched (reorders count as matching
    /// when they move something).
    private mutating func apply(_ group: TransformGroup, changedFrom oldCount: Int) -> Bool {
        switch group {
        case .rules(let group):
            guard let last = context.last else { return false }
            let mask =
                (context.count >= 2
                    ? group.candidates(endingWith: last, after: context[context.count - 2])
                    : group.candidates(endingWith: last)) & group.fitting(context.count)
            let rules = group.rules
            var remaining = mask
            let later =
                rules.count > 64 && group.laterMinLength <= context.count
                ? group.later.candidates(endingWith: last) : []
            var laterPosition = later.startIndex
            var index = 0
            while true {
                // The candidates among the first 64 rules in order, then the later ones.
                if remaining != 0 {
                    index = remaining.trailingZeroBitCount
                    remaining &= remaining - 1
                } else if laterPosition < later.endIndex {
                    index = Int(later[laterPosition])
                    laterPosition += 1
                } else {
                    return false
                }
                guard index < rules.count else { return false }
                let rule = rules[index]
                let start: Int
                let output: [UInt32]
                if let fixed = rule.program.fixed {
                    let end = context.count
                    guard context.withUnsafeBufferPointer({ fixed.matches($0, end: end) }) else { continue }
                    start = end - fixed.length
                    output = rule.replacement.output(context, slots: fixed.relativeSlots, base: start)
                } else {
                    guard let slots = rule.program.match(context, end: context.count) else { continue }
                    start = slots[0]
                    output = rule.replacement.output(context, slots: slots)
                }
                replaceTail(from: start, with: output)
                if !keyboard.normalizationDisabled { reorderCanonically(from: start) }
                return true
            }
        case .reorder(let reorder):
            guard applyReorder(reorder, changedFrom: min(lowWater, oldCount)) else { return false }
            if !keyboard.normalizationDisabled { reorderCanonically(from: max(0, lowWater)) }
            return true
        }
    }

    private mutating func applyReorder(_ reorder: ReorderGroup, changedFrom changed: Int) -> Bool {
        guard changed < context.count, touchesReorder(reorder, changedFrom: changed) else { return false }
        // Sort from the start of the run holding the change (within a window before it).
        let windowStart = reorder.windowStart(context, changed: changed)
        // The window's scalars (markers move with the scalar after them, below).
        let hasMarkers = context[windowStart...].contains(where: TextElement.isMarker)
        let scalars = hasMarkers ? TextElement.plainScalars(context[windowStart...]) : Array(context[windowStart...])
        var changedPlain = changed - windowStart
        if hasMarkers { changedPlain -= context[windowStart..<changed].filter(TextElement.isMarker).count }
        guard let order = reorder.reordering(of: scalars, changedFrom: changedPlain) else { return false }
        let elements: [UInt32]
        if hasMarkers {
            var moved = GluedText(context[windowStart...])
            moved.apply(order, at: 0)
            elements = moved.joined()
        } else {
            elements = order.map { scalars[$0] }
        }
        var first = 0
        while first < elements.count, context[windowStart + first] == elements[first] { first += 1 }
        replaceTail(from: windowStart + first, with: Array(elements[first...]))
        return true
    }

    /// Whether the changed text, or the run it extends, holds a character some reorder
    /// rule matches (scanning back stops at the first untouched character no rule matches:
    /// it is a base that starts a run of its own).
    private func touchesReorder(_ reorder: ReorderGroup, changedFrom changed: Int) -> Bool {
        var index = context.count
        while index > 0 {
            index -= 1
            let value = context[index]
            if TextElement.isMarker(value) { continue }
            // The plan's bitmap answers for most scalars without the group's ranges.
            if plan.mayReorder(value), reorder.relevant.contains(value) { return true }
            if index < changed { return false }
        }
        return false
    }

    /// The edit that turns the host's text for the old context into the new one.
    private mutating func finish(_ oldCount: Int, effect: EditEffect) -> Edit {
        guard modified || context.count != oldCount else { return .none }
        if let edit = quickEdit(effect: effect) { return edit }
        let oldTail = TextElement.plainScalars(savedTail)
        let newTail = TextElement.plainScalars(Array(context[lowWater...]))
        var common = 0
        while common < oldTail.count, common < newTail.count, oldTail[common] == newTail[common] { common += 1 }
        let normalize = !keyboard.normalizationDisabled
        // Most often the texts can be composed from where they differ: both continue with a
        // starter that nothing before it composes with (or nothing stands before).
        let atStart = common == 0 && !context[..<lowWater].contains { !TextElement.isMarker($0) }
        func startsSafely(_ tail: [UInt32]) -> Bool {
            common == tail.count || atStart || TextElement.isIndependentStarter(tail[common])
        }
        if !normalize || (startsSafely(oldTail) && startsSafely(newTail)) {
            let before = common == 0 ? oldTail : Array(oldTail[common...])
            let after = common == 0 ? newTail : Array(newTail[common...])
            let oldText = normalize ? Normalization.nfc(before) : before
            let newText = normalize ? Normalization.nfc(after) : after
            return edit(from: oldText, to: newText, effect: effect)
        }
        // Else back up to a boundary where composition cannot reach across: a starter that
        // nothing before it composes with (or the context's start), in text both versions
        // share. However long the run of marks before the change, the prefix
        // reaches back to such a starter: a shorter one would leave the host's composed
        // letter out of the edit.
        let prefix = sharedPrefix(before: lowWater, then: oldTail[..<common])
        let oldText = Normalization.nfc(prefix + oldTail[common...])
        let newText = Normalization.nfc(prefix + newTail[common...])
        return edit(from: oldText, to: newText, effect: effect)
    }

    /// The shared text the edit is computed from: `shared` with the plain scalars of
    /// `context[..<end]` before it, from the last starter that nothing before it composes
    /// with (or from the context's start).
    private func sharedPrefix(before end: Int, then shared: ArraySlice<UInt32>) -> [UInt32] {
        if let cut = shared.lastIndex(where: TextElement.isIndependentStarter) { return Array(shared[cut...]) }
        var position = end
        while position > 0 {
            position -= 1
            if TextElement.isIndependentStarter(context[position]) { break }
        }
        return TextElement.plainScalars(Array(context[position..<end])) + shared
    }

    /// The edit from one NFC text to another: what follows their common start.
    private func edit(from oldText: [UInt32], to newText: [UInt32], effect: EditEffect) -> Edit {
        var same = 0
        while same < oldText.count, same < newText.count, oldText[same] == newText[same] { same += 1 }
        if same == oldText.count, same == newText.count { return Edit(deleteCount: 0, insert: "", effect: .none) }
        return Edit(
            deleteCount: oldText.count - same, insert: TextElement.plainString(newText[same...]), effect: effect)
    }

    mutating func trimContext() {
        guard context.count > 2 * max(contextLimit, 64) else { return }
        var cut = context.count - max(contextLimit, 64)
        // Cut before a starter that nothing before it composes with (a Hangul vowel after
        // its leading consonant is a starter that does), so the kept text composes alone as
        // it does in the host.
        while cut < context.count, !TextElement.isIndependentStarter(context[cut]) { cut += 1 }
        context.removeFirst(cut)
    }
}
