/// One `<reorder>`: which characters it matches (`from`, after `before`) and the sort
/// weights it gives them.
struct ReorderRule: Sendable {
    var from: [ScalarRanges]
    var before: [ScalarRanges]
    var order: [Int]
    var tertiary: [Int]
    var tertiaryBase: [Bool]
    var preBase: [Bool]

    /// Whether the rule matches at `position` in `text`.
    func matches(_ text: [UInt32], at position: Int) -> Bool {
        guard position + from.count <= text.count, position >= before.count else { return false }
        for (offset, element) in from.enumerated() where !element.contains(text[position + offset]) { return false }
        for (offset, element) in before.enumerated()
        where !element.contains(text[position - before.count + offset]) {
            return false
        }
        return true
    }
}

/// A `<transformGroup>` of `<reorder>` elements: sorts the characters of each run (a
/// base and the marks after it, with any prebase characters typed before it) by the
/// weights the rules give (UTS #35 Part 7, "Element: reorder").
final class ReorderGroup: Sendable {
    /// The rules, longest `from` first, then longest `before`.
    let rules: [ReorderRule]
    /// Every scalar some rule's `from` can match: text without them is never reordered.
    let relevant: ScalarRanges
    /// Every scalar some rule's `from` can start with: no rule matches at any other.
    private let starts: ScalarRanges
    /// Whether sorting may start at a scalar no rule matches: no rule looks back (`before`)
    /// or puts characters before their base (`preBase`).
    private let cutsAtUnmatched: Bool

    init(rules: [ReorderRule]) {
        self.rules = rules.enumerated().sorted { left, right in
            if left.element.from.count != right.element.from.count {
                return left.element.from.count > right.element.from.count
            }
            if left.element.before.count != right.element.before.count {
                return left.element.before.count > right.element.before.count
            }
            return left.offset > right.offset  // a later rule overrides an earlier one
        }.map(\.element)
        var relevant = ScalarRanges()
        var starts = ScalarRanges()
        for rule in rules {
            for element in rule.from { relevant = relevant.union(element) }
            if let first = rule.from.first { starts = starts.union(first) }
        }
        self.relevant = relevant
        self.starts = starts
        cutsAtUnmatched = rules.allSatisfy { $0.before.isEmpty && !$0.preBase.contains(true) }
    }

    private struct Weight {
        var primary = 0
        var secondary = 0
        var tertiary = 0
        var quaternary = 0
        var isBase = true
        var preBase = false
    }

    /// The rule at `first` (the first that matches at `position`) with the attributes it
    /// leaves out taken from the other rules that match there with as long a `from` and
    /// `before`: the spec merges such rules, a later one overriding an earlier one only in
    /// the attributes it gives (UTS #35 Part 7, "Using import with reorder elements").
    private func merged(_ first: Int, _ text: [UInt32], at position: Int) -> ReorderRule {
        var rule = rules[first]
        var index = first + 1
        // Rules of equal lengths are sorted later first, so the first to give a value wins.
        while index < rules.count, rules[index].from.count == rule.from.count,
            rules[index].before.count == rule.before.count
        {
            let other = rules[index]
            index += 1
            guard other.matches(text, at: position) else { continue }
            if rule.order.isEmpty { rule.order = other.order }
            if rule.tertiary.isEmpty { rule.tertiary = other.tertiary }
            if rule.tertiaryBase.isEmpty { rule.tertiaryBase = other.tertiaryBase }
            if rule.preBase.isEmpty { rule.preBase = other.preBase }
        }
        return rule
    }

    /// Where sorting after a change at `changed` starts reading `context`: 64 elements
    /// back, or later at a scalar no rule matches. Such a scalar is a base that starts a run
    /// (when no rule is prebase), no rule's `from` spans it, and (when no rule has a `before`)
    /// no rule after it looks at what precedes it: the text before it is never sorted with
    /// what follows, and the weights after it are those a longer window gives.
    func windowStart(_ context: [UInt32], changed: Int) -> Int {
        let limit = max(0, changed - 64)
        guard cutsAtUnmatched, !context.isEmpty else { return limit }
        var index = min(changed, context.count - 1)
        while index > limit {
            let value = context[index]
            if !TextElement.isMarker(value), !relevant.contains(value) { return index }
            index -= 1
        }
        return limit
    }

    /// The new order of `text`'s scalars (indices), runs starting at or after the last run
    /// start at or before `changed` sorted; earlier text keeps its order.
    func permutation(of text: [UInt32], changedFrom changed: Int) -> [Int] {
        var weights = [Weight](repeating: Weight(), count: text.count)
        var position = 0
        while position < text.count {
            guard starts.contains(text[position]),
                let first = rules.firstIndex(where: { $0.matches(text, at: position) })
            else {
                position += 1
                continue
            }
            let rule = merged(first, text, at: position)
            for offset in 0..<rule.from.count {
                func pick<T>(_ list: [T], _ fallback: T) -> T {
                    list.isEmpty ? fallback : list[min(offset, list.count - 1)]
                }
                let order = pick(rule.order, 0)
                let tertiary = pick(rule.tertiary, 0)
                var weight = Weight()
                weight.primary = order
                weight.tertiary = tertiary
                weight.isBase = order == 0 && tertiary == 0
                weight.preBase = pick(rule.preBase, false) && tertiary == 0
                weight.secondary = pick(rule.tertiaryBase, false) ? 1 : 0  // tertiaryBase flag for now
                weights[position + offset] = weight
            }
            position += rule.from.count
        }
        // Sort keys: tertiary characters take the primary weight and index of the last tertiary base.
        var lastBase = (primary: 0, index: 0)
        for index in weights.indices {
            let flag = weights[index].secondary == 1
            if weights[index].tertiary != 0 {
                weights[index].primary = lastBase.primary
                weights[index].secondary = lastBase.index
            } else {
                weights[index].secondary = index
                if flag || weights[index].primary == 0 { lastBase = (weights[index].primary, index) }
            }
            weights[index].quaternary = index
        }
        // Runs: preBase* base non-base*. A base or prebase after marks that have no base
        // and no prebase (marks left over at the start) begins a run of its own.
        var runStarts: [Int] = []
        var sawBase = false
        var sawPreBase = false
        var runOpen = false
        for index in weights.indices {
            let weight = weights[index]
            if weight.preBase || weight.isBase {
                if sawBase || !runOpen || !sawPreBase {
                    runStarts.append(index)
                    sawBase = false
                    sawPreBase = false
                }
                if weight.preBase { sawPreBase = true } else { sawBase = true }
            } else if !runOpen {
                runStarts.append(index)
            }
            runOpen = true
        }
        let firstSorted = runStarts.last(where: { $0 <= changed }) ?? 0
        var result = Array(text.indices)
        for (number, start) in runStarts.enumerated() where start >= firstSorted {
            let end = number + 1 < runStarts.count ? runStarts[number + 1] : text.count
            let sorted = (start..<end).sorted { left, right in
                let a = weights[left]
                let b = weights[right]
                if a.primary != b.primary { return a.primary < b.primary }
                if a.secondary != b.secondary { return a.secondary < b.secondary }
                if a.tertiary != b.tertiary { return a.tertiary < b.tertiary }
                return a.quaternary < b.quaternary
            }
            result.replaceSubrange(start..<end, with: sorted)
        }
        return result
    }
}
