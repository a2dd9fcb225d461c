/// What every key press of one layout needs, computed once when the layout is made, so
/// that the session's hot path does array look-ups: no normalization, no dictionary of
/// `Character`s.
final class LayoutTables: Sendable {
    /// A key's action, flattened: kind and argument.
    enum Kind: UInt8 { case text, accent, shift, backspace, space, returnKey, layer, deadKey, latch, capsLock }

    /// One text a key or long-press alternate types: NFD for the context, NFC for the host.
    struct Output {
        let nfd: [Unicode.Scalar]
        let nfc: String
    }

    /// What an accent does to a bare base letter: the marks to add after it (NFD) and the
    /// whole accented letter in NFC.
    struct AccentResult {
        let marks: [Unicode.Scalar]
        let nfc: String
    }

    /// Whether `scalar` joins the grapheme before it when typed after it (UAX #29 rules GB9,
    /// GB9a: marks, other grapheme extenders, ZWJ).
    static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.properties.isGraphemeExtend || scalar.value == 0x200D
        }
    }

    /// Bases below this value are looked up in arrays, the rest in a dictionary.
    static let directLookupLimit: UInt32 = 0x500

    let kinds: [Kind]
    /// Per key: the index into `outputs` (text), `accents` (accent), `layers` (layer, latch) or
    /// `deadKeySymbols` (dead key).
    let arguments: [Int32]
    /// Per key: the range of its long-press alternates in `alternateOutputs`.
    let alternateStart: [Int32]
    let alternateCount: [Int16]
    let alternateDefault: [Int16]
    /// Indexes into `outputs`, for all keys' alternates one after the other.
    let alternateOutputs: [Int32]
    /// Per key: the indexes into `outputs` of its multi-tap texts (empty for most keys).
    let multiTapOutputs: [[Int32]]
    /// Per key: its flicks' directions and the index into `outputs` of what each types.
    let flickOutputs: [[(directions: [FlickDirection], output: Int32)]]
    let outputs: [Output]
    /// Per accent: the spacing symbol typed when no letter takes it.
    let accentSymbols: [Output]
    let spaceOutput = Output(nfd: [" "], nfc: " ")
    let returnOutput = Output(nfd: ["\n"], nfc: "\n")

    /// `accentResults[0]` is unused: 0 in the look-ups means "does not take the accent".
    let accentResults: [AccentResult]
    /// Per accent: base scalar value → index into `accentResults`, for bases below the limit.
    let accentDirect: [[UInt16]]
    /// Per accent: the same for bases from the limit up.
    let accentOther: [[UInt32: UInt16]]
    /// Per mark in U+0300–U+036F: whether accent-first backspace takes it off.
    let removableMark: [Bool]
    /// The layout's explicit overrides by their result in NFD (`u` + U+030A for cs-touch's
    /// `ů`), with how many marks the override added: such a letter counts as carrying the
    /// layout's accent even when its mark is not one of the layout's (the ring is not a
    /// cs-touch accent, so only `ů` loses it to backspace, not a pasted `å`).
    let overrideMarkCounts: [[Unicode.Scalar]: Int]
    /// Per dead key: the spacing symbol it types when the next key does not compose.
    let deadKeySymbols: [Output]
    /// Per dead key: following text (NFC) → the composed result.
    let deadKeyCompositions: [[String: Output]]
    /// Per dead key: the dead key pressed next (its index) → what the two make.
    let deadKeyPairs: [[Int32: Output]]
    /// The grapheme before the caret (NFC) → a key's text (NFC) → what the two become
    /// (`Layout.textCompositions`), and whether there are any (the hot path tests only that).
    let textCompositions: [String: [String: Output]]
    var hasTextCompositions: Bool { !textCompositions.isEmpty }
    /// Whether a key's text may start with a scalar that joins the grapheme before it (a
    /// combining mark, as a CLDR keyboard's acute key or an Indic vowel sign types).
    let hasJoiningOutputs: Bool

    init(accents: [Accent], keys: [Key], deadKeys: [DeadKey] = [], textCompositions: [String: [String: String]] = [:]) {
        var outputs: [Output] = []
        var outputIndex: [String: Int32] = [:]
        func output(_ text: String) -> Int32 {
            if let index = outputIndex[text] { return index }
            var nfd: [Unicode.Scalar] = []
            for character in text { nfd += CanonicalComposition.decomposed(character) }
            outputs.append(Output(nfd: nfd, nfc: text))
            outputIndex[text] = Int32(outputs.count - 1)
            return Int32(outputs.count - 1)
        }
        var kinds: [Kind] = []
        var arguments: [Int32] = []
        var alternateStart: [Int32] = []
        var alternateCount: [Int16] = []
        var alternateDefault: [Int16] = []
        var alternateOutputs: [Int32] = []
        var multiTapOutputs: [[Int32]] = []
        var flickOutputs: [[(directions: [FlickDirection], output: Int32)]] = []
        for key in keys {
            multiTapOutputs.append(key.multiTap.map(output))
            flickOutputs.append(key.flicks.map { ($0.directions, output($0.text)) })
            let (kind, argument): (Kind, Int32) =
                switch key.action {
                case .text(let text): (.text, output(text))
                case .accent(let index): (.accent, Int32(index))
                case .shift: (.shift, 0)
                case .backspace: (.backspace, 0)
                case .space: (.space, 0)
                case .returnKey: (.returnKey, 0)
                case .layer(let index): (.layer, Int32(index))
                case .deadKey(let index): (.deadKey, Int32(index))
                case .latch(let index): (.latch, Int32(index))
                case .capsLock: (.capsLock, 0)
                }
            kinds.append(kind)
            arguments.append(argument)
            alternateStart.append(Int32(alternateOutputs.count))
            alternateCount.append(Int16(key.longPress.count))
            alternateDefault.append(Int16(key.longPressDefault))
            alternateOutputs += key.longPress.map(output)
        }
        self.kinds = kinds
        self.arguments = arguments
        self.alternateStart = alternateStart
        self.alternateCount = alternateCount
        self.alternateDefault = alternateDefault
        self.alternateOutputs = alternateOutputs
        self.multiTapOutputs = multiTapOutputs
        self.flickOutputs = flickOutputs
        self.accentSymbols = accents.map { accent in
            Output(nfd: accent.symbol.flatMap(CanonicalComposition.decomposed), nfc: accent.symbol)
        }
        self.outputs = outputs
        func nfdOutput(_ text: String) -> Output {
            Output(nfd: text.flatMap(CanonicalComposition.decomposed), nfc: text)
        }
        self.deadKeySymbols = deadKeys.map { nfdOutput($0.symbol) }
        self.deadKeyCompositions = deadKeys.map { deadKey in
            deadKey.compositions.mapValues(nfdOutput)
        }
        self.textCompositions = textCompositions.mapValues { $0.mapValues(nfdOutput) }
        self.hasJoiningOutputs = outputs.contains { $0.nfd.first.map(Self.joinsPrevious) ?? false }
        let deadKeyIndex = Dictionary(firstOf: deadKeys.enumerated().map { ($1.name, Int32($0)) })
        self.deadKeyPairs = deadKeys.map { deadKey in
            var pairs: [Int32: Output] = [:]
            for (next, result) in deadKey.afterDeadKeys {
                if let index = deadKeyIndex[next] { pairs[index] = nfdOutput(result) }
            }
            return pairs
        }

        var results = [AccentResult(marks: [], nfc: "")]
        var direct: [[UInt16]] = []
        var other: [[UInt32: UInt16]] = []
        var removable = [Bool](repeating: false, count: 0x70)
        var overrideMarkCounts: [[Unicode.Scalar]: Int] = [:]
        for accent in accents {
            var lookup = [UInt16](repeating: 0, count: Int(Self.directLookupLimit))
            var lookupOther: [UInt32: UInt16] = [:]
            func record(base: Unicode.Scalar, marks: [Unicode.Scalar], nfc: String) {
                results.append(AccentResult(marks: marks, nfc: nfc))
                let index = UInt16(results.count - 1)
                if base.value < Self.directLookupLimit {
                    lookup[Int(base.value)] = index
                } else {
                    lookupOther[base.value] = index
                }
            }
            for (first, mark, composed) in canonicalCompositionPairs where mark == accent.mark.value {
                guard let base = Unicode.Scalar(first), let result = Unicode.Scalar(composed), Self.isBare(base),
                    base.properties.isAlphabetic  // rule 1 is for letters: ¨ then ´ types ¨´, not ΅
                else { continue }
                record(base: base, marks: [accent.mark], nfc: String(Character(result)))
            }
            for override in accent.overrides {
                guard let baseCharacter = override.base.first, let resultCharacter = override.result.first else {
                    continue
                }
                let base = CanonicalComposition.decomposed(baseCharacter)
                let result = CanonicalComposition.decomposed(resultCharacter)
                guard base.count == 1, result.count > 1, result[0] == base[0] else { continue }
                record(base: base[0], marks: Array(result.dropFirst()), nfc: override.result)
                overrideMarkCounts[result] = result.count - 1
            }
            if CanonicalComposition.isCombiningDiacritic(accent.mark) {
                removable[Int(accent.mark.value - 0x300)] = true
            }
            direct.append(lookup)
            other.append(lookupOther)
        }
        self.accentResults = results
        self.accentDirect = direct
        self.accentOther = other
        self.removableMark = removable
        self.overrideMarkCounts = overrideMarkCounts
    }

    /// Whether `scalar` has no canonical decomposition (a bare letter: `a`, `α`, `и`, not `á`).
    /// The table knows Latin; Greek and Cyrillic bases are looked up in the UCD's mappings.
    static func isBare(_ scalar: Unicode.Scalar) -> Bool {
        if let decomposition = CanonicalComposition.tableDecomposition(of: scalar) { return decomposition == [scalar] }
        return ScalarNormalization.decompose(scalar.value) == [scalar.value]
    }

    /// What `accent` does to the bare base letter `base`, or `nil` if it does not take it.
    @inline(__always)
    func accentResult(_ accent: Int, on base: Unicode.Scalar) -> AccentResult? {
        let index =
            base.value < Self.directLookupLimit
            ? accentDirect[accent][Int(base.value)] : (accentOther[accent][base.value] ?? 0)
        return index == 0 ? nil : accentResults[Int(index)]
    }

    /// How many marks of `grapheme` (NFD) an explicit override put there, when it is an
    /// override's result (`ů` on cs-touch: 1); `nil` otherwise.
    func overrideMarkCount<C: Collection>(_ grapheme: C) -> Int? where C.Element == Unicode.Scalar {
        guard !overrideMarkCounts.isEmpty, grapheme.count > 1 else { return nil }
        return overrideMarkCounts[Array(grapheme)]
    }

    /// Whether accent-first backspace takes `scalar` off the letter it is on: one of the
    /// layout's accent marks (overrides' marks count only on the override's own letter).
    @inline(__always)
    func isRemovableMark(_ scalar: Unicode.Scalar) -> Bool {
        let offset = scalar.value &- 0x300
        return offset < 0x70 && removableMark[Int(offset)]
    }
}
