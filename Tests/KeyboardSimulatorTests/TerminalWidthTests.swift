import KeyboardSimulator
import Testing

/// Columns per grapheme as a terminal's `wcwidth` gives them scalar by scalar.
struct TerminalWidthTests {
    @Test(
        "a grapheme takes the columns its scalars take in a terminal",
        arguments: [
            ("a", 1), ("é", 1), ("e\u{301}\u{323}", 1), ("ő", 1), ("漢", 2), ("한", 2), ("\u{1100}\u{1161}", 2),
            ("😀", 2), ("👩‍👩‍👧", 2), ("আ", 1), ("\u{9BF}", 1), ("মি", 2), ("কৌ", 2), ("ক্ষ", 2), ("হ্\u{200C}", 1),
            ("नि", 2), ("\r\n", 1), ("🇭🇺", 2),
        ])
    func width(_ text: String, _ columns: Int) {
        #expect(text.count == 1, "one grapheme")
        #expect(TerminalWidth.width(of: Character(text)) == columns)
    }

    @Test("a string's columns add up its graphemes'")
    func string() {
        #expect(TerminalWidth.width(of: "আমি বাংলায়") == 10, "glibc wcwidth gives 10")
        #expect(TerminalWidth.width(of: "Győr 漢字") == 9)
    }

    @Test("the canvas gives a grapheme the columns the terminal draws it in, so what follows stays in place")
    func canvas() {
        var canvas = Canvas(columns: 12, lines: 1)
        #expect(canvas.put("আমি|", column: 0, line: 0) == 4)
        #expect(canvas.put("x", column: 11, line: 0) == 1)
        let line = canvas.render(color: false)[0]
        #expect(line == "আমি|       x")
        #expect(TerminalWidth.width(of: line) == 12)
        #expect(canvas.put("মি", column: 11, line: 0) == 0, "two columns do not fit in the last one")
    }
}
