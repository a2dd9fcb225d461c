import Foundation
import LDMLKeyboards
import LayoutEngine
import Testing

@testable import LDMLKeyboards

/// The session's shortcuts agree with the general engine: fixed-length patterns matched by
/// position bitmaps give the backtracking machine's captures, and keys the key plan lets
/// skip the transforms give the same edits as typing them through the transforms.
@Suite("Compiled transforms")
struct CompiledTransformTests {
    /// The shipped keyboards, the fixtures and (when present) every shared keyboard.
    static func keyboards() throws -> [(String, LDMLKeyboard)] {
        var result = try LDMLLoader.shippedIDs.map { ($0, try LDMLLoader.shipped($0)) }
        var paths = TestFiles.files(in: TestFiles.fixtures).filter { !$0.hasSuffix("-test.xml") }
        if TestFiles.sharedDataPresent {
            paths += TestFiles.files(in: TestFiles.shared + "/keyman-tests/keyboards").filter {
                !$0.hasSuffix("-test.xml")
            }
        }
        for path in paths {
            if let keyboard = LDMLLoader.read(path: path).keyboard {
                result.append(((path as NSString).lastPathComponent, keyboard))
            }
        }
        return result
    }

    /// A reproducible stream of numbers.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    @Test("fixed-length patterns match exactly where the backtracking machine does, with its captures")
    func fixedPatternsAgree() throws {
        var checkedRules = 0
        for (name, keyboard) in try Self.keyboards() {
            let programs = (keyboard.simpleGroups + keyboard.backspaceGroups).flatMap { group -> [PatternProgram] in
                if case .rules(let rules) = group { return rules.rules.map(\.program) }
                return []
            }
            // Elements the rules and keys use, plus markers and a few strangers.
            var alphabet = Set(keyboard.keys.flatMap(\.output))
            for program in programs {
                for set in program.fixed?.sets ?? [] { alphabet.formUnion(set.scalarValues(limit: 6)) }
            }
            alphabet.formUnion([0x20, 0x61, 0x300, 0x320, 0x1A60, TextElement.marker(0), TextElement.marker(1)])
            let elements = alphabet.sorted()
            var random = Random(state: 0x5DEE_CE66_D1CE_4E5B)
            for program in programs {
                guard let fixed = program.fixed else { continue }
                checkedRules += 1
                for _ in 0..<60 {
                    var text = (0..<random.next(9)).map { _ in elements[random.next(elements.count)] }
                    // Often end with something the pattern's own sets hold, so that matches occur.
                    if random.next(2) == 0 {
                        let tail = fixed.sets.map { set in
                            let values = set.scalarValues(limit: 4)
                            guard !values.isEmpty else { return elements[random.next(elements.count)] }
                            return values[random.next(values.count)]
                        }
                        text += tail.suffix(1 + random.next(tail.count))
                    }
                    let fast = program.match(text, end: text.count)
                    let machine = program.matchWithMachine(text, end: text.count)
                    #expect(fast == machine, "\(name): \(text.map { String($0, radix: 16) })")
                }
            }
        }
        // 88 in the repository's own keyboards and fixtures; hundreds more with ../shared/ldml.
        #expect(checkedRules >= (TestFiles.sharedDataPresent ? 100 : 80), "\(checkedRules) rules checked")
    }

