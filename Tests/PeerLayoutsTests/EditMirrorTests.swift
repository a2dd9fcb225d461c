import Testing

@testable import PeerLayouts

/// What a Keyman or m17n backspace deletes: the mirror's last grapheme.
struct EditMirrorTests {
    @Test(
        "the last grapheme of the peer's text, however far back its start is decided",
        arguments: [
            ("a" + String(repeating: "🇭🇺", count: 20) + "\u{1F1E8}", 1),
            ("a" + String(repeating: "🇭🇺", count: 20), 2),
            ("\u{600}a", 2),  // an Arabic number sign (Prepend) joins the letter after it
            ("x👩‍👩‍👧" + String(repeating: "\u{981}", count: 40), 45),
            ("ab", 1),
            ("", 0),
        ])
    func lastGrapheme(_ text: String, _ length: Int) {
        var mirror = EditMirror()
        mirror.reset(text)
        #expect(mirror.lastGraphemeLength == length)
    }
}
