import KeyboardSimulator

extension FuzzChecks {
    /// Arbitrary bytes as what a terminal sends `kbdsim` in raw mode (the first byte picks how
    /// the rest is cut into reads). Checked: decoded whole, a byte at a time and in the picked
    /// pieces, each followed by the `flush()` of a pause, the bytes give the same events once
    /// adjacent `.text` runs are joined; nothing is left pending after the flush; typed text is
    /// never empty and holds no control character, no U+FFFD and no ESC; a paste holds no
    /// U+FFFD and no CR; a mouse report's cell is on the screen's side of 0.
    public static func inputDecoder(_ input: [UInt8]) -> [String] {
        guard let first = input.first else { return [] }
        let bytes = Array(input.dropFirst())
        var problems: [String] = []
        let whole = decode([bytes[...]], problems: &problems)
        let single = decode(bytes.indices.map { bytes[$0...$0] }, problems: &problems)
        let pieces = decode(cut(bytes, seed: first), problems: &problems)
        if single != whole { problems.append("a byte at a time: \(single); whole: \(whole)") }
        if pieces != whole { problems.append("in pieces (seed \(first)): \(pieces); whole: \(whole)") }
        for event in whole {
            switch event {
            case .text(let text):
                if text.isEmpty { problems.append("an empty .text event") }
                if let bad = text.unicodeScalars.first(where: isControlOrReplacement) {
                    problems.append("typed text \(text.debugDescription) holds U+\(hex(bad.value))")
                }
            case .paste(let text):
                if text.unicodeScalars.contains(where: { $0 == "\u{FFFD}" || $0 == "\r" }) {
                    problems.append("pasted text \(text.debugDescription) holds U+FFFD or CR")
                }
            case .mouse(let mouse):
                if mouse.column < 0 || mouse.line < 0 { problems.append("a mouse report off the screen: \(mouse)") }
            default: break
            }
        }
        return problems
    }

    /// The events of `reads` fed in turn to one decoder, then flushed, with adjacent text runs
    /// joined (how reads split typed text is not part of what the decoder promises).
    static func decode(_ reads: [ArraySlice<UInt8>], problems: inout [String]) -> [InputEvent] {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for read in reads { events += decoder.feed(read) }
        events += decoder.flush()
        if decoder.hasPending { problems.append("bytes still pending after flush()") }
        var joined: [InputEvent] = []
        for event in events {
            if case .text(let more) = event, case .text(let text)? = joined.last {
                joined[joined.count - 1] = .text(text + more)
            } else {
                joined.append(event)
            }
        }
        return joined
    }

    /// `bytes` cut into pieces of 1 to 16 bytes, their lengths drawn from `seed`.
    static func cut(_ bytes: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
        var state = UInt32(seed) &* 2_654_435_761 | 1
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            state = state &* 1_664_525 &+ 1_013_904_223
            let end = min(bytes.count, start + 1 + Int(state >> 28))
            pieces.append(bytes[start..<end])
            start = end
        }
        return pieces
    }

    private static func isControlOrReplacement(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FFFD}"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
