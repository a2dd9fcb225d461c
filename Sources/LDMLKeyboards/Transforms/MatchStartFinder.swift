import Synchronization

/// Finds where the leftmost match of a compiled pattern that ends at the end of the context
/// starts, by reading the context backward from that end through the pattern's instructions
/// run in reverse, so that the backtracking machine then runs from that start alone.
///
/// Trying starts from the left (`PatternProgram.machine`) spent nearly all its steps in the
/// starts that fail: on nested quantifiers a key took branch points × positions steps even
/// when the match was a few elements long. Read backward, the pattern is one pass over the
/// elements it can match: the set of instructions from which the rest of the context can
/// still be matched to the end, one set per position, and the leftmost position whose set
/// holds the first instruction is the start. The program has no loops (a counted repetition
/// is written out) and no back-references, so a match from a start exists exactly when the
/// backward pass finds it there.
///
/// The sets are the states of a deterministic machine built as the text asks for them and
/// kept between calls (per instruction set and element: the next set), so a key on a long
/// context costs one table lookup per position read. The table is bounded
/// (`stateLimit`, `transitionLimit`) and starts again empty when full. Patterns with a start
/// anchor (`^`) are not read this way: they have one start, the context's.
final class MatchStartFinder: Sendable {
    /// Per instruction: the instructions that go to it without reading an element (split,
    /// jump, save).
    private let comingFrom: [[Int32]]
    /// The instructions that read an element (scalar, set).
    private let readers: [Int32]
    private let code: [PatternProgram.Instruction]
    private let sets: [ElementSet]
    private let words: Int
    private let table: Mutex<StateTable>

    /// The most states and transitions kept before the table starts again.
    static let stateLimit = 4_096
    static let transitionLimit = 1 << 16

    /// The states seen: each a set of readers (those whose next instruction can still reach
    /// the end) as bits, then a word that is 1 when the first instruction can (a match starts
    /// here); and the transitions taken from them.
    private struct StateTable {
        var readers: [[UInt64]] = []
        var startsHere: [Bool] = []
        var numbers: [[UInt64]: Int32] = [:]
        /// `state << 32 | element` → the state before that element.
        var transitions: [UInt64: Int32] = [:]
    }

    /// A finder for `code` (with `sets`), or `nil` when it has a start anchor.
    init?(code: [PatternProgram.Instruction], sets: [ElementSet]) {
        guard !code.contains(where: { $0.operation == .start }) else { return nil }
        var comingFrom = [[Int32]](repeating: [], count: code.count)
        var readers: [Int32] = []
        for (pc, instruction) in code.enumerated() {
            switch instruction.operation {
            case .split:
                comingFrom[Int(instruction.first)].append(Int32(pc))
                comingFrom[Int(instruction.second)].append(Int32(pc))
            case .jump:
                comingFrom[Int(instruction.first)].append(Int32(pc))
            case .save:
                comingFrom[pc + 1].append(Int32(pc))
            case .scalar, .set:
                readers.append(Int32(pc))
            case .start, .end:
                break
            }
        }
        self.comingFrom = comingFrom
        self.readers = readers
        self.code = code
        self.sets = sets
        words = max(1, (readers.count + 63) / 64)
        table = Mutex(StateTable())
    }

    /// The leftmost position from `lowest` on where a match ending at `end` starts, or `nil`.
    func leftmostStart(_ text: UnsafeBufferPointer<UInt32>, end: Int, lowest: Int) -> Int? {
        table.withLock { table in
            if table.readers.isEmpty || table.readers.count > Self.stateLimit
                || table.transitions.count > Self.transitionLimit
            {
                table = StateTable()
                _ = state(afterReaching: [Int32(code.count - 1)], in: &table)
            }
            var state: Int32 = 0
            var found: Int? = table.startsHere[0] ? end : nil
            var position = end
            while position > lowest {
                position -= 1
                let element = text[position]
                let key = UInt64(UInt32(state)) << 32 | UInt64(element)
                if let next = table.transitions[key] {
                    state = next
                } else {
                    let next = self.state(before: element, from: state, in: &table)
                    table.transitions[key] = next
                    state = next
                }
                if table.startsHere[Int(state)] { found = position }
                if table.readers[Int(state)].dropLast().allSatisfy({ $0 == 0 }) { break }
            }
            return found
        }
    }

    /// The state before `element` when `state` follows it.
    private func state(before element: UInt32, from state: Int32, in table: inout StateTable) -> Int32 {
        let after = table.readers[Int(state)]
        var seeds: [Int32] = []
        for (word, bits) in after.dropLast().enumerated() {
            var remaining = bits
            while remaining != 0 {
                let pc = Int(readers[word * 64 + remaining.trailingZeroBitCount])
                remaining &= remaining - 1
                let instruction = code[pc]
                let reads =
                    instruction.operation == .scalar
                    ? element == UInt32(truncatingIfNeeded: instruction.first)
                    : sets[Int(instruction.first)].contains(element)
                if reads { seeds.append(Int32(pc)) }
            }
        }
        return self.state(afterReaching: seeds, in: &table)
    }

    /// The state of the instructions that reach one of `targets` without reading: its
    /// readers whose next instruction is among them, and whether the first instruction is.
    private func state(afterReaching targets: [Int32], in table: inout StateTable) -> Int32 {
        var reached = [Bool](repeating: false, count: code.count)
        var pending = targets
        for pc in targets { reached[Int(pc)] = true }
        while let pc = pending.popLast() {
            for from in comingFrom[Int(pc)] where !reached[Int(from)] {
                reached[Int(from)] = true
                pending.append(from)
            }
        }
        var set = [UInt64](repeating: 0, count: words + 1)
        for (number, pc) in readers.enumerated() where Int(pc) + 1 < code.count && reached[Int(pc) + 1] {
            set[number >> 6] |= 1 << UInt64(number & 63)
        }
        set[words] = reached[0] ? 1 : 0
        if let known = table.numbers[set] { return known }
        let number = Int32(table.readers.count)
        table.readers.append(set)
        table.startsHere.append(reached[0])
        table.numbers[set] = number
        return number
    }
}
