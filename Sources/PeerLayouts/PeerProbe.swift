import LayoutEngine

/// Finds out how a peer types by trying key sequences from a neutral context (an empty
/// text, nothing pending), the only way to learn what an engine we do not own does.
///
/// The search bound: every character key of the ISO keyboard at each level (none, Shift,
/// AltGr, Shift+AltGr, Caps Lock; m17n: none, Shift) alone; then, for a key that types nothing
/// alone (a dead key), that key followed by each key that types one character, and by space;
/// then every key that types a letter followed by each key that types one character, at any
/// level (postfix rules: `o` `"` → `ö`, sil_ipa's `a` Shift+`,` → æ), and every key that types
/// one character and no letter followed by each of those keys (rules on the text before:
/// sil_euro_latin's `.` `e` → ė). Sequences of three keys and more (latn-post's `a~~` → ă,
/// `ae/` → æ) are not searched, so what only they type counts as untypeable, with one
/// exception: where a character and a key that stays a text key make one character
/// (latn-post's `r` `,` → ŗ), one more key after the pair is tried, that key first, then each
/// other key that types one character and no letter (one key per character), for the method's
/// escape (`r , ,` → `r,`), so that the key's own text can still follow the character.
struct PeerProbe {
    /// What a single press types from the neutral context.
    struct Single {
        let press: PeerPress
        let output: String
    }

    let typing: any PeerTyping
    private(set) var sequences = 0

    init(typing: any PeerTyping) {
        self.typing = typing
    }

    /// The text a sequence of presses leaves, from the neutral context.
    mutating func type(_ presses: [PeerPress]) -> String {
        sequences += 1
        typing.setContext("")
        var buffer = TextBuffer()
        for press in presses { buffer.apply(typing.press(press)) }
        typing.setContext("")
        return buffer.text
    }

    /// Every character key at every level, pressed alone.
    mutating func singles(levels: [PeerLevel]) -> [Single] {
        var singles: [Single] = []
        for level in levels {
            for position in PeerKeyboard.characterPositions {
                let press = PeerPress(position: position.name!, level: level)
                singles.append(Single(press: press, output: type([press])))
            }
        }
        return singles
    }

    /// A key that types nothing alone, followed by each candidate: the results that differ
    /// from the candidate's own text (keyed by that text), and what it types before a
    /// candidate it does not compose with (its symbol, possibly empty).
    mutating func deadKey(_ press: PeerPress, candidates: [Single]) -> (compositions: [String: String], symbol: String)
    {
        var compositions: [String: String] = [:]
        var symbol: String?
        for candidate in candidates {
            let result = type([press, candidate.press])
            guard result != candidate.output else {
                symbol = symbol ?? ""
                continue
            }
            if result.count == 1 {
                compositions[candidate.output] = result
            } else if result.hasSuffix(candidate.output), symbol == nil || symbol == "" {
                symbol = String(result.dropLast(candidate.output.count))
            }
        }
        return (compositions, symbol ?? "")
    }

    /// The escape of a two-key rule (`letter` then `key` make `result`): the first of `key`,
    /// then `candidates`, that typed after the pair leaves the letter and the key's text as
    /// they are (latn-post: `r , ,` → `r,`), with that text; `nil` when none does.
    mutating func escape(letter: Single, key: Single, candidates: [Single]) -> String? {
        let wanted = letter.output + key.output
        for candidate in [key] + candidates where type([letter.press, key.press, candidate.press]) == wanted {
            return candidate.output
        }
        return nil
    }

    /// Two-key postfix rules: a letter followed by a key, when the two make one grapheme.
    mutating func postfixRules(letters: [Single], keys: [Single]) -> [PeerPress: [(base: String, result: String)]] {
        var rules: [PeerPress: [(base: String, result: String)]] = [:]
        for key in keys {
            for letter in letters {
                let result = type([letter.press, key.press])
                if result.count == 1, result != letter.output + key.output {
                    rules[key.press, default: []].append((letter.output, result))
                }
            }
        }
        return rules
    }
}
