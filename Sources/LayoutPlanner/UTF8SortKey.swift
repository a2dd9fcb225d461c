/// A string's UTF-8 bytes as big-endian 8-byte words, compared as the bytes are: the key
/// `Productions.utf8Order` sorts by, made once a string. Comparing `String.UTF8View`s went
/// byte by byte through a generic iterator at every comparison, which took a third of the
/// planner's start-up on bn (17,000 graphemes, three bytes a scalar).
///
/// ```swift
/// UTF8SortKey("e\u{301}") < UTF8SortKey("é")   // true: 0x65 before 0xC3
/// ```
package struct UTF8SortKey: Comparable {
    /// The first 8 bytes, the first in the highest byte, zeros after the end.
    private let head: UInt64
    /// The words of the bytes after the first 8, as `head`.
    private let tail: [UInt64]
    /// The number of bytes: of two strings whose words are equal (one padded with zeros),
    /// the shorter comes first.
    private let count: Int

    /// The key of `text`.
    package init(_ text: String) {
        var words: [UInt64] = []
        var word: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            word |= UInt64(byte) << (56 - 8 * UInt64(count % 8))
            count += 1
            if count % 8 == 0 {
                words.append(word)
                word = 0
            }
        }
        if count % 8 != 0 { words.append(word) }
        head = words.first ?? 0
        tail = Array(words.dropFirst())
        self.count = count
    }

    /// Whether `left`'s bytes come before `right`'s.
    package static func < (left: UTF8SortKey, right: UTF8SortKey) -> Bool {
        if left.head != right.head { return left.head < right.head }
        for (a, b) in zip(left.tail, right.tail) where a != b { return a < b }
        if left.tail.count != right.tail.count { return left.tail.count < right.tail.count }
        return left.count < right.count
    }
}
