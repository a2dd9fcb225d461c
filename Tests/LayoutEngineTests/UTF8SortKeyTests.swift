import Testing

@testable import LayoutEngine

/// `UTF8SortKey` orders strings as their UTF-8 bytes do (the order the planner's productions
/// are made in, which breaks ties between ways of equal cost).
struct UTF8SortKeyTests {
    @Test("the order of the UTF-8 bytes, at the edges of the 8-byte words too")
    func order() {
        var texts = [
            "", "a", "a\u{0}", "a\u{0}\u{0}", "ab", "abcdefgh", "abcdefgh\u{0}", "abcdefghi", "abcdefgi",
            "abcdefghabcdefgh", "abcdefghabcdefgh\u{0}", "abcdefghabcdefghz", "é", "e\u{301}", "প্রা", "প্র", "\u{1F600}",
            "\u{10FFFF}", "ÿ",
        ]
        // Texts of 0 to 12 characters from a small alphabet, picked by a fixed sequence.
        let alphabet: [Character] = ["a", "\u{0}", "é", "প", "্", "\u{1F600}", "z"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<300 {
            texts.append(String((0..<next(13)).map { _ in alphabet[next(alphabet.count)] }))
        }
        for left in texts {
            for right in texts {
                #expect(
                    (UTF8SortKey(left) < UTF8SortKey(right)) == left.utf8.lexicographicallyPrecedes(right.utf8),
                    "\(left.debugDescription) \(right.debugDescription)")
            }
        }
    }
}
