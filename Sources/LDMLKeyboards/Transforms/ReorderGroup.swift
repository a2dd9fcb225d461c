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
    /// Per rule, the weights it gives each character of its `from`, when no other rule can
    /// be merged into it (`merged`: no rule of the same lengths whose elements all overlap
    /// its own); `nil` when one can, and the merge is worked out where the rule matches.
    let fixedWeights: [[Weight]?]
    /// The length of the longest `from`.
    private let longestFrom: Int
    /// The scalars cut into intervals in each of which the same rules' `from` can start:
    /// where each interval starts, in order (the first at 0).
    let firstBounds: [UInt32]
    /// Per interval of `firstBounds`, the rules that can match at a scalar in it, in order:
    /// those whose `from` starts with an element holding it (none for a scalar not in
    /// `starts`, so that the first of them that matches is the first of all rules that does).
    let firstRules: [[Int]]
    /// Per interval of `firstBounds`, the weight of a scalar in it when the first of its
    /// `firstRules` matches wherever such a scalar stands (one element of `from`, no
    /// `before`) and gives a fixed weight (`fixedWeights`), or when it has no rules (a base's
    /// weight): no rule need be tried there.
    let firstWeight: [Weight?]
    /// Per interval of `firstBounds`, the primary weight of a scalar in it when `firstWeight`
    /// gives one that is neither tertiary nor prebase: `Int.min` for a base, `Int.max` when
    /// there is no such weight (`keepsOrder` then reads the rules).
    let plainPrimary: [Int]

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
        longestFrom = rules.map(\.from.count).max() ?? 0
        let sorted = self.rules
        var bounds: Set<UInt32> = [0]
        for rule in sorted {
            for range in rule.from.first?.ranges ?? [] {
                bounds.insert(range.lowerBound)
                if range.upperBound < UInt32.max { bounds.insert(range.upperBound + 1) }
            }
        }
        firstBounds = bounds.sorted()
        firstRules = firstBounds.map { value in
            guard starts.contains(value) else { return [] }
            return sorted.indices.filter { sorted[$0].from.first?.contains(value) ?? true }
        }
        let fixedWeights = sorted.indices.map { first -> [Weight]? in
            var index = first + 1
            while index < sorted.count, sorted[index].from.count == sorted[first].from.count,
                sorted[index].before.count == sorted[first].before.count
            {
                if Self.mayMatchTogether(sorted[first], sorted[index]) { return nil }
                index += 1
            }
            return Self.weights(of: sorted[first])
        }
        self.fixedWeights = fixedWeights
        firstWeight = firstRules.map { candidates in
            guard let first = candidates.first else { return Weight() }  // no rule: a base
            guard sorted[first].from.count == 1, sorted[first].before.isEmpty else { return nil }
            return fixedWeights[first]?.first
        }
        plainPrimary = firstWeight.map { weight in
            guard let weight, weight.tertiary == 0, !weight.preBase else { return Int.max }
            return weight.isBase ? Int.min : weight.primary
        }
    }

    /// Whether some text matches both rules at one position (they have the same lengths):
    /// every element of `from` and of `before` overlaps the other's.
    private static func mayMatchTogether(_ rule: ReorderRule, _ other: ReorderRule) -> Bool {
        let elements = zip(rule.from + rule.before, other.from + other.before)
        return elements.allSatisfy { !$0.intersection($1).ranges.isEmpty }
    }

    struct Weight {
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
    func merged(_ first: Int, _ text: [UInt32], at position: Int) -> ReorderRule {
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
    ///
    /// A scalar that some rule matches only past the first element of its `from` (a Bengali
    /// consonant, after a virama) is such a base too where no rule that would reach over it
    /// matches just before it (`unreached`).
    func windowStart(_ context: [UInt32], changed: Int) -> Int {
        let limit = max(0, changed - 64)
        guard cutsAtUnmatched, !context.isEmpty else { return limit }
        var index = min(changed, context.count - 1)
        while index > limit {
            let value = context[index]
            if !TextElement.isMarker(value) {
                if !relevant.contains(value) { return index }
                if !starts.contains(value), unreached(context, at: index) { return index }
            }
            index -= 1
        }
        return limit
    }

    /// Whether no rule matching before `position` in `context` reaches over it, wherever the
    /// rules' matches start: no rule whose `from` is longer than the distance matches at any
    /// of the elements before it that such a `from` could start at. `false` when a marker
    /// lies where those rules read (the rules read the text without markers).
    private func unreached(_ context: [UInt32], at position: Int) -> Bool {
        let first = max(0, position - longestFrom + 1)
        let end = min(context.count, position + longestFrom)
        guard !context[first..<end].contains(where: TextElement.isMarker) else { return false }
        for start in first..<position {
            for rule in rules where rule.from.count > position - start && rule.matches(context, at: start) {
                return false
            }
        }
        return true
    }

    /// The interval of `firstBounds` that holds `value`. The first of its `firstRules`
    /// that matches at a position holding `value` is the first of all rules that matches
    /// there, since no other can.
    func interval(of value: UInt32) -> Int {
        var low = 0
        var high = firstBounds.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstBounds[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The weights `rule` gives each character of its `from`, before tertiary characters
    /// take their base's (the tertiary base flag is kept in `secondary` until then).
    static func weights(of rule: ReorderRule) -> [Weight] {
        (0..<rule.from.count).map { offset in
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
            return weight
        }
    }
}
