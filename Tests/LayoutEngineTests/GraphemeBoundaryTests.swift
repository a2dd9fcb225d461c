import TestSupport
import Testing

@testable import LayoutEngine

/// `GraphemeBoundary.lastGraphemeLength` against Swift's segmentation of the whole text.
struct GraphemeBoundaryTests {
    static func wholeTextLength(_ scalars: [Unicode.Scalar]) -> Int {
        String(String.UnicodeScalarView(scalars)).last?.unicodeScalars.count ?? 0
    }

    static func scalars(_ values: [UInt32]) -> [Unicode.Scalar] { values.map { Unicode.Scalar($0)! } }

    /// Texts whose last grapheme depends on scalars far before it: runs of regional
    /// indicators of every length (odd runs end in a lone one), an emoji ZWJ sequence with
    /// more marks than a window, Bengali conjuncts across viramas, a long run of marks.
    static let texts: [(String, [Unicode.Scalar])] =
        (1...40).map { count in
            ("\(count) regional indicators", scalars([0x61] + (0..<count).map { 0x1F1E6 + UInt32($0 % 26) }))
        }
        + [16, 30, 60, 61, 62, 63, 64, 65, 130].map { marks in
            (
                "👩‍👩‍👧 and \(marks) × U+0981",
                scalars([0x61, 0x1F469, 0x200D, 0x1F469, 0x200D, 0x1F467] + Array(repeating: 0x981, count: marks))
            )
        }
        + [8, 15, 16, 17, 40].map { links in
            (
                "\(links) Bengali consonants joined by virama",
                scalars([0x20] + (0..<links).flatMap { _ in [0x995, 0x9CD] } + [0x9B7, 0x9BF])
            )
        }
        + [("a and 200 × U+0301", scalars([0x61] + Array(repeating: 0x301, count: 200)))]

    @Test("the last grapheme of texts whose start matters far back", arguments: texts.map(\.0))
    func farLookBack(_ name: String) throws {
        let text = try #require(Self.texts.first { $0.0 == name }?.1)
        #expect(GraphemeBoundary.lastGraphemeLength(text) == Self.wholeTextLength(text))
        // Every prefix too, and the same text as the end of a longer slice.
        for end in 1..<text.count {
            let prefix = Array(text[..<end])
            #expect(GraphemeBoundary.lastGraphemeLength(text[..<end]) == Self.wholeTextLength(prefix), "\(end)")
        }
    }

