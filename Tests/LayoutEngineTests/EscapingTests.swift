import Testing

@testable import LayoutEngine

/// The one escaping of text written into JSON and XML by reports, exports and the IBus component.
struct EscapingTests {
    @Test("JSON: quotes, backslashes and control characters escaped; the rest as it is")
    func json() {
        #expect(Escaping.jsonString("a\"b\\c\nd\re\tf") == #""a\"b\\c\nd\re\tf""#)
        #expect(Escaping.jsonString("\u{0}\u{1F}ő😀") == #""\u0000\u001fő😀""#)
    }

    @Test("XML: markup characters escaped, characters XML 1.0 does not allow left out")
    func xml() {
        #expect(Escaping.xml("a<b>&\"c\"") == "a&lt;b&gt;&amp;&quot;c&quot;")
        #expect(Escaping.xml("x\u{0}\u{8}\t\n\r\u{FFFE}y ˝") == "x\t\n\ry ˝")
    }
}
