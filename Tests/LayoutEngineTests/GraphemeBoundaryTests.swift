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
