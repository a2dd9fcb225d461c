import Foundation
import Testing

@testable import LDMLKeyboards

/// The backward start finder (`MatchStartFinder`) against trying every start in turn: the
/// same match, start and captures on every rule of the keyboards that is not fixed-length,
/// and on random patterns with nested groups, alternatives and quantifiers, which ICU's
/// regular expressions check too.
struct MatchStartFinderTests {
    typealias Random = CompiledTransformTests.Random

    /// A random pattern over x, y, q, the set [xq] and any element, with groups (some
    /// capturing), alternatives, counted repetitions and optional parts, `depth` deep.
    static func pattern(_ random: inout Random, depth: Int) -> String {
        let atoms = ["x", "y", "q", "[xq]", ".", "xy"]
        var parts: [String] = []
        for _ in 0..<(1 + random.next(3)) {
            var part: String
            if depth > 0, random.next(3) == 0 {
                let branches = (0..<(1 + random.next(3))).map { _ in pattern(&random, depth: depth - 1) }
                part = (random.next(2) == 0 ? "(" : "(?:") + branches.joined(separator: "|") + ")"
            } else {
                part = atoms[random.next(atoms.count)]
            }
            switch random.next(5) {
            case 0: part += "?"
            case 1:
                let low = random.next(3)
                part += "{\(low),\(low + random.next(4))}"
            default: break
            }
            parts.append(part)
        }
        return parts.joined()
    }

    @Test("random nested patterns: the same match and captures as every start in turn, and ICU's start")
    func randomPatterns() throws {
        var random = Random(state: 0x0BAD_5EED_1234_5678)
        var matches = 0
        var checked = 0
        for _ in 0..<600 {
            let pattern = Self.pattern(&random, depth: 3)
            guard let program = try? PatternMachineTests.program(pattern), program.fixed == nil else { continue }
            checked += 1
            let icu = try NSRegularExpression(pattern: "(?:" + pattern + ")$", options: [.dotMatchesLineSeparators])
            for _ in 0..<40 {
                let text = String((0..<random.next(14)).map { _ in Array("xyxyqp")[random.next(6)] })
                let values = text.unicodeScalars.map(\.value)
                let found = program.machine(values, end: values.count)
                let everyStart = program.machine(values, end: values.count, findingStart: false)
                #expect(found.slots == everyStart.slots, "\(pattern) on \(text)")
                let expected = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count))
                #expect(found.slots?.first == expected.map(\.range.location), "\(pattern) on \(text)")
                if found.slots != nil { matches += 1 }
            }
        }
        #expect(checked > 150)
        #expect(matches > 1_500)
    }

    @Test("every rule of the keyboards that is not fixed-length: the same match and captures as every start in turn")
    func keyboardRules() throws {
        var random = Random(state: 0x7E57_AB1E_0000_0001)
        var rules = 0
        for (name, keyboard) in try CompiledTransformTests.keyboards() {
            let programs = (keyboard.simpleGroups + keyboard.backspaceGroups).flatMap { group -> [PatternProgram] in
                if case .rules(let rules) = group { return rules.rules.map(\.program).filter { $0.fixed == nil } }
                return []
            }
            var alphabet = Set(keyboard.keys.flatMap(\.output))
            for program in programs {
                for set in program.sets { alphabet.formUnion(set.scalarValues(limit: 6)) }
                for instruction in program.code where instruction.operation == .scalar {
                    alphabet.insert(UInt32(instruction.first))
                }
            }
            alphabet.formUnion([0x20, 0x61, 0x300, TextElement.marker(0), TextElement.marker(1)])
            let elements = alphabet.sorted()
            for program in programs {
                rules += 1
                for _ in 0..<40 {
                    let text = (0..<random.next(12)).map { _ in elements[random.next(elements.count)] }
                    let found = program.machine(text, end: text.count)
                    let everyStart = program.machine(text, end: text.count, findingStart: false)
                    #expect(found.slots == everyStart.slots, "\(name): \(text.map { String($0, radix: 16) })")
                }
            }
        }
        // 3 in the repository's fixtures (spec-regex.xml); 9 with ../shared/ldml.
        #expect(rules >= (TestFiles.sharedDataPresent ? 9 : 3), "\(rules) rules checked")
    }

    @Test("nested quantifiers on a long context: the backward reading spares the starts that fail")
    func fewerSteps() throws {
        let program = try PatternMachineTests.program("(?:p|x|(?:x|xy|){0,4}|y){3,6}.")
        let text = Array(String(repeating: "xyq", count: 300).unicodeScalars.map(\.value))
        let found = program.machine(text, end: text.count)
        let everyStart = program.machine(text, end: text.count, findingStart: false)
        #expect(found.slots == everyStart.slots)
        #expect(found.slots != nil)
        #expect(found.steps * 10 < everyStart.steps, "\(found.steps) steps against \(everyStart.steps)")
    }
}
