import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import FuzzChecks

/// The session checks' oracle: where it tells Foundation's answer from Foundation's NFD of
/// each scalar (`isOwnNFD`, `isOwnNFC`) instead of asking it for the text, the answer is
/// Foundation's; and the changed-text check's comparison of two rests (`restsAgree`) is the
/// one through Foundation.
struct NormalizationOracleTests {
    /// Scalars where order, decomposition and composition are subtle: precomposed Latin,
    /// marks of several classes (U+0344 decomposes to two), Hangul syllables and jamo,
    /// Bengali two-part vowels and nukta, Tibetan vowel signs that decompose to marks, kana
    /// and their sound marks, a singleton (U+212B), a musical symbol that decomposes.
    static let pool: [UInt32] = [
        0x61, 0x20, 0xE9, 0xC0, 0x1EA1, 0x301, 0x300, 0x323, 0x327, 0x308, 0x344, 0x9CD, 0x1100, 0x1161, 0x11A8,
        0xAC00, 0xAC01, 0x995, 0x9C7, 0x9BE, 0x9BC, 0x9CB, 0xF71, 0xF72, 0xF73, 0xF80, 0x304B, 0x3099, 0x304C, 0x212B,
        0x1D15E, 0x1D165, 0x5B0,
    ]

    static func foundationNFD(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(String(String.UnicodeScalarView(scalars)).decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func foundationNFC(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    static func randomText(_ random: inout SplitMix64) -> [Unicode.Scalar] {
        (0..<Int.random(in: 0...8, using: &random)).map { _ in Unicode.Scalar(pool.randomElement(using: &random)!)! }
    }

    @Test("a text the oracle calls its own NFD or NFC is Foundation's")
    func quickAnswersAreFoundations() {
        var random = SplitMix64(seed: 0x0AC1_E2026)
        var ownNFD = 0
        var ownNFC = 0
        var wrong: [String] = []
        for _ in 0..<20_000 {
            let text = Self.randomText(&random)
            let decomposed = Self.foundationNFD(text)
            if NormalizationOracle.isOwnNFD(text) {
                ownNFD += 1
                if decomposed != text { wrong.append("NFD \(text.map(\.value))") }
            } else if decomposed == text {
                wrong.append("missed own NFD \(text.map(\.value))")  // the two ways say the same
            }
            if NormalizationOracle.isOwnNFC(ofNFD: decomposed) {
                ownNFC += 1
                if Self.foundationNFC(decomposed) != decomposed { wrong.append("NFC \(decomposed.map(\.value))") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(5))")
        #expect(ownNFD > 2000 && ownNFC > 2000, "the quick answers were asked \(ownNFD) and \(ownNFC) times")
    }

    @Test("two rests agree exactly when they do through Foundation")
    func restsAgreeAsThroughFoundation() {
        var random = SplitMix64(seed: 0x2E57_2026)
        var agreeing = 0
        var wrong: [String] = []
        for round in 0..<20_000 {
            let host = Self.randomText(&random)
            var context = Self.foundationNFD(host)
            switch round % 4 {
            case 0: context = host  // as when the host holds the context's own scalars
            case 1 where context.count >= 2: context.swapAt(0, context.count - 1)
            case 2: context = Self.randomText(&random)
            default: break
            }
            let slow =
                Self.foundationNFD(host) == context
                && CanonicalComposition.composedTextScalars(context) == Self.foundationNFC(context)
            let quick = SessionTextCheck.restsAgree(host[...], context[...])
            if quick { agreeing += 1 }
            if quick != slow { wrong.append("host \(host.map(\.value)) context \(context.map(\.value))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(5))")
        #expect(agreeing > 5000, "only \(agreeing) rests agreed")
    }
}
