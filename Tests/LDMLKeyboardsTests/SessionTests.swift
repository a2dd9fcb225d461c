import LDMLKeyboards
import LayoutEngine
import Testing

@testable import LDMLKeyboards

/// The session's Edit contract and the spec's normalization examples.
@Suite("LDML session")
struct SessionTests {
    @Test("a transform replaces text before the caret with one edit (fr-t-k0-test: ` then e)")
    func transformEdit() throws {
        let keyboard = try LDMLLoader.shipped("fr-t-k0-test")
        var session = LDMLSession(keyboard: keyboard)
        #expect(session.press(id: "a") == Edit(deleteCount: 0, insert: "a", effect: .typed))
        _ = session.emit("`")
        let edit = session.press(id: "e")
        #expect(edit.deleteCount == 1 && edit.insert == "è")
        #expect(session.text == "aè")
        let back = session.backspace()
        #expect(back.deleteCount == 1 && back.insert == "e")
        #expect(session.text == "ae")
    }

    @Test("the host's text always equals the session's, on every shipped keyboard, with every gesture")
    func editContract() throws {
        for id in LDMLLoader.shippedIDs {
            let keyboard = try LDMLLoader.shipped(id)
            for hardware in [false, true] {
                var session = LDMLSession(keyboard: keyboard, hardware: hardware)
                var host = TextBuffer()
                var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
                for step in 0..<150 {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let key = Int(seed >> 33) % keyboard.keys.count
                    let gesture: LDMLGesture
                    switch (seed >> 20) % 8 {
                    case 0: gesture = .longPress(Int(seed >> 40) % 4)
                    case 1: gesture = .multiTap(2 + Int(seed >> 40) % 3)
                    case 2: gesture = .flick([.nw, .se].prefix(1 + Int(seed >> 40) % 2).map { $0 })
                    default: gesture = .tap
                    }
                    host.apply((seed >> 10) % 7 == 0 ? session.backspace() : session.press(key, gesture: gesture))
                    #expect(host.scalars.elementsEqual(session.text.unicodeScalars), "\(id) step \(step)")
                    if !host.scalars.elementsEqual(session.text.unicodeScalars) { break }
                }
            }
        }
    }

    /// ä with 40 marks between its a and its ¨ (ccc 220 before 230, so the host composes
    /// them): deleting the ¨ must reach back to the a however many marks stand between
    /// (found by FuzzLDMLTransforms with 32 and more).
    @Test(
        "backspace of a mark composed across a long run of other marks takes it off the letter",
        arguments: [1, 31, 32, 40, 200])
    func longRunOfMarks(marks: Int) throws {
        var session = LDMLSession(keyboard: try LDMLLoader.shipped("fr-t-k0-test"))
        var host = TextBuffer()
        host.apply(session.emit("xa"))
        for _ in 0..<marks { host.apply(session.emit("\u{347}")) }
        host.apply(session.emit("\u{308}"))
        // Scalars, not Strings: String's == is canonical equivalence, blind to a host that
        // holds the text decomposed.
        let marksText = String(repeating: "\u{347}", count: marks)
        #expect(host.scalars == Array(("x\u{E4}" + marksText).unicodeScalars))
        host.apply(session.backspace())
        #expect(host.scalars == Array(("xa" + marksText).unicodeScalars))
        #expect(host.scalars == Array(session.text.unicodeScalars))
    }

