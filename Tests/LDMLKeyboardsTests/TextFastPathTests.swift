import Testing

@testable import LDMLKeyboards

/// The engine's text helpers written for speed give what the standard library's ways give.
@Suite("Text fast paths")
struct TextFastPathTests {
    /// Values at the edges of each UTF-8 length, surrogates, markers and beyond.
    static let edges: [UInt32] = [
        0, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x301, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF,
        0x1_0000, 0x1_F600, 0x10_FFFF, TextElement.markerBase, TextElement.markerBase + 5, UInt32.max,
    ]

    @Test("plainString: each scalar's UTF-8, markers and surrogates dropped")
    func plainString() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var texts = Self.edges.map { [$0] } + [Self.edges]
        for _ in 0..<2000 {
            var text: [UInt32] = []
            for _ in 0..<(1 + Int(seed >> 60)) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let value = UInt32(truncatingIfNeeded: seed >> 32)
                // Every length of UTF-8 about as often, and markers.
                text.append(
                    [value & 0x7F, value & 0x7FF, value & 0xFFFF, value % 0x11_0000, value | 0x11_0000][
                        Int(seed >> 29) % 5])
            }
            texts.append(text)
        }
        for text in texts {
            var expected = ""
            for value in text where value < TextElement.markerBase {
                if let scalar = Unicode.Scalar(value) { expected.unicodeScalars.append(scalar) }
            }
            let found = TextElement.plainString(text)
            #expect(Array(found.utf8) == Array(expected.utf8), "\(text.map { String($0, radix: 16) })")
        }
    }
}
