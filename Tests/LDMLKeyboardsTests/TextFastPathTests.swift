import Foundation
import LayoutEngine
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

    /// Letters, marks of several classes, Hangul jamo and a syllable, starters that compose
    /// with the one before (Bengali, Kannada, Myanmar), U+FFFD, singletons and markers.
    static let alphabet: [UInt32] = [
        0x61, 0x65, 0x41, 0x6F, 0x20, 0x300, 0x301, 0x302, 0x308, 0x323, 0x315, 0x31B, 0x345, 0x327, 0x1161, 0x1100,
        0x11A8, 0xAC00, 0x9C7, 0x9BE, 0x9D7, 0xCC6, 0xCD5, 0xCC2, 0x1025, 0x102E, 0xFFFD, 0x3099, 0x304B, 0x1D15E,
        0x1D165, 0x5D0, 0x5B8, 0x9BC, 0x9CD, TextElement.markerBase, TextElement.markerBase + 1,
    ]

    /// Random texts from `alphabet`, with or without markers, decomposed (NFD with markers).
    static func texts(markers: Bool, count: Int, seed start: UInt64) -> [[UInt32]] {
        var seed = start
        return (0..<count).map { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 1 + Int(seed >> 58)
            var text: [UInt32] = []
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let value = alphabet[Int(seed >> 33) % alphabet.count]
                if markers || !TextElement.isMarker(value) { text += Normalization.decompose(value) }
            }
            return text
        }
    }

    /// The composition before U+FFFD and other starters no composite ends with were let
    /// through without asking the tables.
    static func tablesCompose(_ starter: UInt32, _ mark: UInt32) -> UInt32? {
        if mark < 0x300 || TextElement.isMarker(starter) || TextElement.isMarker(mark) { return nil }
        return ScalarNormalization.compose(starter, mark)
    }

    @Test("compose: the tables' answer for every pair of the alphabet")
    func compose() {
        for starter in Self.alphabet + [0x9CB, 0xAC01, 0x1EA1, 0xE2] {
            for mark in Self.alphabet {
                #expect(Normalization.compose(starter, mark) == Self.tablesCompose(starter, mark))
            }
        }
    }

    @Test("nfc: ScalarNormalization's composition (markers as starters), and Foundation's NFC for text without markers")
    func nfc() {
        for text in Self.texts(markers: false, count: 3000, seed: 3) + Self.texts(markers: true, count: 3000, seed: 4) {
            var ordered = text
            Normalization.canonicallyOrder(&ordered, from: 0)
            let expected = ScalarNormalization.canonicallyComposed(
                ordered, combiningClass: TextElement.combiningClass, compose: Self.tablesCompose)
            let found = Normalization.nfc(text)
            #expect(found == expected, "\(text.map { String($0, radix: 16) })")
            guard !text.contains(where: TextElement.isMarker) else { continue }
            let string = String(String.UnicodeScalarView(text.compactMap(Unicode.Scalar.init)))
            #expect(
                found == string.precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value),
                "\(text.map { String($0, radix: 16) })")
        }
    }

    /// Canonical order as it was made before runs in order were left alone: from the
    /// starter before the first disorder at or after `start`, each run of marks sorted by
    /// class (stably), each marker moving with the scalar after it.
    static func referenceOrdering(_ elements: [UInt32], from start: Int) -> (start: Int, elements: [UInt32])? {
        let ccc = TextElement.combiningClass
        var previous = elements[..<start].last(where: { !TextElement.isMarker($0) }).map(ccc) ?? 0
        var disorder: Int?
        for index in start..<elements.count where !TextElement.isMarker(elements[index]) {
            let value = ccc(elements[index])
            if value != 0, previous > value {
                disorder = index
                break
            }
            previous = value
        }
        guard let disorder else { return nil }
        var segment = elements[..<disorder].lastIndex { !TextElement.isMarker($0) && ccc($0) == 0 } ?? 0
        while segment > 0, TextElement.isMarker(elements[segment - 1]) { segment -= 1 }
        // Units: markers glued to the scalar after them; markers at the end stay there.
        var units: [[UInt32]] = []
        var pending: [UInt32] = []
        for value in elements[segment...] {
            pending.append(value)
            if !TextElement.isMarker(value) {
                units.append(pending)
                pending = []
            }
        }
        var index = 0
        while index < units.count {
            guard ccc(units[index].last!) != 0 else {
                index += 1
                continue
            }
            var end = index
            while end < units.count, ccc(units[end].last!) != 0 { end += 1 }
            let run = units[index..<end].enumerated().sorted {
                (ccc($0.element.last!), $0.offset) < (ccc($1.element.last!), $1.offset)
            }
            units.replaceSubrange(index..<end, with: run.map(\.element))
            index = end
        }
        return (segment, units.flatMap { $0 } + pending)
    }

    @Test("canonicalOrdering: the whole segment sorted, with and without markers")
    func canonicalOrdering() {
        var moved = 0
        for (number, text)
            in (Self.texts(markers: true, count: 3000, seed: 5)
            + Self.texts(markers: false, count: 3000, seed: 9)).enumerated()
        {
            let start = number % (text.count + 1)
            let expected = Self.referenceOrdering(text, from: start)
            let found = Normalization.canonicalOrdering(text, from: start)
            if expected != nil { moved += 1 }
            #expect(found?.start == expected?.start, "\(text.map { String($0, radix: 16) }) from \(start)")
            #expect(found?.elements == expected?.elements, "\(text.map { String($0, radix: 16) }) from \(start)")
        }
        #expect(moved > 500, "only \(moved) of 6,000 texts were out of order")
    }

    @Test("combiningClass: the standard library's class for every BMP value and astral marks, 0 for markers")
    func combiningClasses() {
        let values = Array(UInt32(0)..<0x1_0000) + [0x1_0000, 0x1_D165, 0x1_D16D, 0x1_E944, 0x10_FFFF]
        var wrong: [UInt32] = []
        for value in values {
            let expected = Unicode.Scalar(value)?.properties.canonicalCombiningClass.rawValue ?? 0
            if TextElement.combiningClass(value) != expected { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
        #expect(TextElement.combiningClass(TextElement.markerBase + 3) == 0)
    }
}