    /// A starter that composes with a composite, not with the scalar before it in NFD: the
    /// host gets the NFC letter (Foundation on Linux leaves U+AC00 U+11A8 as it is; NFC is
    /// U+AC01), and backspace takes the last part off again.
    @Test(
        "a starter composing with a composite: Hangul LV + T, Kannada ೊ + ೕ, Oriya େ + ା",
        arguments: [
            (["\u{1100}", "\u{1161}", "\u{11A8}"], "\u{AC01}", "\u{AC00}"),
            (["x", "\u{0CC6}", "\u{0CC2}", "\u{0CD5}"], "x\u{0CCB}", "x\u{0CCA}"),
            (["\u{0B47}", "\u{0B3E}"], "\u{0B4B}", "\u{0B47}"),
        ])
    func compositeComposition(typed: [String], composed: String, afterBackspace: String) throws {
        var session = LDMLSession(keyboard: try LDMLLoader.shipped("fr-t-k0-test"))
        var host = TextBuffer()
        for text in typed { host.apply(session.emit(text)) }
        #expect(host.scalars == Array(composed.unicodeScalars))
        #expect(Array(session.text.unicodeScalars) == Array(composed.unicodeScalars))
        host.apply(session.backspace())
        #expect(host.scalars == Array(afterBackspace.unicodeScalars))
        #expect(host.scalars.elementsEqual(session.text.unicodeScalars))
    }

    @Test("markers stay glued to the next character through NFD (the spec's examples 1b, 2 and 3)")
    func markerNormalization() {
        var markers = MarkerTable()
        let m0 = markers.element(for: "marker0")
        let m1 = markers.element(for: "marker1")
        let m2 = markers.element(for: "marker2")
        let e: UInt32 = 0x65
        let a: UInt32 = 0x61
        #expect(Normalization.nfd([e, 0x300, m0, 0x320]) == [e, m0, 0x320, 0x300])
        #expect(Normalization.nfd([e, m0, 0x300, m1, 0x320, m2]) == [e, m1, 0x320, m0, 0x300, m2])
        #expect(
            Normalization.nfd([e, 0x300, m1, 0x320, a, 0x300, m2, 0x320])
                == [e, m1, 0x320, 0x300, a, m2, 0x320, 0x300])
        #expect(Normalization.nfd([0xE8, m0]) == [e, 0x300, m0])
        #expect(Normalization.nfc([e, 0x320, 0x300]) == [0xE8, 0x320])
    }

    @Test("hardware layers: exact modifier matching, right alt apart from left alt, no layer means no output")
    func hardwareLayers() throws {
        let keyboard = try TestFiles.keyboard(
            """
            <keyboard3 locale="und" conformsTo="45"><info name="t"/><keys/>
              <layers formId="iso">
                <layer modifiers="none"><row keys="a"/></layer>
                <layer modifiers="shift, caps"><row keys="A"/></layer>
                <layer modifiers="altR"><row keys="b"/></layer>
                <layer modifiers="ctrl alt"><row keys="c"/></layer>
              </layers>
            </keyboard3>
            """)
        var session = LDMLSession(keyboard: keyboard, hardware: true)
        #expect(session.pressHardware(scanCode: 0x29, modifiers: []).insert == "a")
        #expect(session.pressHardware(scanCode: 0x29, modifiers: .shift).insert == "A")
        #expect(session.pressHardware(scanCode: 0x29, modifiers: .caps).insert == "A")
        #expect(session.pressHardware(scanCode: 0x29, modifiers: [.shift, .caps]) == .none)
        #expect(session.pressHardware(scanCode: 0x29, modifiers: .altR).insert == "b")
        #expect(session.pressHardware(scanCode: 0x29, modifiers: .altL) == .none)
        #expect(session.pressHardware(scanCode: 0x29, modifiers: [.ctrlR, .altL]).insert == "c")
        #expect(session.pressHardware(scanCode: 0x02, modifiers: []) == .none)
        #expect(session.text == "aAAbc")
    }

    @Test("the touch form for a device width: the widest whose minDeviceWidth fits")
    func touchWidth() throws {
        let keyboard = try TestFiles.keyboard(
            """
            <keyboard3 locale="und" conformsTo="45"><info name="t"/><keys/>
              <layers formId="touch" minDeviceWidth="50"><layer id="base"><row keys="a"/></layer></layers>
              <layers formId="touch" minDeviceWidth="150"><layer id="base"><row keys="b"/></layer></layers>
            </keyboard3>
            """)
        #expect(keyboard.touch(width: 100)?.minDeviceWidth == 50)
        #expect(keyboard.touch(width: 200)?.minDeviceWidth == 150)
        #expect(keyboard.touch(width: 10)?.minDeviceWidth == 50)
    }
}
