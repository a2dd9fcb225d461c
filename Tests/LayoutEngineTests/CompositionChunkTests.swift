import Foundation
import Testing

@testable import LayoutEngine

/// `CanonicalComposition.composedText` composes a chunk at a time, cut before every starter
/// that is no composite's second part (`startsCompositionChunk`), and `decomposedText`
/// skips the grapheme walk for text that is its own NFD: both against the plain ways, on
/// random text in the scripts the CLDR keyboards type (Bengali, kana) and the edge cases
/// of composition (Hangul jamo, second parts that are starters, Tibetan vowel signs).
struct CompositionChunkTests {
    /// Starters and marks: Bengali consonants, vowel signs (U+09BE and U+09D7 compose with
    /// U+09C7), virama and nukta; kana and the voicing mark; Hangul leading, vowel and
    /// trailing jamo and a syllable; Latin with marks; Kannada and Tamil second parts; Tibetan.
    static let alphabet: [UInt32] = [
        0x0995, 0x09A1, 0x09AF, 0x09B0, 0x0985, 0x09BE, 0x09BF, 0x09C0, 0x09C7, 0x09CB, 0x09D7, 0x09CD, 0x09BC,
        0x0981, 0x0982, 0x200C, 0x200D, 0x304B, 0x3046, 0x30AB, 0x3099, 0x309A, 0x1100, 0x1161, 0x11A8, 0xAC00,
        0x61, 0x65, 0x20, 0x301, 0x302, 0x323, 0x0CC6, 0x0CC2, 0x0CD5, 0x0BC6, 0x0BBE, 0x0BD7, 0x0F40, 0x0F71,
        0x0F72, 0x0F80,
    ]

    static func foundationNFD(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(String(String.UnicodeScalarView(scalars)).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func foundationNFC(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func randomText(_ random: inout SplitMix64) -> [Unicode.Scalar] {
        (0..<Int.random(in: 1...40, using: &random)).map { _ in
            Unicode.Scalar(alphabet.randomElement(using: &random)!)!
        }
    }

    @Test("composedText of random NFD text cut at every chunk start is Foundation's NFC")
    func composedTextAgainstFoundation() {
        var random = SplitMix64(seed: 0xC4_0C4)
        var wrong: [String] = []
        var chunkStarts = 0
        for _ in 0..<4000 {
            let nfd = Self.foundationNFD(Self.randomText(&random))
            chunkStarts += nfd.filter { $0.value >= 0x300 && CanonicalComposition.startsCompositionChunk($0) }.count
            if Array(CanonicalComposition.composedText(nfd).unicodeScalars) != Self.foundationNFC(nfd) {
                wrong.append(nfd.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(10))")
        #expect(chunkStarts > 10_000, "only \(chunkStarts) chunk starts at or past U+0300")
    }

    @Test("the starters that are a composite's second part start no chunk")
    func composingStarters() {
        for value: UInt32 in [0x09BE, 0x09D7, 0x0CD5, 0x0CC2, 0x0BBE, 0x0BD7, 0x1161, 0x1175, 0x11A8, 0x11C2, 0x0F73] {
            #expect(!CanonicalComposition.startsCompositionChunk(Unicode.Scalar(value)!), "U+\(value)")
        }
        for value: UInt32 in [0x0995, 0x09BF, 0x09C7, 0x304B, 0x1100, 0x0F40] {
            #expect(CanonicalComposition.startsCompositionChunk(Unicode.Scalar(value)!), "U+\(value)")
        }
    }

    @Test("decomposedText is the NFD a grapheme at a time, for text in NFD or not")
    func decomposedTextAgainstGraphemes() {
        var random = SplitMix64(seed: 0xDEC0)
        let composed: [UInt32] = [0xE9, 0x1EC7, 0x09CB, 0x09DC, 0xAC01, 0x304C, 0x0F73, 0x212B]
        var shortcuts = 0
        for round in 0..<4000 {
            var scalars = Self.randomText(&random)
            if round % 2 == 1 {
                scalars.insert(
                    Unicode.Scalar(composed.randomElement(using: &random)!)!,
                    at: Int.random(in: 0...scalars.count, using: &random))
            }
            let plain = String(String.UnicodeScalarView(scalars)).flatMap(CanonicalComposition.decomposed)
            let fast = CanonicalComposition.decomposedText(scalars)
            if fast == scalars { shortcuts += 1 }
            #expect(fast == plain, "\(scalars.map { String($0.value, radix: 16) })")
        }
        #expect(shortcuts > 100, "the text was its own NFD \(shortcuts) times")
    }
}
