import Testing

@testable import LDMLKeyboards

/// The reorder window may start at a scalar no rule matches (a base that starts a run):
/// the order it gives the text from there is the one the 64-element window gives.
@Suite("Reorder window")
struct ReorderWindowTests {
    /// Applies `group`'s permutation from `start` to `text` (the session's way: the text
    /// before `start` keeps its place).
    static func sorted(_ text: [UInt32], group: ReorderGroup, start: Int, changed: Int) -> [UInt32] {
        let window = Array(text[start...])
        let order = group.permutation(of: window, changedFrom: changed - start)
        return Array(text[..<start]) + order.map { window[$0] }
    }

    @Test("bn: random Bengali clusters sort the same from the cut as from 64 back")
    func bengaliWindow() throws {
        let keyboard = try LDMLLoader.shipped("bn")
        let groups = keyboard.simpleGroups.compactMap { group -> ReorderGroup? in
            if case .reorder(let reorder) = group { return reorder }
            return nil
        }
        let group = try #require(groups.first)
        // Consonants, independent vowels, vowel signs, virama, nukta, candrabindu, ZWJ/ZWNJ,
        // digits, space and danda.
        let alphabet: [UInt32] = [
            0x0995, 0x0996, 0x0997, 0x09A4, 0x09A8, 0x09AE, 0x09B0, 0x09B8, 0x0985, 0x0986, 0x09BE, 0x09BF, 0x09C0,
            0x09C1, 0x09C7, 0x09C8, 0x09CB, 0x09CD, 0x09BC, 0x0981, 0x0982, 0x200C, 0x200D, 0x09E6, 0x0020, 0x0964,
            0x09FE, 0x09D7,
        ]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        var cut = 0
        for _ in 0..<3000 {
            var text: [UInt32] = []
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 1 + Int(seed >> 58) + Int((seed >> 40) % 90)
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            let changed = Int(seed >> 20) % text.count
            let start = group.windowStart(text, changed: changed)
            let wide = max(0, changed - 64)
            if start > wide { cut += 1 }
            #expect(
                Self.sorted(text, group: group, start: start, changed: changed)
                    == Self.sorted(text, group: group, start: wide, changed: changed),
                "\(text.map { String($0, radix: 16) }) changed at \(changed)")
        }
        #expect(cut > 1000, "the window was cut in \(cut) of 3,000 texts")
    }
}
