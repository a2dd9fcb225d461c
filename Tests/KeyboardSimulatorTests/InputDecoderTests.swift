import KeyboardSimulator
import Testing

/// Terminal bytes to input events: split reads, escape sequences, mouse, paste.
struct InputDecoderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let expected: [InputEvent]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "letters in one run", bytes: Array("ab;".utf8), expected: [.text("ab;")]),
        Case(name: "Ctrl-C is a byte in raw mode", bytes: [0x61, 0x03], expected: [.text("a"), .interrupt]),
        Case(name: "DEL and BS are backspace", bytes: [0x7F, 0x08], expected: [.backspace, .backspace]),
        Case(name: "CR is enter, tab is tab", bytes: [0x0D, 0x09], expected: [.enter, .tab]),
        Case(
            name: "Ctrl-L redraws, Ctrl-Z suspends, other control bytes are dropped",
            bytes: [0x0C, 0x61, 0x1A, 0x01, 0x1C, 0x62], expected: [.redraw, .text("a"), .suspend, .text("b")]),
        Case(name: "arrows, CSI and SS3", bytes: Array("\u{1B}[D\u{1B}OC".utf8), expected: [.arrowLeft, .arrowRight]),
        Case(
            name: "unknown CSI sequences are ignored", bytes: Array("\u{1B}[15~x\u{1B}[1;5Py".utf8),
            expected: [.text("x"), .text("y")]),
        Case(name: "Alt+key is ignored", bytes: Array("\u{1B}xa".utf8), expected: [.text("a")]),
        Case(
            name: "SGR mouse press and release", bytes: Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m".utf8),
            expected: [
                .mouse(MouseEvent(.press, column: 9, line: 4)), .mouse(MouseEvent(.release, column: 9, line: 4)),
            ]),
        Case(
            name: "SGR mouse drag", bytes: Array("\u{1B}[<32;12;6M".utf8),
            expected: [.mouse(MouseEvent(.drag, column: 11, line: 5))]),
        Case(
            name: "wheel is other", bytes: Array("\u{1B}[<64;1;1M".utf8),
            expected: [.mouse(MouseEvent(.other, column: 0, line: 0))]),
        Case(
            name: "a mouse report with a number too long to hold is dropped, not a crash",
            bytes: Array("\u{1B}[<0;99999999999999999999999;5Mx\u{1B}[<0;1:;5My".utf8),
            expected: [.text("x"), .text("y")]),
        Case(
            name: "bracketed paste keeps control bytes as text", bytes: Array("\u{1B}[200~Győr\r\nő\u{1B}[201~".utf8),
            expected: [.paste("Győr\nő")]),
        Case(name: "invalid UTF-8 is dropped", bytes: [0x61, 0xFF, 0xC3, 0x41, 0x62], expected: [.text("aAb")]),
        Case(
            name: "a lead byte without its continuation leaves the ESC after it to start a sequence",
            bytes: [0xC3, 0x1B, 0x5B, 0x41, 0x62, 0xE2, 0x82, 0x0D], expected: [.arrowUp, .text("b"), .enter]),
        Case(
            name: "a pasted CR CR LF is two line breaks, not CR LF",
            bytes: Array("\u{1B}[200~a\r\r\nb\r".utf8) + [0xFF] + Array("\r\nc\u{1B}[201~".utf8),
            expected: [.paste("a\n\nb\n\nc")]),
        Case(
            name: "C1 control characters are not typed text", bytes: Array("a\u{85}b\u{9B}c".utf8),
            expected: [.text("abc")]),
        Case(
            name: "a mouse report with a 0 coordinate is dropped", bytes: Array("\u{1B}[<0;0;5Mx\u{1B}[<0;3;0My".utf8),
            expected: [.text("x"), .text("y")]),
        Case(
            name: "a control sequence longer than 64 bytes is dropped to its final byte",
            bytes: Array(
                ("\u{1B}[" + String(repeating: "1;", count: 40) + "Ax\u{1B}[" + String(repeating: "9", count: 64) + "Cy")
                    .utf8),
            expected: [.text("x"), .arrowRight, .text("y")]),
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: Case) {
        var decoder = InputDecoder()
        #expect(decoder.feed(testCase.bytes) == testCase.expected)
        #expect(!decoder.hasPending)
    }

    @Test("every split of a byte stream decodes to the same events")
    func splitsAnywhere() {
        let bytes = Array("ő\u{1B}[<0;3;4Ma\u{1B}[200~x\u{1B}[201~€\u{1B}[A😀".utf8)
        var whole = InputDecoder()
        let expected = whole.feed(bytes)
        #expect(
            expected == [
                .text("ő"), .mouse(MouseEvent(.press, column: 2, line: 3)), .text("a"), .paste("x"), .text("€"),
                .arrowUp, .text("😀"),
            ])
        for split in 1..<bytes.count {
            var decoder = InputDecoder()
            let events = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(events == expected, "split at \(split)")
        }
    }

    @Test("a control sequence too long to parse is dropped whole wherever the reads split it")
    func longSequenceSplit() {
        let bytes = Array(("a\u{1B}[<" + String(repeating: "0", count: 90) + ";1;1Mb").utf8)
        for split in 1..<bytes.count {
            var decoder = InputDecoder()
            let events = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(
                events.compactMap { if case .text(let t) = $0 { t } else { nil } }.joined() == "ab", "split at \(split)"
            )
            #expect(events.allSatisfy { if case .text = $0 { true } else { false } }, "split at \(split)")
        }
    }

    @Test("a UTF-8 character split byte by byte arrives whole")
    func utf8ByteByByte() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in "ű".utf8 { events += decoder.feed([byte]) }
        #expect(events == [.text("ű")])
    }

    @Test("a lone ESC waits, then is Escape when nothing follows")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test("an incomplete sequence that never completes is dropped on flush")
    func incompleteDropped() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[<0;1".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("a".utf8)) == [.text("a")])
    }
}
