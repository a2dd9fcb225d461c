/// What a key press on an `LDMLSession` needs, computed once when the session starts:
/// each key's output (a slice of one flat buffer), the layer it switches to, and whether
/// typing it may skip the transform engine. Kept in unmanaged memory so that a press does
/// no reference counting.
///
/// A key may skip the engine when appending its output cannot make any transform or
/// reorder rule match and cannot change how the text before it normalizes:
/// - `inert`: no rule of any group can end with the output's last scalar, and no reorder
///   rule matches a scalar of it (whatever precedes it);
/// - `guarded`: a one-scalar output that only rules of exactly two elements can end with;
///   a bitmap per key says after which scalars (below 0x800) one of them may match.
/// In both cases the output is in NFD, starts with a scalar below U+0300 (a starter no
/// composition takes as its second part) and has no marker, so its NFC is computed once.
final class KeyPlan: @unchecked Sendable {
    enum Kind: UInt8 {
        /// No output (a gap, or a key that only switches layers).
        case nothing
        case inert
        case guarded
        /// Through the transform engine.
        case general
    }

    struct Entry {
        var start: Int32
        var count: Int32
        /// The layer the key switches to in the session's layer set, or -1.
        var layer: Int32
        /// The first of the key's 32 words in `guards` (`guarded` keys).
        var guardWord: Int32
        var kind: Kind
        var isGap: Bool
    }

    let entries: UnsafeMutableBufferPointer<Entry>
    let outputs: UnsafeMutableBufferPointer<UInt32>
    /// For `guarded` keys, 32 words each: bit `p` set when a rule may match after scalar `p`.
    let guards: UnsafeMutableBufferPointer<UInt64>
    /// Bitmap of scalars below 0x800 some reorder rule matches (32 words).
    let reorderLow: UnsafeMutableBufferPointer<UInt64>
    /// Per key: its text for the host (NFC unless normalization is off) when it may skip
    /// the engine or its output is plain text below U+0300, else `nil`.
    let texts: [String?]

    /// The plan for `keyboard` on `layerSet`; without `shortcuts` every key goes through
    /// the transform engine (what the shortcuts must agree with).
    init(keyboard: LDMLKeyboard, layerSet: LDMLLayerSet?, shortcuts: Bool = true) {
        var reorderBits = [UInt64](repeating: 0, count: 32)
        for group in keyboard.simpleGroups {
            guard case .reorder(let reorder) = group else { continue }
            for range in reorder.relevant.ranges where range.lowerBound < 0x800 {
                for value in range.lowerBound...min(range.upperBound, 0x7FF) {
                    reorderBits[Int(value >> 6)] |= 1 << UInt64(value & 63)
                }
            }
        }
        func reorders(_ value: UInt32) -> Bool {
            value >= 0x800 || reorderBits[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
        }
        let ruleGroups = keyboard.simpleGroups.compactMap { group -> RuleGroup? in
            if case .rules(let rules) = group { return rules }
            return nil
        }
        let normalize = !keyboard.normalizationDisabled
        let tooMany = ruleGroups.contains { $0.rules.count > 64 }
        var entries: [Entry] = []
        var flat: [UInt32] = []
        var guardWords: [UInt64] = []
        var texts: [String?] = []
        for key in keyboard.keys {
            let output = key.output
            var entry = Entry(
                start: Int32(flat.count), count: Int32(output.count),
                layer: Int32(key.layerID.flatMap { layerSet?.layerIndex(id: $0) } ?? -1), guardWord: -1,
                kind: output.isEmpty ? .nothing : .general, isGap: key.isGap)
            flat += output
            // Below U+0300 every scalar is a starter nothing composes with: the output is
            // its own NFC, and its text the key's (`plainString` of it); below U+00C0 its
            // own NFD too.
            let plain = !output.isEmpty && output.allSatisfy { $0 < 0x300 }
            let appendable =
                !output.isEmpty && output[0] < 0x300 && output.allSatisfy { $0 < 0x800 }
                && (!normalize || output.allSatisfy { $0 < 0xC0 } || Normalization.nfd(output) == output)
                && !output.contains(where: reorders)
            var text: String? = plain ? key.outputText : nil
            if shortcuts, appendable, let last = output.last {
                let ending = ruleGroups.map { $0.candidates(endingWith: last) }
                if !tooMany, ending.allSatisfy({ $0 == 0 }) {
                    entry.kind = .inert
                } else if !tooMany, output.count == 1 {
                    entry.kind = .guarded
                    entry.guardWord = Int32(guardWords.count)
                    var words = [UInt64](repeating: 0, count: 32)
                    for group in ruleGroups {
                        for (word, bits) in group.previousWords(endingWith: last).enumerated() { words[word] |= bits }
                    }
                    guardWords += words
                }
                if entry.kind != .general, !plain {
                    text = TextElement.plainString(normalize ? Normalization.nfc(output) : output)
                }
            }
            entries.append(entry)
            texts.append(text)
        }
        self.entries = Self.copy(entries)
        outputs = Self.copy(flat)
        guards = Self.copy(guardWords)
        reorderLow = Self.copy(reorderBits)
        self.texts = texts
    }

    deinit {
        entries.deallocate()
        outputs.deallocate()
        guards.deallocate()
        reorderLow.deallocate()
    }

    private static func copy<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, values.count))
        _ = buffer.initialize(from: values)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<values.count])
    }

    /// The output of the key with `entry`.
    @inline(__always) func output(_ entry: Entry) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: outputs[Int(entry.start)..<Int(entry.start + entry.count)])
    }

    /// Whether a reorder rule may match `value` (true for scalars from 0x800 and markers).
    @inline(__always) func mayReorder(_ value: UInt32) -> Bool {
        value >= 0x800 || reorderLow[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
    }

    /// Whether the `guarded` key whose words start at `word` may start a match after `previous`.
    @inline(__always) func guarded(_ word: Int32, after previous: UInt32) -> Bool {
        previous >= 0x800 || guards[Int(word) + Int(previous >> 6)] & (1 << UInt64(previous & 63)) != 0
    }
}
