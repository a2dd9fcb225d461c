import Foundation
import LDMLKeyboards
import LayoutEngine

extension FuzzChecks {
    static let layouts: [Layout] = LayoutCatalog.shippedIDs().compactMap { try? LayoutCatalog.load($0) }

    /// The shipped CLDR keyboards in both forms, typed by themselves (`LDMLPeerEngine`: their
    /// transforms run), with their multi-taps and flicks.
    static let cldrLayouts: [Layout] = LDMLLoader.shippedIDs.flatMap { id -> [Layout] in
        guard let keyboard = try? LDMLLoader.shipped(id) else { return [] }
        return [false, true].compactMap { try? keyboard.typingLayout(id: "cldr:" + id, hardware: $0) }
    }

    /// Layouts to type on, with per layout and layer its keys in reading order (worked out
    /// once a process, not at every event).
    struct SessionLayouts: Sendable {
        let layouts: [Layout]
        let visibleKeys: [[[KeyID]]]

        init(_ layouts: [Layout]) {
            self.layouts = layouts
            visibleKeys = layouts.map { layout in layout.layers.map { Array($0.rows.joined()) } }
        }
    }

    static let shippedSessionLayouts = SessionLayouts(layouts)
    static let cldrSessionLayouts = SessionLayouts(cldrLayouts)

    /// Texts a context reset may paste, among the fuzzer's own: lone combining marks, emoji,
    /// Hangul, right-to-left text, NUL, U+FFFD, CR LF.
    static let pastes = [
        "\u{301}", "a\u{301}\u{30B}", "👩‍👩‍👧", "🇭🇺🇨🇿", "한글", "\u{1100}\u{1161}", "שָׁלוֹם", "مرحبا", "\u{0}", "\u{FFFD}",
        "x\r\n", "ǘ", "Ő", "ů", "e\u{327}\u{301}", "\u{200D}", "\u{E9}\u{300}",
    ]

    /// A shipped layout (the first byte picks it) and an arbitrary event stream: taps,
    /// long-press picks (valid or not), multi-taps, flicks, keys that do not exist, context
    /// resets with arbitrary text, backspace policy changes.
    /// After every event the session's invariants hold and the host's text, built only from
    /// the edits on what it held (pasted text as it came, or in NFC), is the session's own in NFC.
    ///
    /// The checks after each event normalize only the text the event changed
    /// (`SessionTextCheck`); `wholeText` makes them the plain ones, on the whole text
    /// (`TypingSession.invariantViolations()` and the host's text in NFC against
    /// `session.text`), which the tests compare with the fast ones.
    public static func typingSession(_ input: [UInt8], wholeText: Bool = false) -> [String] {
        typingSession(input, on: shippedSessionLayouts, wholeText: wholeText)
    }

    /// The same as `typingSession`, on the shipped CLDR keyboards (`FuzzLDMLSession`).
    public static func ldmlSession(_ input: [UInt8], wholeText: Bool = false) -> [String] {
        typingSession(input, on: cldrSessionLayouts, wholeText: wholeText)
    }

    static func typingSession(_ input: [UInt8], on choice: SessionLayouts, wholeText: Bool) -> [String] {
        guard let first = input.first, !choice.layouts.isEmpty else { return [] }
        var bytes = input.dropFirst()
        let layoutIndex = Int(first) % choice.layouts.count
        let layout = choice.layouts[layoutIndex]
        let keysOfLayer = choice.visibleKeys[layoutIndex]
        var session = TypingSession(layout: layout, backspacePolicy: input.count % 2 == 0 ? .accent : .grapheme)
        var host = TextBuffer()
        var textCheck = SessionTextCheck()
        var step = 0
        while let opcode = bytes.popFirst() {
            let operand = Int(bytes.popFirst() ?? 0)
            let visible = keysOfLayer[session.visibleLayer]
            switch opcode % 10 {
            case 0, 1, 2, 3:
                host.apply(session.handle(.tap(visible[operand % visible.count])))
            case 8:
                let count = 2 + Int(bytes.popFirst() ?? 0) % 5
                host.apply(session.handle(.multiTap(visible[operand % visible.count], count: count)))
            case 9:
                let code = Int(bytes.popFirst() ?? 0)
                let directions = (0..<(1 + code % 3)).map { FlickDirection.allCases[(code >> ($0 * 3)) % 8] }
                host.apply(session.handle(.flick(visible[operand % visible.count], directions)))
            case 4:
                let alternate = Int(bytes.popFirst() ?? 0) % 12
                host.apply(session.handle(.longPress(visible[operand % visible.count], alternate: alternate)))
            case 5:
                host.apply(session.handle(.tap(KeyID(operand * 7 - 300))))
            case 6:
                var text = pastes[operand % pastes.count]
                if operand >= pastes.count * 8 {
                    let count = min(operand % 24, bytes.count)
                    text = String(decoding: bytes.prefix(count), as: UTF8.self)
                    bytes = bytes.dropFirst(count)
                }
                // The host holds the pasted text as it came, or in NFC (an odd operand): either
                // way the session is given exactly what the host holds.
                if operand % 2 == 1 { text = text.precomposedStringWithCanonicalMapping }
                session.setContext(text)
                host = TextBuffer(text)
            default:  // 7
                session.backspacePolicy = operand % 2 == 0 ? .accent : .grapheme
            }
            step += 1
            // Edits delete what the host holds, so its text, normalized, is the session's.
            let problems =
                wholeText ? SessionTextCheck.plainProblems(session, host) : textCheck.check(session, host)
            if !problems.isEmpty { return problems.map { "step \(step): \($0)" } }
            if session.context.count > 256 {
                if !wholeText, case let problems = textCheck.finish(session, host), !problems.isEmpty {
                    return problems.map { "step \(step): \($0)" }
                }
                session.setContext("")
                host = TextBuffer()
            }
        }
        return wholeText ? [] : textCheck.finish(session, host)
    }
}
