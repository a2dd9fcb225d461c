import Foundation
import LDMLKeyboards
import LayoutEngine
import Testing

/// A CLDR keyboard as a `Layout` that types like the keyboard: a `TypingSession` on
/// `typingLayout` hands its keys to an `LDMLSession`, so transforms, reorders and backspace
/// transforms run where the simulator, key scripts and input methods type.
@Suite("LDML typing layout")
struct TypingLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let keyboard: String
        let hardware: Bool
        let keys: [String]
        let text: String
        var testDescription: String {
            "\(keyboard)\(hardware ? "(hardware)" : ""): \(keys.joined(separator: " ")) → \(text)"
        }
    }

    static let cases: [Case] = [
        Case(keyboard: "fr-t-k0-test", hardware: true, keys: ["^", "e"], text: "ê"),
        Case(keyboard: "fr-t-k0-test", hardware: true, keys: ["^", "a", "^", "o"], text: "âô"),
        Case(keyboard: "fr-t-k0-test", hardware: true, keys: ["^", "e", "bksp"], text: "e"),
        Case(keyboard: "fr-t-k0-test", hardware: true, keys: ["a", "z", "e"], text: "aze"),
        Case(keyboard: "fr-t-k0-test", hardware: false, keys: ["a", "z", "e"], text: "aze"),
    ]

    static func layout(_ name: String, hardware: Bool) throws -> (LDMLKeyboard, Layout) {
        let keyboard = try LDMLLoader.load(contentsOf: TestFiles.shippedCLDR + "/3.0/\(name).xml")
        return (keyboard, try keyboard.typingLayout(id: name, hardware: hardware))
    }

    @Test(arguments: cases)
    func types(_ testCase: Case) throws {
        let (_, layout) = try Self.layout(testCase.keyboard, hardware: testCase.hardware)
        var session = TypingSession(layout: layout)
        var host = TextBuffer()
        for name in testCase.keys {
            let key = try #require(
                layout.keys.indices.first {
                    layout.keys[$0].layer == session.visibleLayer
                        && (layout.keys[$0].label == name || (name == "bksp" && layout.keys[$0].action == .backspace))
                }, "no key \(name)")
            host.apply(session.handle(.tap(KeyID(key))))
        }
        #expect(host.text == testCase.text)
    }

    /// Every pair of the base layer's keys types through the layout's session exactly what the
    /// keyboard's own session types for the same events.
    @Test(arguments: ["fr-t-k0-test", "mt"], [false, true])
    func typesAsTheKeyboard(_ name: String, hardware: Bool) throws {
        let (keyboard, layout) = try Self.layout(name, hardware: hardware)
        let keys = layout.layers[layout.baseLayer].rows.joined().filter { id in
            switch layout.keys[id.rawValue].action {
            case .text, .space, .backspace: true
            default: false
            }
        }
        let usesHardware = hardware ? keyboard.hardware != nil : keyboard.touch() == nil
        var compared = 0
        for first in keys {
            for second in keys {
                var session = TypingSession(layout: layout)
                var own = LDMLSession(keyboard: keyboard, hardware: usesHardware)
                var viaLayout = TextBuffer()
                var direct = TextBuffer()
                for key in [first, second, first] {
                    viaLayout.apply(session.handle(.tap(key)))
                    direct.apply(own.handle(.tap(key), on: layout.withoutPeer()))
                }
                #expect(viaLayout.text == direct.text, "\(first) \(second) \(first)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    /// The keyboard's edits delete what the host holds: text given in NFD loses as many of the
    /// host's scalars as the keyboard meant graphemes (found by FuzzTypingSession).
    @Test(arguments: ["e\u{302}", "\u{EA}"])
    func editsDeleteTheHostsOwnScalars(_ pasted: String) throws {
        let (_, layout) = try Self.layout("fr-t-k0-test", hardware: true)
        var session = TypingSession(layout: layout)
        session.setContext("x" + pasted)
        var host = TextBuffer("x" + pasted)
        let backspace = try #require(layout.keys.indices.first { layout.keys[$0].action == .backspace })
        host.apply(session.handle(.tap(KeyID(backspace))))
        #expect(host.text.precomposedStringWithCanonicalMapping == "xe", "\(host.text.unicodeScalars.map(\.value))")
        #expect(session.invariantViolations().isEmpty, "\(session.invariantViolations())")
        host.apply(session.handle(.tap(KeyID(backspace))))
        #expect(host.text == "x")
    }
}