    @Test("the words of scalars after which a rule may match agree with asking scalar by scalar")
    func previousWordsAgree() throws {
        var checked = 0
        for (name, keyboard) in try Self.keyboards() {
            for case .rules(let group) in keyboard.simpleGroups + keyboard.backspaceGroups where group.rules.count <= 64
            {
                for last in Set(keyboard.keys.compactMap(\.output.last)) where last < 0x800 {
                    let words = group.previousWords(endingWith: last)
                    for previous in UInt32(0)..<0x800 {
                        let expected = group.candidates(endingWith: last, after: previous) != 0
                        let bit = words[Int(previous >> 6)] & (1 << UInt64(previous & 63)) != 0
                        if bit != expected { Issue.record("\(name): \(last) after \(previous)") }
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 50)
    }

    @Test("keys that skip the transforms, and edits computed the quick way, agree with the general way")
    func shortcutsAgree() throws {
        let texts = ["", "e\u{301}", "a\u{0320}", "\u{1A21}\u{1A6B}", "x ", "`", "^"]
        let emitted = ["à", "e\u{301}", "o\u{308}\u{332}", "`", "\u{301}", "ǖ", "A\u{30A}", "\u{1A60}\u{1A45}", " "]
        for (name, keyboard) in try Self.keyboards() {
            for hardware in [false, true] {
                var fast = LDMLSession(keyboard: keyboard, hardware: hardware)
                var slow = fast
                slow.plan = KeyPlan(keyboard: keyboard, layerSet: slow.layerSet, shortcuts: false)
                slow.scratch.quickEdits = false
                var random = Random(state: 0x2545_F491_4F6C_DD1D)
                for step in 0..<300 {
                    let action = random.next(40)
                    let fastEdit: Edit
                    let slowEdit: Edit
                    if action == 0 {
                        let text = texts[random.next(texts.count)]
                        fast.setContext(text)
                        slow.setContext(text)
                        continue
                    } else if action < 4 {
                        fastEdit = fast.backspace()
                        slowEdit = slow.backspace()
                    } else if action < 8 {
                        let text = emitted[random.next(emitted.count)]
                        fastEdit = fast.emit(text)
                        slowEdit = slow.emit(text)
                    } else {
                        let key = random.next(keyboard.keys.count)
                        fastEdit = fast.press(key)
                        slowEdit = slow.press(key)
                    }
                    #expect(fastEdit == slowEdit, "\(name) step \(step)")
                    #expect(fast.context == slow.context, "\(name) step \(step)")
                    #expect(fast.layer == slow.layer, "\(name) step \(step)")
                }
            }
        }
    }
}

/// A `from` written again in one keyboard is compiled once: the keyboard types as one whose
/// backspace patterns are written another way (each in a non-capturing group), so that no
/// pattern is written twice.
@Suite("Patterns written again")
struct RepeatedPatternTests {
    static func keyboard(backspaceFrom: String) throws -> LDMLKeyboard {
        try TestFiles.keyboard(
            """
            <keyboard3 locale="und" conformsTo="45"><info name="t"/>
            <keys><key id="m" output="\\m{m}"/><key id="n" output="\\m{n}b"/></keys>
            <layers formId="touch"><layer id="base"><row keys="a b c m n"/></layer></layers>
            <transforms type="simple">
            <transformGroup><transform from="\\m{m}(a|b)c" to="\\m{m}$1c"/><transform from="b\\m{n}a" to="x"/></transformGroup>
            </transforms>
            <transforms type="backspace"><transformGroup><transform from="\(backspaceFrom)"/>
            <transform from="\(backspaceFrom == "\\m{m}(a|b)c" ? "b\\m{n}a" : "(?:b\\m{n}a)")"/></transformGroup></transforms>
            </keyboard3>
            """)
    }

    @Test("the same edits as with the pattern written another way")
    func sameEdits() throws {
        let repeated = try Self.keyboard(backspaceFrom: "\\m{m}(a|b)c")
        let other = try Self.keyboard(backspaceFrom: "(?:\\m{m}(a|b)c)")
        var random = CompiledTransformTests.Random(state: 17)
        var matched = 0
        for _ in 0..<1000 {
            var first = LDMLSession(keyboard: repeated)
            var second = LDMLSession(keyboard: other)
            for _ in 0..<12 {
                let pick = random.next(6)
                if pick == 5 {
                    let edit = first.backspace()
                    if edit.deleteCount > 1 { matched += 1 }
                    #expect(edit == second.backspace())
                } else {
                    let id = ["a", "b", "c", "m", "n"][pick]
                    #expect(first.press(id: id) == second.press(id: id))
                }
                #expect(first.text == second.text)
                #expect(first.contextMarkers == second.contextMarkers)
            }
        }
        #expect(matched > 10, "the backspace transform matched \(matched) times")
    }
}