    @Test("random mixes of starters, marks, ZWJ, regional indicators and viramas")
    func randomMixes() {
        let pool: [UInt32] = [
            0x61, 0x20, 0x301, 0x200D, 0x1F469, 0x1F467, 0x1F1ED, 0x1F1FA, 0x995, 0x9B7, 0x9CD, 0x9BF, 0x981,
            0x1100, 0x1161, 0x11A8, 0xAC00, 0x600, 0xD, 0xA, 0x1F3FB, 0xFE0F, 0x94D, 0x915,
        ]
        var random = SplitMix64(seed: 0xB0DA_2026)
        var wrong: [String] = []
        for _ in 0..<3000 {
            let count = Int.random(in: 1...90, using: &random)
            let text = Self.scalars((0..<count).map { _ in pool.randomElement(using: &random)! })
            if GraphemeBoundary.lastGraphemeLength(text) != Self.wholeTextLength(text) {
                wrong.append(text.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(5))")
    }

    @Test("the scalars taken to join the grapheme before them are exactly the marks that do, after a letter")
    func joinersAgreeWithSegmentation() {
        var wrong: [String] = []
        for value in UInt32(0x300)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let category = properties.generalCategory
            guard
                category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
                    || properties.isGraphemeExtend
            else {
                #expect(!GraphemeBoundary.joinsGraphemeBefore(scalar), "\(String(value, radix: 16))")
                continue
            }
            let joins = Self.wholeTextLength([Unicode.Scalar(0x61)!, scalar]) == 2
            if GraphemeBoundary.joinsGraphemeBefore(scalar) != joins { wrong.append(String(value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(10))")
    }

    @Test("every scalar after which a letter joins it is taken for Prepend")
    func prependScalars() {
        var missing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if Self.wholeTextLength([scalar, Unicode.Scalar(0x61)!]) == 2,
                !GraphemeBoundary.prependScalars.contains(value)
            {
                missing.append(String(value, radix: 16))
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test("letters, spaces, digits, punctuation and controls of many scripts after every kind of scalar")
    func lettersAfterAnything() {
        let before: [UInt32] = [
            0x61, 0x995, 0x9CD, 0x9BF, 0x301, 0x1, 0xD, 0xA, 0x200D, 0x200C, 0x1F469, 0x1F3FB, 0x1F1ED, 0x1100, 0xAC00,
            0x600, 0xD4E, 0x20, 0x94D, 0x915, 0xE01, 0xFF9E, 0x3042, 0x5D0, 0x627,
        ]
        let letters: [UInt32] = [
            0x61, 0x995, 0x9B7, 0x915, 0xE01, 0x3042, 0x5D0, 0x627, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xD4E, 0xFF9E,
            0x4E00,
            0x1F469, 0x20, 0x964, 0x9E7, 0x2E, 0xA9, 0xAE, 0xAD, 0x61C, 0x7F, 0xA, 0xD, 0x600, 0x2019, 0x1F3FB, 0xB7,
        ]
        var random = SplitMix64(seed: 0x1E77_2026)
        var wrong: [String] = []
        for _ in 0..<4000 {
            let head = (0..<Int.random(in: 0...4, using: &random)).map { _ in before.randomElement(using: &random)! }
            let text = Self.scalars(head + [letters.randomElement(using: &random)!])
            if GraphemeBoundary.lastGraphemeLength(text) != Self.wholeTextLength(text) {
                wrong.append(text.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        // The joins a rule makes before such a scalar: a pictograph after ZWJ (GB11), LF after
        // CR (GB3), anything after a Prepend (GB9b), a conjunct (GB9c), a flag's second half.
        let joined: [[UInt32]] = [
            [0x1F469, 0x200D, 0xA9], [0x1F469, 0x200D, 0xAE], [0xD, 0xA], [0x600, 0x20], [0x600, 0x31],
            [0x995, 0x9CD, 0x9B7],
            [0x915, 0x94D, 0x937], [0x1F1ED, 0x1F1FA],
        ]
        for values in joined {
            let text = Self.scalars(values)
            #expect(GraphemeBoundary.lastGraphemeLength(text) == Self.wholeTextLength(text), "\(values)")
            #expect(Self.wholeTextLength(text) > 1, "\(values) is one grapheme")
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(5))")
    }

    @Test("long runs of marks after letters, marks, controls, CR, LF, ZWJ, emoji, flags, jamo and prepends")
    func runsOfMarks() {
        let before: [UInt32] = [
            0x61, 0x995, 0x9CD, 0x301, 0x1, 0xD, 0xA, 0x200D, 0x1F469, 0x1F1ED, 0x1100, 0xAC00, 0x600, 0x20, 0x1038,
            0x9E7, 0x3C, 0x2C, 0x964, 0xFFFD, 0x0, 0x85, 0x7F, 0xAD, 0x61C, 0x180E, 0x200B, 0x2028, 0xFEFF, 0x1F3FB,
            0x1F467, 0xE0001,
        ]
        let marks: [UInt32] = [0x301, 0x9CD, 0x9BF, 0x903, 0x20DD, 0x1038, 0x102B, 0x94D, 0xFE0F, 0x1F3FB]
        var random = SplitMix64(seed: 0x3A4C_2026)
        var wrong: [String] = []
        for _ in 0..<600 {
            let head = (0..<Int.random(in: 0...3, using: &random)).map { _ in before.randomElement(using: &random)! }
            let run = (0..<Int.random(in: 1...70, using: &random)).map { _ in marks.randomElement(using: &random)! }
            let text = Self.scalars(head + run)
            if GraphemeBoundary.lastGraphemeLength(text) != Self.wholeTextLength(text) {
                wrong.append(text.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(5))")
    }

    @Test("a mark after every scalar taken for no control joins it, as segmentation says")
    func marksJoinNoControls() {
        var wrong: [String] = []
        var count = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), GraphemeBoundary.isSurelyNoControl(scalar) else { continue }
            count += 1
            if Self.wholeTextLength([scalar, Unicode.Scalar(0x301)!]) != 2 { wrong.append(String(value, radix: 16)) }
        }
        #expect(count > 100_000)
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(10))")
    }

    @Test("letters and signs after runs of marks with and without a virama, a ZWJ or a modifier")
    func lettersAfterMarks() {
        let head: [UInt32] = [0x995, 0x915, 0x61, 0x20, 0x1F469, 0x9E7, 0xAC00]
        let marks: [UInt32] = [0x301, 0x9CD, 0x94D, 0x9BF, 0x9BE, 0x981, 0x200D, 0x200C, 0x1F3FB, 0x9BC, 0x903]
        let last: [UInt32] = [0x995, 0x9B7, 0x915, 0x937, 0x61, 0xFFFD, 0x20, 0x9E7, 0x1F469, 0xAC00]
        var random = SplitMix64(seed: 0x9C0_2026)
        var wrong: [String] = []
        for _ in 0..<4000 {
            let run = (0..<Int.random(in: 0...6, using: &random)).map { _ in marks.randomElement(using: &random)! }
            let text = Self.scalars(
                [head.randomElement(using: &random)!] + run + [last.randomElement(using: &random)!])
            if GraphemeBoundary.lastGraphemeLength(text) != Self.wholeTextLength(text) {
                wrong.append(text.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(5))")
    }

    @Test("backspace after eight flags and a lone regional indicator deletes the lone one")
    func backspaceAfterFlags() throws {
        let layout = Shipped.layout("hu-touch")
        let backspace = try #require(layout.keys.indices.first { layout.keys[$0].action == .backspace })
        let text = "a" + String(repeating: "🇭🇺", count: 8) + "\u{1F1E8}"
        var session = TypingSession(layout: layout, backspacePolicy: .grapheme)
        var buffer = TextBuffer(text)
        session.setContext(text)
        buffer.apply(session.handle(.tap(KeyID(backspace))))
        #expect(buffer.text == "a" + String(repeating: "🇭🇺", count: 8))
        #expect(session.invariantViolations().isEmpty)
    }
}

/// `KeystrokePlanner.certainBreak`: the window the planner segments a grapheme beyond its
/// fast lane in, against Swift's segmentation of the whole text.
struct CertainBreakTests {
    @Test("every grapheme ends by the certain break after its start, and segments there as in the whole text")
    func windowsHoldTheirGrapheme() {
        let pool: [UInt32] = [
            0x61, 0x62, 0x20, 0x2C, 0xE1, 0x151, 0x301, 0x308, 0x200D, 0x1F469, 0x1F467, 0x1F1ED, 0x1F1FA,
            0x995, 0x9CD, 0x9BF, 0x600, 0xD, 0xA, 0x1F3FB, 0xFE0F, 0x201E, 0x201D, 0x1100, 0x1161, 0xAC00,
        ]
        var random = SplitMix64(seed: 0xC0DE_B4EA)
        var wrong: [String] = []
        for _ in 0..<3000 {
            let count = Int.random(in: 1...40, using: &random)
            let text = String(
                String.UnicodeScalarView(
                    (0..<count).map { _ in Unicode.Scalar(pool.randomElement(using: &random)!)! }))
            let bytes = Array(text.utf8)
            var offset = 0
            for grapheme in text {
                let length = grapheme.utf8.count
                bytes.withUnsafeBufferPointer { buffer in
                    let window = KeystrokePlanner.certainBreak(buffer, after: offset)
                    let piece = String(decoding: buffer[offset..<window], as: UTF8.self)
                    if window < offset + length || piece.first.map(String.init) != String(grapheme) {
                        wrong.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                    }
                }
                offset += length
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(5))")
    }

    @Test("the break falls between two ASCII characters, never after CR, else at the end")
    func examples() {
        func window(_ text: String, _ offset: Int) -> Int {
            Array(text.utf8).withUnsafeBufferPointer { KeystrokePlanner.certainBreak($0, after: offset) }
        }
        #expect(window("„Szia”", 0) == 4)
        #expect(window("e\u{301}ab", 0) == 4)
        #expect(window("\r\nab", 0) == 2)
        #expect(window("🇭🇺", 0) == 8)
    }
}
