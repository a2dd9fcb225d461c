import Foundation
import Testing

@testable import LDMLKeyboards

/// The backtracking machine on patterns with nested quantifiers: remembering the branch
/// points it has tried gives what trying every path gives, and what ICU's regular
/// expressions (`NSRegularExpression`, searching `(?:pattern)$`) find, on texts short
/// enough for both to try every path. Before the machine remembered, the first pattern
/// took seconds a match (found by FuzzLDMLTransforms as a timeout).
struct PatternMachineTests {
    static let patterns = [
        "(?:p|x|(?:x|xy|){0,4}|y){3,6}.",
        "(?:x|xy|y){1,8}q",
        "(?:(?:x|y){0,3}|xy){2,7}p?q",
        "((?:x|y|xy){0,5})(y|q){1,3}",
        "^(?:x|xy){1,9}",
    ]

    static func program(_ pattern: String) throws -> PatternProgram {
        var markers = MarkerTable()
        return try PatternProgram(
            PatternParser.parse(pattern, variables: PatternVariables(), markers: &markers, normalize: true))
    }

    @Test(
        "nested quantifiers: the same matches, starts and captures as trying every path, and as ICU",
        arguments: patterns)
    func agrees(_ pattern: String) throws {
        let program = try Self.program(pattern)
        let icu = try NSRegularExpression(pattern: "(?:" + pattern + ")$")
        var random = CompiledTransformTests.Random(state: 0xC0DE_F00D)
        var matches = 0
        for _ in 0..<200 {
            let text = String((0..<(1 + random.next(9))).map { _ in Array("xyxypq")[random.next(6)] })
            let values = text.unicodeScalars.map(\.value)
            let slots = program.matchWithMachine(values, end: values.count)
            // Every path of the first pattern is more than the machine's step limit even on
            // an empty text (its empty alternatives nest 4 deep in 6): without remembering,
            // it found no match where ICU does.
            if pattern != Self.patterns[0] {
                #expect(slots == program.matchWithMachine(values, end: values.count, remembering: false), "\(text)")
            }
            let found = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count))
            #expect(slots?.first == found.map(\.range.location), "\(pattern) on \(text)")
            if slots != nil { matches += 1 }
        }
        #expect(matches > 0)
    }

    @Test("a pattern of thousands of instructions on a context of thousands: steps stay near branch points × positions")
    func largePatternLongContext() throws {
        // FuzzLDMLTransforms' second timeout, in letters: 3,000 instructions and more, a match
        // 2,400 elements long at most. It had stopped remembering past a few hundred
        // positions, and then tried every start up to its step limit: minutes a key.
        let long = String(repeating: "z", count: 100) + "T"
        let pattern =
            "(:p|x|(?:x|xy|" + String(repeating: "z", count: 22) + "|" + long + "){0,4}|x|(?:x|xy|){0,4}|y){3,6}."
        let program = try Self.program(pattern)
        #expect(program.code.count > 2_000)
        let branches = program.code.filter { $0.operation == .split }.count
        var random = CompiledTransformTests.Random(state: 0x5EED)
        let body = (0..<3_000).map { _ in Array("xyzzzTq".unicodeScalars)[random.next(7)].value }
        for text in [body, body + Array("xxxq".unicodeScalars.map(\.value))] {
            let (slots, steps) = program.machine(text, end: text.count)
            let width = min(text.count, program.maxLength) + 1
            #expect(steps <= 4 * branches * width, "\(steps) steps for \(branches) branch points")
            // No match is longer than maxLength: the same text cut to that much matches alike.
            let cut = Array(text.suffix(program.maxLength + 1))
            let offset = text.count - cut.count
            #expect(slots?.map { $0 < 0 ? $0 : $0 - offset } == program.machine(cut, end: cut.count).slots)
        }
        let ends = body + Array("xxxq".unicodeScalars.map(\.value))
        #expect(program.matchWithMachine(ends, end: ends.count) != nil)
    }

    @Test("a long context on nested quantifiers is matched, from its leftmost start")
    func longContext() throws {
        let program = try Self.program("(?:p|x|(?:x|xy|){0,4}|y){3,6}.")
        let text = Array(String(repeating: "xy", count: 200).unicodeScalars.map(\.value)) + [0x71]
        // At most 6 × 8 elements and one more: the leftmost start is 49 from the end.
        #expect(program.matchWithMachine(text, end: text.count)?.first == text.count - 49)
        #expect(program.matchWithMachine(Array(text.dropLast()) + [0x70, 0x70], end: text.count + 1) != nil)
    }
}
