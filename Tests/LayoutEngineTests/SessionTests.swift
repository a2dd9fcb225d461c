import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// Session state: shift, caps lock, layers, and robustness against any event.
struct SessionTests {
    @Test("shift is one-shot; a second press locks capitals; a third releases")
    func shiftCycle() {
        let layout = Shipped.layout("hu-touch")
        var session = TypingSession(layout: layout)
        let shift = KeyNames.key(named: "⇧", on: layout.baseLayer, in: layout)!
        #expect(session.state.shift == .off && session.visibleLayer == layout.baseLayer)
        _ = session.handle(.tap(shift))
        #expect(session.state.shift == .once && session.visibleLayer == layout.shiftLayer)
        _ = session.handle(.tap(shift))
        #expect(session.state.shift == .locked)
        _ = session.handle(.tap(shift))
        #expect(session.state.shift == .off)
    }

    @Test("layer keys switch layers; one-shot shift does not survive a switch, caps lock does")
    func layers() {
        let layout = Shipped.layout("hu-touch")
        var typist = Typist(layout)
        typist.type("⇧ 123")
        #expect(typist.session.state == SessionState(layer: layout.layerIndex("numbers")!, shift: .off))
        typist.type("#+= 123 ABC ⇧ ⇧ 123")
        #expect(typist.session.state == SessionState(layer: layout.layerIndex("numbers")!, shift: .locked))
        typist.type("ABC a")
        #expect(typist.text == "A")
    }

    @Test("events naming keys or alternates the layout lacks change nothing")
    func invalidEvents() {
        let layout = Shipped.layout("hu-touch")
        var session = TypingSession(layout: layout)
        session.setContext("á")
        let before = session.context
        #expect(session.handle(.tap(KeyID(-1))) == .none)
        #expect(session.handle(.tap(KeyID(layout.keys.count))) == .none)
        #expect(session.handle(.longPress(KeyID(Int.max))) == .none)
        let q = KeyNames.key(named: "q", on: layout.baseLayer, in: layout)!
        #expect(session.handle(.longPress(q)) == .none, "q has no alternates")
        let o = KeyNames.key(named: "o", on: layout.baseLayer, in: layout)!
        #expect(session.handle(.longPress(o, alternate: 99)) == .none)
        #expect(session.context == before)
        #expect(session.setState(SessionState(layer: 99)) == ())
        #expect(session.state.layer == layout.baseLayer)
    }

    @Test(
        "random key streams: the host's text always equals the session's, and the context stays NFD",
        arguments: Shipped.ids)
    func randomStreams(_ id: String) {
        let layout = Shipped.layout(id)
        var generator = SplitMix64(seed: 0x5eed)
        for round in 0..<40 {
            var session = TypingSession(layout: layout, backspacePolicy: round % 4 == 3 ? .grapheme : nil)
            var buffer = TextBuffer()
            if round % 5 == 0 {
                let pasted = ["Győr ", "a\u{301}", "ǘ", "👩‍👩‍👧", "\u{301}", "x\r\n", "한글", "שלום", "\u{0}", "\u{FFFD}"]
                let text = pasted[Int(generator.next() % UInt64(pasted.count))]
                session.setContext(text)
                buffer = TextBuffer(text.precomposedForm)
            }
            for _ in 0..<120 {
                let visible = layout.layers[session.visibleLayer].rows.joined().map { $0 }
                let key = visible[Int(generator.next() % UInt64(visible.count))]
                let alternates = layout.keys[key.rawValue].longPress.count
                let event: KeyEvent =
                    generator.next() % 6 == 0 && alternates > 0
                    ? .longPress(key, alternate: Int(generator.next() % UInt64(alternates))) : .tap(key)
                buffer.apply(session.handle(event))
                #expect(session.invariantViolations().isEmpty, "\(id) round \(round)")
            }
            #expect(scalars(buffer.text) == scalars(session.text), "\(id) round \(round)")
        }
    }
}

extension SessionTests {
    @Test("the session's text is NFC exactly, also for pasted Hangul jamo and stacked marks")
    func textIsNFC() {
        var session = TypingSession(layout: Shipped.layout("hu-touch"))
        for text in ["\u{1100}\u{1161}\u{11A8}", "a\u{301}\u{323}", "e\u{327}\u{301}x", "한국어 Győr", "ǘ\u{30B}"] {
            session.setContext(text)
            #expect(scalars(session.text) == scalars(text.precomposedStringWithCanonicalMapping), "\(text)")
        }
    }
}
