import Foundation
import Testing

@testable import LDMLKeyboards

/// `ReorderGroup.reordering` leaves runs already in order as they are and finds the first
/// rule at a scalar from its interval: it must give the order the whole-window sort of every
/// run gives (`Reference`, written from the spec's steps, trying every rule at every place).
@Suite("Reorder: runs already in order")
struct ReorderOrderedRunTests {
    /// The whole-window sort, as the session did it before runs in order were skipped.
    enum Reference {
        struct Key {
            var primary = 0
            var secondary = 0
            var tertiary = 0
            var quaternary = 0
            var isBase = true
            var preBase = false
            var tertiaryBase = false
        }

        /// The rule at `first` with the attributes it leaves out from the later rules of the
        /// same lengths that match at `position` too.
        static func merged(_ rules: [ReorderRule], _ first: Int, _ text: [UInt32], _ position: Int) -> ReorderRule {
            var rule = rules[first]
            for other in rules[(first + 1)...]
            where other.from.count == rule.from.count && other.before.count == rule.before.count
                && other.matches(text, at: position)
            {
                if rule.order.isEmpty { rule.order = other.order }
                if rule.tertiary.isEmpty { rule.tertiary = other.tertiary }
                if rule.tertiaryBase.isEmpty { rule.tertiaryBase = other.tertiaryBase }
                if rule.preBase.isEmpty { rule.preBase = other.preBase }
            }
            return rule
        }

        static func permutation(_ group: ReorderGroup, _ text: [UInt32], changed: Int) -> [Int] {
            let rules = group.rules
            var keys = [Key](repeating: Key(), count: text.count)
            var position = 0
            while position < text.count {
                guard let first = rules.indices.first(where: { rules[$0].matches(text, at: position) }) else {
                    position += 1
                    continue
                }
                let rule = merged(rules, first, text, position)
                for offset in rule.from.indices {
                    func pick<T>(_ list: [T], _ fallback: T) -> T {
                        list.isEmpty ? fallback : list[min(offset, list.count - 1)]
                    }
                    let order = pick(rule.order, 0)
                    let tertiary = pick(rule.tertiary, 0)
                    keys[position + offset] = Key(
                        primary: order, tertiary: tertiary, isBase: order == 0 && tertiary == 0,
                        preBase: pick(rule.preBase, false) && tertiary == 0,
                        tertiaryBase: pick(rule.tertiaryBase, false))
                }
                position += rule.from.count
            }
            var lastBase = (primary: 0, index: 0)
            for index in keys.indices {
                if keys[index].tertiary != 0 {
                    keys[index].primary = lastBase.primary
                    keys[index].secondary = lastBase.index
                } else {
                    keys[index].secondary = index
                    if keys[index].tertiaryBase || keys[index].primary == 0 {
                        lastBase = (keys[index].primary, index)
                    }
                }
                keys[index].quaternary = index
            }
            var runStarts: [Int] = []
            var sawBase = false
            var sawPreBase = false
            for index in keys.indices {
                if keys[index].preBase || keys[index].isBase {
                    if sawBase || index == 0 || !sawPreBase {
                        runStarts.append(index)
                        sawBase = false
                        sawPreBase = false
                    }
                    if keys[index].preBase { sawPreBase = true } else { sawBase = true }
                } else if index == 0 {
                    runStarts.append(index)
                }
            }
            let firstSorted = runStarts.last(where: { $0 <= changed }) ?? 0
            var result = Array(text.indices)
            for (number, start) in runStarts.enumerated() where start >= firstSorted {
                let end = number + 1 < runStarts.count ? runStarts[number + 1] : text.count
                result.replaceSubrange(
                    start..<end,
                    with: (start..<end).sorted { left, right in
                        let a = keys[left]
                        let b = keys[right]
                        return (a.primary, a.secondary, a.tertiary, a.quaternary)
                            < (b.primary, b.secondary, b.tertiary, b.quaternary)
                    })
            }
            return result
        }
    }

    /// The reorder groups of a keyboard.
    static func groups(_ keyboard: LDMLKeyboard) -> [ReorderGroup] {
        (keyboard.simpleGroups + keyboard.backspaceGroups).compactMap { group in
            if case .reorder(let reorder) = group { return reorder }
            return nil
        }
    }

    /// Scalars the group's rules name (each range's ends and middle), with a few no rule
    /// names: the alphabet random texts are drawn from.
    static func alphabet(_ group: ReorderGroup) -> [UInt32] {
        var values: Set<UInt32> = [0x61, 0x20, 0x300]
        for rule in group.rules {
            for element in rule.from + rule.before {
                for range in element.ranges.prefix(12) {
                    values.formUnion([range.lowerBound, range.upperBound, range.lowerBound / 2 + range.upperBound / 2])
                }
            }
        }
        return values.sorted()
    }

