/// A compiled `from=` pattern: a small backtracking machine over text elements that only
/// accepts matches ending at the end of the context (the spec's implicit `$`).
///
/// The machine remembers each branch point it has tried at each position, for all start
/// positions of one match: what follows a branch point depends only on the position (a
/// pattern has no back-references), so a branch point reached again has failed already, or
/// is an iteration that matched nothing. Each is tried once, and a match takes at most
/// instructions × positions steps, where nested quantifiers (`(?:x|xy|){0,4}` inside
/// `{3,6}`) had made it exponential: seconds a key.
///
/// What it remembers is one bit per branch point and position of the match's reach (a
/// branch point's number among the branch points, not its instruction's), so even a pattern
/// that expands to thousands of instructions keeps its memory on a context of thousands of
/// elements: such a pattern had stopped remembering past a few hundred, and then took
/// minutes a key.
///
/// Matching tries start positions from the leftmost possible one (the pattern's bounded
/// length limits how far back), like `(?:pattern)$` searched in ECMAScript. Cheap filters
/// on the last and first element reject most contexts before the machine runs.
final class PatternProgram: @unchecked Sendable {
    enum Operation: UInt8, Sendable {
        case scalar, set, split, jump, save, start, end
    }

    struct Instruction: Sendable {
        var operation: Operation
        var first: Int32
        var second: Int32
    }

    let code: [Instruction]
    let sets: [ElementSet]
    /// Two slots per capture group, group 0 being the whole match.
    let slotCount: Int
    let minLength: Int
    let maxLength: Int
    let anchored: Bool
    let lastSet: ElementSet?
    let firstSet: ElementSet?
    /// The pattern as one set per position, when it has that form (most do): matched
    /// without running the machine.
    let fixed: FixedPattern?
    /// Bitmaps of the scalars below 0x800 a match can end with (words 0–31) and start with
    /// (words 32–63), all ones when any can; immutable after `init` (read without ARC).
    private let filter: UnsafeMutablePointer<UInt64>
    /// Whether a match can end (start) with a scalar from 0x800 or a marker.
    private let lastMayBeHigh: Bool
    private let firstMayBeHigh: Bool

    /// Per instruction: its number among the branch points (`split`), -1 for the others.
    private let branchNumber: [Int32]
    private let branchCount: Int
    /// Finds the leftmost start of a match by reading the context backward (`nil` for a
    /// pattern with a start anchor).
    private let startFinder: MatchStartFinder?

    /// The most instructions one pattern may compile to; the most steps one match may take,
    /// over all its start positions (a bound that remembering keeps far off: it matters only
    /// past `memoryLimit`, where a match that runs out of steps finds nothing).
    static let codeLimit = 20_000
    static let stepLimit = 20_000_000
    /// The most branch points × positions a match remembers (bits: 8 MB).
    static let memoryLimit = 1 << 26

    init(_ parsed: ParsedPattern) throws(TextProblem) {
        slotCount = 2 * (parsed.captureCount + 1)
        let bounds = parsed.root.lengthBounds
        minLength = bounds.min
        maxLength = bounds.max
        if case .sequence(let nodes) = parsed.root, case .startAnchor = nodes.first {
            anchored = true
        } else {
            anchored = false
        }
        lastSet = parsed.root.edgeSet(last: true).set
        firstSet = anchored ? nil : parsed.root.edgeSet(last: false).set
        var builder = Builder()
        try builder.emit(parsed.root)
        builder.code.append(Instruction(operation: .end, first: 0, second: 0))
        code = builder.code
        var numbers = [Int32](repeating: -1, count: code.count)
        var branches = 0
        for (pc, instruction) in code.enumerated() where instruction.operation == .split {
            numbers[pc] = Int32(branches)
            branches += 1
        }
        branchNumber = numbers
        branchCount = branches
        fixed = FixedPattern.make(parsed)
        sets = builder.sets
        startFinder = fixed == nil ? MatchStartFinder(code: code, sets: sets) : nil
        filter = .allocate(capacity: 64)
        for (offset, set) in [(0, lastSet), (32, firstSet)] {
            let words = set?.lowWords ?? [UInt64](repeating: ~0, count: 32)
            for (word, bits) in words.enumerated() { filter[offset + word] = bits }
        }
        lastMayBeHigh = lastSet?.mayHoldHigh ?? true
        firstMayBeHigh = firstSet?.mayHoldHigh ?? true
    }

