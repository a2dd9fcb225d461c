import Foundation
import LDMLKeyboards
import LayoutEngine

extension LDMLExporter {
    /// The `<transforms>` element with the dead keys' group, the text compositions', then
    /// the accents', or nothing.
    static func transforms(accents: [String], deadKeys: [String], texts: [String] = []) -> [String] {
        let groups = [deadKeys, texts, accents].filter { !$0.isEmpty }
        guard !groups.isEmpty else { return [] }
        return ["\t<transforms type=\"simple\">"]
            + groups.flatMap { ["\t\t<transformGroup>"] + $0.map { "\t\t\t" + $0 } + ["\t\t</transformGroup>"] }
            + ["\t</transforms>"]
    }

    /// The marker a dead key outputs (`\m{dead0}`).
    static func deadKeyMarker(_ index: Int) -> String { "dead\(index)" }

    /// The `<displays>` element, or nothing: the dead keys' markers show as their symbols, and
    /// each accent key (by id) as its label in the layout, the spacing accent (`˝`) rather than
    /// the bare combining mark it outputs, so that the loaded keyboard's key is named `˝`.
    static func displays(_ layout: Layout, accentLabels: [(keyID: String, label: String)]) -> [String] {
        let shown = layout.deadKeys.enumerated().filter { !$1.symbol.isEmpty }
        guard !shown.isEmpty || !accentLabels.isEmpty else { return [] }
        return ["\t<displays>"]
            + shown.map { index, deadKey in
                "\t\t<display output=\"\\m{\(deadKeyMarker(index))}\" display=\"\(attribute(deadKey.symbol))\" />"
            }
            + accentLabels.map { "\t\t<display keyId=\"\($0.keyID)\" display=\"\(attribute($0.label))\" />" }
            + ["\t</displays>"]
    }

    /// The dead keys' rules (in NFD, as LDML matches): each composition, what it makes with
    /// another dead key, the key twice gives its symbol, and before anything else the symbol
    /// comes first, as the session types it.
    static func deadKeyTransforms(_ layout: Layout) -> [String] {
        var rules: [String] = []
        for (index, deadKey) in layout.deadKeys.enumerated() {
            let marker = "\\m{\(deadKeyMarker(index))}"
            let symbol = hex(Normalization.nfd(deadKey.symbol.unicodeScalars.map(\.value)))
            let compositions = deadKey.compositions.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (following, result) in compositions {
                let from = hex(Normalization.nfd(following.unicodeScalars.map(\.value)))
                let to = hex(Normalization.nfd(result.unicodeScalars.map(\.value)))
                rules.append("<transform from=\"\(marker)\(from)\" to=\"\(to)\" />")
            }
            // Another dead key while this one waits: what the two make, else this one's symbol
            // (the same key: its symbol alone), and the other waits.
            for other in layout.deadKeys.indices {
                let next = "\\m{\(deadKeyMarker(other))}"
                if let pair = deadKey.afterDeadKeys[layout.deadKeys[other].name] {
                    let made = hex(Normalization.nfd(pair.unicodeScalars.map(\.value)))
                    rules.append("<transform from=\"\(marker)\(next)\" to=\"\(made)\" />")
                } else if other == index {
                    // Without a symbol the key twice types nothing, and nothing waits.
                    rules.append(
                        symbol.isEmpty
                            ? "<transform from=\"\(marker)\(marker)\" />"
                            : "<transform from=\"\(marker)\(marker)\" to=\"\(symbol)\" />")
                } else {
                    rules.append("<transform from=\"\(marker)\(next)\" to=\"\(symbol)\(next)\" />")
                }
            }
            rules.append("<transform from=\"\(marker)(.)\" to=\"\(symbol)$1\" />")
        }
        return rules
    }

    /// The layout's text compositions (in NFD): the grapheme before, then the text a key
    /// types, become what they make (`^e` → `ê`).
    static func textCompositionTransforms(_ layout: Layout) -> [String] {
        func nfd(_ text: String) -> String { hex(Normalization.nfd(text.unicodeScalars.map(\.value))) }
        var rules: [String] = []
        for (before, pairs) in layout.textCompositions.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        ) {
            for (typed, result) in pairs.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                rules.append(
                    result.isEmpty
                        ? "<transform from=\"\(nfd(before + typed))\" />"
                        : "<transform from=\"\(nfd(before + typed))\" to=\"\(nfd(result))\" />")
            }
        }
        return rules
    }

    /// The backspace transforms: while a dead key waits, backspace takes only the dead key
    /// (its marker) away, as the session cancels it; where backspace deletes whole graphemes
    /// (the grapheme policy, or a layout without accent keys, whose marks none of them
    /// are), a letter goes with its combining marks (LDML's default takes one code point of
    /// the NFD text, which on `é` would leave `e`). With accent keys, a letter whose last
    /// mark is not one of the accents (`ç` on hu-touch) goes whole too, as in the session;
    /// one ending with an accent loses that accent, LDML's default.
    static func backspaceTransforms(_ layout: Layout) -> [String] {
        var rules = layout.deadKeys.indices.map { "<transform from=\"\\m{\(deadKeyMarker($0))}\" />" }
        let marks = characterClass(combiningMarks)
        if layout.policies.backspace == .grapheme || layout.accents.isEmpty {
            rules.append("<transform from=\".\(marks){1,9}\" />")
        } else {
            // An explicit pair's letter loses what the pair added (cs-touch: ů → u), even a
            // mark that is not an accent; only marks of U+0300–U+036F come off, as in the session.
            for accent in layout.accents {
                for pair in accent.overrides {
                    let base = Normalization.nfd(pair.base.unicodeScalars.map(\.value))
                    let result = Normalization.nfd(pair.result.unicodeScalars.map(\.value))
                    guard base.count == 1, result.count > 1, result[0] == base[0] else { continue }
                    rules.append("<transform from=\"\(hex(result))\" to=\"\(hex(base))\" />")
                }
            }
            let accentMarks = Set(layout.accents.map(\.mark.value).filter { (0x300...0x36F).contains($0) })
            let others = removing(accentMarks, from: combiningMarks)
            rules.append("<transform from=\".\(marks){0,8}\(characterClass(others))\" />")
        }
        guard !rules.isEmpty else { return [] }
        return ["\t<transforms type=\"backspace\">", "\t\t<transformGroup>"] + rules.map { "\t\t\t" + $0 }
            + ["\t\t</transformGroup>", "\t</transforms>"]
    }

    /// The blocks of combining diacritical marks (Unicode's Combining Diacritical Marks,
    /// its Extended and Supplement blocks, those for symbols and the half marks).
    static let combiningMarks: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// `ranges` without `values`, still in order.
    static func removing(_ values: Set<UInt32>, from ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        ranges.flatMap { range -> [ClosedRange<UInt32>] in
            var pieces: [ClosedRange<UInt32>] = []
            var start = range.lowerBound
            for value in values.sorted() where range.contains(value) {
                if value > start { pieces.append(start...(value - 1)) }
                start = value + 1
            }
            if start <= range.upperBound { pieces.append(start...range.upperBound) }
            return pieces
        }
    }

    static func characterClass(_ ranges: [ClosedRange<UInt32>]) -> String {
        "["
            + ranges.map { $0.count == 1 ? hex([$0.lowerBound]) : hex([$0.lowerBound]) + "-" + hex([$0.upperBound]) }
            .joined() + "]"
    }

    static func hex(_ values: [UInt32]) -> String {
        values.map { "\\u{\(String($0, radix: 16, uppercase: true))}" }.joined()
    }
}