    /// Compares `reordering` with the reference on random texts from `alphabet`: runs of up
    /// to 130 scalars, changed anywhere; returns how many texts moved.
    static func compare(_ group: ReorderGroup, alphabet: [UInt32], texts: Int, seed start: UInt64) -> Int {
        var seed = start
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        var moved = 0
        for _ in 0..<texts {
            let length = 1 + next() % 130
            // Long stretches of one scalar (a run of marks of one weight) as well as mixed ones.
            var text: [UInt32] = []
            while text.count < length {
                let value = alphabet[next() % alphabet.count]
                text += Array(repeating: value, count: next() % 4 == 0 ? 1 + next() % 40 : 1)
            }
            text = Array(text.prefix(length))
            let changed = next() % (text.count + 1)
            let expected = Reference.permutation(group, text, changed: changed)
            let found = group.reordering(of: text, changedFrom: changed)
            if found != nil { moved += 1 }
            #expect(
                (found ?? Array(text.indices)) == expected,
                "\(text.map { String($0, radix: 16) }) changed at \(changed)")
            #expect(found != Array(text.indices), "nothing moves, yet an order was given")
        }
        return moved
    }

    @Test("the shipped CLDR keyboards' reorder groups: the same order as the whole-window sort")
    func shippedKeyboards() throws {
        var groupsSeen = 0
        for id in LDMLLoader.shippedIDs {
            for group in Self.groups(try LDMLLoader.shipped(id)) {
                groupsSeen += 1
                let moved = Self.compare(group, alphabet: Self.alphabet(group), texts: 1500, seed: UInt64(groupsSeen))
                #expect(moved > 50, "\(id): only \(moved) of 1,500 texts moved")
            }
        }
        #expect(groupsSeen >= 2)
    }

    @Test("the spec's reorder fixtures (prebase, before, merged rules)")
    func specFixtures() throws {
        for name in ["spec-reorder.xml", "spec-reorder-merge.xml"] {
            for group in Self.groups(try TestFiles.fixture(name)) {
                _ = Self.compare(group, alphabet: Self.alphabet(group), texts: 1500, seed: 7)
            }
        }
    }

    @Test("the fuzz template's group: long runs of marks of one weight, then a change")
    func markRuns() throws {
        let keyboard = try TestFiles.keyboard(
            """
            <keyboard3 locale="und" conformsTo="45"><info name="t"/>
            <keys><key id="m" output="\\m{m}"/></keys>
            <layers formId="touch"><layer id="base"><row keys="a m"/></layer></layers>
            <transforms type="simple">
            <transformGroup><reorder from="[\\u{300}-\\u{36F}]" order="10"/><reorder before="b" from="c" order="-1"/></transformGroup>
            </transforms></keyboard3>
            """)
        let group = try #require(Self.groups(keyboard).first)
        // Marks (one weight: they stay in typing order), bases, and b then c (c goes first).
        let alphabet: [UInt32] = [0x300, 0x301, 0x316, 0x327, 0x345, 0x36F, 0x61, 0x62, 0x63, 0x62, 0x63, 0x20]
        let moved = Self.compare(group, alphabet: alphabet, texts: 3000, seed: 11)
        #expect(moved > 100, "only \(moved) of 3,000 texts moved")
    }

    @Test("tertiary marks after marks of their base's weight, prebase characters")
    func tertiaryAndPreBase() throws {
        let keyboard = try TestFiles.keyboard(
            """
            <keyboard3 locale="und" conformsTo="45"><info name="t"/>
            <keys><key id="m" output="\\m{m}"/></keys>
            <layers formId="touch"><layer id="base"><row keys="a m"/></layer></layers>
            <transforms type="simple">
            <transformGroup><reorder from="[\\u{300}-\\u{36F}]" order="10"/><reorder from="\\u{1DC0}" tertiary="1"/>
            <reorder from="\\u{1DC1}" order="10" tertiaryBase="true"/><reorder from="\\u{1031}" preBase="1"/>
            <reorder before="b" from="c" order="-1"/></transformGroup>
            </transforms></keyboard3>
            """)
        let group = try #require(Self.groups(keyboard).first)
        // A tertiary mark after a mark of its tertiary base's weight sorts before it.
        let alphabet: [UInt32] = [0x300, 0x301, 0x1DC0, 0x1DC1, 0x1031, 0x61, 0x62, 0x63]
        let moved = Self.compare(group, alphabet: alphabet, texts: 3000, seed: 13)
        #expect(moved > 100, "only \(moved) of 3,000 texts moved")
    }
}
