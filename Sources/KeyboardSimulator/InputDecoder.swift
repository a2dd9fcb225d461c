/// Turns the bytes a terminal sends in raw mode into `InputEvent`s.
///
/// Input arrives in arbitrary pieces: a UTF-8 character or an escape sequence may be split
/// across reads, so the decoder keeps what is incomplete until the next `feed(_:)`. A lone
/// ESC cannot be told from the start of a sequence until time passes: the caller calls
/// `flush()` when no byte follows within a few tens of milliseconds. Unknown escape
/// sequences, invalid UTF-8 and control characters inside text are dropped. How the bytes are
/// split across reads changes only how typed text is grouped into `.text` events.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasting = false
    private var pasted: [UInt8] = []
    /// Inside a control sequence longer than `longestParameters`: its bytes are dropped up to
    /// and with its final byte.
    private var discardingSequence = false

    /// The most parameter and intermediate bytes a control sequence is parsed with (a mouse
    /// report needs under 20); a longer one is dropped whole, however it is split.
    private static let longestParameters = 64

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for more (an incomplete sequence or a lone ESC).
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                var string = String.UnicodeScalarView()
                string.append(contentsOf: String(decoding: text, as: UTF8.self).unicodeScalars.filter(Self.isTypeable))
                if !string.isEmpty { events.append(.text(String(string))) }
                text.removeAll()
            }
        }
        while index < pending.count {
            if pasting {
                if let end = Self.find(Self.pasteEnd, in: pending, from: index) {
                    pasted.append(contentsOf: pending[index..<end])
                    events.append(.paste(Self.decodePaste(pasted)))
                    pasted.removeAll()
                    pasting = false
                    index = end + Self.pasteEnd.count
                    continue
                }
                // Keep a tail that might be the start of the end marker.
                let keep = Self.partialSuffix(of: pending, matching: Self.pasteEnd, from: index)
                pasted.append(contentsOf: pending[index..<(pending.count - keep)])
                index = pending.count - keep
                break
            }
            let byte = pending[index]
            if discardingSequence {
                if (0x20...0x3F).contains(byte) {
                    index += 1
                    continue
                }
                discardingSequence = false
                if (0x40...0x7E).contains(byte) {
                    index += 1
                    continue
                }
            }
            switch byte {
            case 0x1B:
                flushText()
                switch parseEscape(at: index) {
                case .incomplete:
                    pending.removeFirst(index)
                    return events
                case .consumed(let length, let event):
                    if let event { events.append(event) }
                    index += length
                }
            case 0x03:
                flushText()
                events.append(.interrupt)
                index += 1
            case 0x04:
                flushText()
                events.append(.endOfInput)
                index += 1
            case 0x7F, 0x08:
                flushText()
                events.append(.backspace)
                index += 1
            case 0x0D, 0x0A:
                flushText()
                events.append(.enter)
                index += 1
            case 0x09:
                flushText()
                events.append(.tab)
                index += 1
            case 0x0C:
                flushText()
                events.append(.redraw)
                index += 1
            case 0x1A:
                flushText()
                events.append(.suspend)
                index += 1
            case 0x00..<0x20: index += 1
            case 0x80...:
                let length = Self.utf8Length(byte)
                if length == 0 {
                    index += 1
                } else if index + length > pending.count {
                    if Self.isValidPrefix(pending[index...]) {
                        flushText()
                        pending.removeFirst(index)
                        return events
                    }
                    index += 1
                } else if Self.isValidPrefix(pending[index..<(index + length)]) {
                    text.append(contentsOf: pending[index..<(index + length)])
                    index += length
                } else {
                    // A lead byte without its continuation bytes: what follows it (an ESC,
                    // a control byte, a letter) is read on its own.
                    index += 1
                }
            default:
                text.append(byte)
                index += 1
            }
        }
        flushText()
        pending.removeFirst(min(index, pending.count))
        return events
    }

    /// Called when no byte followed in time: a pending lone ESC is the Escape key; anything
    /// else pending is dropped.
    public mutating func flush() -> [InputEvent] {
        defer { pending.removeAll() }
        if pending == [0x1B] { return [.escape] }
        if pending.first == 0x1B, pending.count >= 2, pending[1] == 0x1B { return [.escape] }
        return []
    }

    private enum EscapeResult {
        case incomplete
        case consumed(Int, InputEvent?)
    }

    /// Parses the sequence starting with the ESC at `start`.
    private mutating func parseEscape(at start: Int) -> EscapeResult {
        let count = pending.count - start
        guard count >= 2 else { return .incomplete }
        let second = pending[start + 1]
        switch second {
        case UInt8(ascii: "["):
            // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
            var index = start + 2
            while index < pending.count, index - start - 2 <= Self.longestParameters,
                (0x20...0x3F).contains(pending[index])
            {
                index += 1
            }
            if index - start - 2 > Self.longestParameters {
                discardingSequence = true
                return .consumed(index - start, nil)
            }
            guard index < pending.count else { return .incomplete }
            let final = pending[index]
            guard (0x40...0x7E).contains(final) else { return .consumed(index - start, nil) }
            let parameters = Array(pending[(start + 2)..<index])
            return .consumed(index + 1 - start, csi(parameters, final))
        case UInt8(ascii: "O"):
            guard count >= 3 else { return .incomplete }
            let event: InputEvent? =
                switch pending[start + 2] {
                case UInt8(ascii: "A"): .arrowUp
                case UInt8(ascii: "B"): .arrowDown
                case UInt8(ascii: "C"): .arrowRight
                case UInt8(ascii: "D"): .arrowLeft
                default: nil
                }
            return .consumed(3, event)
        case 0x1B:
            return .consumed(1, .escape)
        default:
            // Alt + key, or an unknown two-byte sequence: ignored, with a UTF-8 tail.
            let length = second >= 0x80 ? max(1, Self.utf8Length(second)) : 1
            guard count >= 1 + length else { return .incomplete }
            return .consumed(1 + length, nil)
        }
    }

    private mutating func csi(_ parameters: [UInt8], _ final: UInt8) -> InputEvent? {
        switch final {
        case UInt8(ascii: "A"): return .arrowUp
        case UInt8(ascii: "B"): return .arrowDown
        case UInt8(ascii: "C"): return .arrowRight
        case UInt8(ascii: "D"): return .arrowLeft
        case UInt8(ascii: "Z"): return .tab
        case UInt8(ascii: "~"):
            if parameters == Array("200".utf8) { pasting = true }
            if parameters == Array("3".utf8) { return .backspace }
            return nil
        case UInt8(ascii: "M"), UInt8(ascii: "m"):
            guard parameters.first == UInt8(ascii: "<") else { return nil }
            // A terminal sends short decimal numbers; anything else (a run of digits that would
            // overflow, a stray byte) is not a mouse report and is dropped.
            let numbers = parameters.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
                .compactMap { digits -> Int? in
                    guard (1...5).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }) else {
                        return nil
                    }
                    return digits.reduce(0) { value, digit in value * 10 + Int(digit) - 48 }
                }
            // Coordinates count from 1; a report with a 0 is not one a terminal sends.
            guard numbers.count == 3, numbers[1] > 0, numbers[2] > 0 else { return nil }
            let code = numbers[0]
            let kind: MouseEvent.Kind
            if code & 64 != 0 {
                kind = .other
            } else if final == UInt8(ascii: "m") {
                kind = .release
            } else if code & 32 != 0 {
                kind = code & 3 == 3 ? .other : .drag
            } else {
                kind = .press
            }
            return .mouse(MouseEvent(kind, button: code & 3, column: numbers[1] - 1, line: numbers[2] - 1))
        default:
            return nil
        }
    }

    /// Pasted bytes as text: invalid UTF-8 dropped, and every CR LF and lone CR a line break
    /// (scalar by scalar: after `\r\r\n` a `String` would hold a new CR LF pair).
    private static func decodePaste(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        var afterCR = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar != "\u{FFFD}" {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n", afterCR { continue }
            text.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(text)
    }

    /// Whether a scalar decoded from typed text is kept: not U+FFFD (what invalid UTF-8
    /// became) and not a C1 control character (U+0080–U+009F, sent UTF-8 encoded).
    private static func isTypeable(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\u{FFFD}" && !(0x80...0x9F).contains(scalar.value)
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    private static func isValidPrefix(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count - start >= needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && Array(haystack[index..<(index + needle.count)]) == needle {
            return index
        }
        return nil
    }

    private static func partialSuffix(of bytes: [UInt8], matching needle: [UInt8], from start: Int) -> Int {
        var length = min(needle.count - 1, bytes.count - start)
        while length > 0 {
            if Array(bytes[(bytes.count - length)...]) == Array(needle[..<length]) { return length }
            length -= 1
        }
        return 0
    }
}
