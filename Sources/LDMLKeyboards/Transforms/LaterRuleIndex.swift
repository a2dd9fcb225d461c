/// Which of a group's rules after the 64th may match a context ending with a given element:
/// `RuleGroup`'s bit masks cover the first 64 rules, and a group of more (an exported layout
/// has a rule per letter and accent) would otherwise try every later rule at every key.
///
/// For each scalar below 0x800 a list of the later rules whose last element may be it, and one
/// list for scalars from 0x800 and markers, in rule order (the order they are tried in). A
/// group whose lists would hold more than `entryLimit` entries (rules whose last element is
/// a large set) keeps one list of every later rule instead, and tries them all, as before.
struct LaterRuleIndex: Sendable {
    /// `rules[starts[v] ..< starts[v + 1]]`: the list for scalar `v` below 0x800; `v` = 0x800
    /// for the rest.
    private let starts: [Int32]
    private let rules: [Int32]
    /// When the lists would be too large: every later rule, in order.
    private let everyRule: [Int32]?

    /// The most entries the lists may hold together (4 MB).
    static let entryLimit = 1 << 20

    init(_ rules: [TransformRule], firstIndexed: Int = 64) {
        let later = rules.indices.dropFirst(firstIndexed)
        // Most groups have no later rules: nothing to index (the lists cost a fuzz input's
        // keyboard more than its transforms).
        guard !later.isEmpty else {
            starts = []
            self.rules = []
            everyRule = []
            return
        }
        var total = 0
        for index in later {
            guard let last = rules[index].program.lastSet else {
                total += 0x801
                continue
            }
            total += last.lowWords.reduce(0) { $0 + $1.nonzeroBitCount } + (last.mayHoldHigh ? 1 : 0)
        }
        guard total <= Self.entryLimit else {
            starts = []
            self.rules = []
            everyRule = later.map { Int32($0) }
            return
        }
        var lists = [[Int32]](repeating: [], count: 0x801)
        for index in later {
            guard let last = rules[index].program.lastSet else {
                for value in lists.indices { lists[value].append(Int32(index)) }
                continue
            }
            for (word, bits) in last.lowWords.enumerated() where bits != 0 {
                var remaining = bits
                while remaining != 0 {
                    lists[word * 64 + remaining.trailingZeroBitCount].append(Int32(index))
                    remaining &= remaining - 1
                }
            }
            if last.mayHoldHigh { lists[0x800].append(Int32(index)) }
        }
        var starts: [Int32] = [0]
        var flat: [Int32] = []
        flat.reserveCapacity(total)
        for list in lists {
            flat += list
            starts.append(Int32(flat.count))
        }
        self.starts = starts
        self.rules = flat
        everyRule = nil
    }

    /// The later rules worth trying when the context ends with `last`, in order.
    @inline(__always) func candidates(endingWith last: UInt32) -> ArraySlice<Int32> {
        if let everyRule { return everyRule[...] }
        let list = last < 0x800 ? Int(last) : 0x800
        return rules[Int(starts[list])..<Int(starts[list + 1])]
    }
}