    deinit { filter.deallocate() }

    @inline(__always) private func mayEnd(with value: UInt32) -> Bool {
        value < 0x800 ? filter[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 : lastMayBeHigh
    }

    @inline(__always) private func mayStart(with value: UInt32) -> Bool {
        value < 0x800 ? filter[32 + Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 : firstMayBeHigh
    }

    /// For a pattern of exactly two elements, not anchored, the set its first element is in:
    /// the rule may match only when the element before the last is in it.
    var firstOfTwo: ElementSet? {
        minLength == 2 && maxLength == 2 && !anchored ? firstSet : nil
    }

    /// `mayStart`, asking the first set itself about scalars from 0x800 and markers (which
    /// marker a rule starts with tells most marker rules apart).
    private func mayStartExactly(with value: UInt32) -> Bool {
        value < 0x800 ? mayStart(with: value) : (firstSet?.contains(value) ?? true)
    }

    /// Compiles pattern nodes to instructions.
    private struct Builder {
        var code: [Instruction] = []
        var sets: [ElementSet] = []

        private mutating func append(_ operation: Operation, _ first: Int = 0, _ second: Int = 0) throws(TextProblem) {
            guard code.count < PatternProgram.codeLimit else {
                throw TextProblem(
                    code: "pattern-too-large",
                    message: "the pattern expands to more than \(PatternProgram.codeLimit) steps",
                    fix: "use fewer nested quantifiers or smaller sets")
            }
            code.append(Instruction(operation: operation, first: Int32(first), second: Int32(second)))
        }

        mutating func emit(_ node: PatternNode) throws(TextProblem) {
            switch node {
            case .literal(let value): try append(.scalar, Int(value))
            case .element(let set):
                let values = set.inverted || set.anyMarker ? [] : set.scalarValues(limit: 2)
                if values.count == 1, set.markers.isEmpty {
                    try append(.scalar, Int(values[0]))
                } else if values.isEmpty, set.markers.count == 1, !set.inverted, !set.anyMarker {
                    try append(.scalar, Int(set.markers.first!))
                } else {
                    sets.append(set)
                    try append(.set, sets.count - 1)
                }
            case .startAnchor: try append(.start)
            case .sequence(let nodes):
                for node in nodes { try emit(node) }
            case .group(let inner, let capture):
                if let capture { try append(.save, 2 * capture) }
                try emit(inner)
                if let capture { try append(.save, 2 * capture + 1) }
            case .alternation(let branches):
                var jumps: [Int] = []
                for (number, branch) in branches.enumerated() {
                    if number < branches.count - 1 {
                        let split = code.count
                        try append(.split, split + 1, 0)
                        try emit(branch)
                        jumps.append(code.count)
                        try append(.jump, 0)
                        code[split].second = Int32(code.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { code[jump].first = Int32(code.count) }
            case .repeated(let inner, let low, let high):
                for _ in 0..<low { try emit(inner) }
                var splits: [Int] = []
                for _ in low..<high {
                    splits.append(code.count)
                    try append(.split, code.count + 1, 0)
                    try emit(inner)
                }
                for split in splits { code[split].second = Int32(code.count) }
            }
        }

    }

    /// The capture slots of the match that ends at `end` in `text`, or `nil`.
    func match(_ text: [UInt32], end: Int) -> [Int]? {
        guard end >= minLength, end <= text.count, end > 0, mayEnd(with: text[end - 1]) else { return nil }
        if let fixed {
            return text.withUnsafeBufferPointer { fixed.matches($0, end: end) } ? fixed.slots(end: end) : nil
        }
        return matchWithMachine(text, end: end)
    }

    /// `match` by the backtracking machine alone (what `fixed` must agree with); `remembering`
    /// false tries every path from every start, as tests compare.
    func matchWithMachine(_ text: [UInt32], end: Int, remembering: Bool = true) -> [Int]? {
        machine(text, end: end, remembering: remembering).slots
    }

    /// `matchWithMachine`, with the steps it took (for tests: a match takes at most about
    /// branch points × positions). Remembering, the machine runs from the start the
    /// `startFinder` reads backward alone (`findingStart` false: from every start in turn,
    /// as tests compare).
    func machine(_ text: [UInt32], end: Int, remembering: Bool = true, findingStart: Bool = true)
        -> (slots: [Int]?, steps: Int)
    {
        guard end >= minLength, end <= text.count, end > 0, mayEnd(with: text[end - 1]) else { return (nil, 0) }
        let lowest = anchored ? 0 : max(0, end - maxLength)
        let highest = end - minLength
        if anchored, end > maxLength { return (nil, 0) }
        guard lowest <= highest else { return (nil, 0) }
        // A short window where nothing may start a match (a marker's rule in a text without
        // markers) ends here, before the memory and the backward reading below.
        if highest - lowest < 16,
            !(lowest...highest).contains(where: { $0 == end || mayStartExactly(with: text[$0]) })
        {
            return (nil, 0)
        }
        // Bit `branch * width + position - lowest`: branch point number `branch` tried at `position`.
        let width = end - lowest + 1
        var tried: [UInt64] = []
        if remembering, branchCount > 0, branchCount * width <= Self.memoryLimit {
            tried = [UInt64](repeating: 0, count: (branchCount * width + 63) / 64)
        }
        var steps = 0
        var first = lowest
        if remembering, findingStart, let startFinder {
            guard let start = text.withUnsafeBufferPointer({ startFinder.leftmostStart($0, end: end, lowest: lowest) }),
                start <= highest
            else { return (nil, 0) }
            first = start
        }
        for start in first...highest {
            if start < end, !mayStart(with: text[start]) { continue }
            if let slots = run(text, from: start, end: end, lowest: lowest, tried: &tried, steps: &steps) {
                return (slots, steps)
            }
            if steps >= Self.stepLimit { break }
        }
        return (nil, steps)
    }

    /// One try from `start`; `tried` (empty: not remembered) and the count of `steps` are
    /// shared by all starts.
    private func run(
        _ text: [UInt32], from start: Int, end: Int, lowest: Int, tried: inout [UInt64], steps: inout Int
    ) -> [Int]? {
        let width = end - lowest + 1
        let remembers = !tried.isEmpty
        let code = self.code
        let sets = self.sets
        let branchNumber = self.branchNumber
        var slots = [Int](repeating: -1, count: slotCount)
        slots[0] = start
        var stack: [(pc: Int, position: Int, saved: Int)] = []
        var savedSlots: [Int] = []
        var pc = 0
        var position = start
        while steps < Self.stepLimit {
            steps += 1
            let instruction = code[pc]
            var fail = false
            switch instruction.operation {
            case .scalar:
                if position < end, text[position] == UInt32(instruction.first) {
                    position += 1
                    pc += 1
                } else {
                    fail = true
                }
            case .set:
                if position < end, sets[Int(instruction.first)].contains(text[position]) {
                    position += 1
                    pc += 1
                } else {
                    fail = true
                }
            case .split:
                let bit = Int(branchNumber[pc]) * width + position - lowest
                if remembers, tried[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                    fail = true
                    break
                }
                if remembers { tried[bit >> 6] |= 1 << UInt64(bit & 63) }
                stack.append((Int(instruction.second), position, savedSlots.count))
                savedSlots += slots
                pc = Int(instruction.first)
            case .jump: pc = Int(instruction.first)
            case .save:
                slots[Int(instruction.first)] = position
                pc += 1
            case .start:
                if position == 0 { pc += 1 } else { fail = true }
            case .end:
                if position == end {
                    slots[1] = end
                    return slots
                }
                fail = true
            }
            if fail {
                guard let resume = stack.popLast() else { return nil }
                pc = resume.pc
                position = resume.position
                for slot in 0..<slotCount { slots[slot] = savedSlots[resume.saved + slot] }
                savedSlots.removeLast(savedSlots.count - resume.saved)
            }
        }
        return nil
    }
}
