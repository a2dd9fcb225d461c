import LayoutEngine

/// Makes a peer layout: the ISO keyboard's keys as the peer types them from a neutral
/// context (`PeerProbe`), as an engine `Layout` the planner can read (text keys, dead keys,
/// postfix accents), typed by the peer itself through a `PeerHook`.
///
/// The layout is the planner's *model* of the peer; replaying a plan through the peer (as
/// the tests do on whole corpora) checks it. Comma and full stop stay text keys even where
/// the peer has postfix rules for them (latn-post: `a` `,` → ą): in running text they follow
/// letters all the time, and an accent key there would make a plain comma after a letter
/// untypeable in the model, while the peer types it with a second press (`a , ,` → `a,`).
/// The hyphen likewise (`e-mail`). The rules of keys that stay text keys, and the escapes the
/// probe finds for them, are the layout's text compositions (`textCompositions(rules:…)`).
struct PeerLayoutBuilder {
    /// Who the layout is: id, name, locale, description.
    struct Identity {
        let id: String
        let name: String
        let locale: String
        let description: String
    }

    /// Keys that never become accents in the model (see the type's documentation).
    static let punctuationKeys: Set<String> = [",", ".", "-"]
    /// How many letters a key must have postfix rules for to be modeled as an accent key.
    static let minimumPostfixLetters = 3

    let identity: Identity
    let engineName: String
    let levels: [PeerLevel]
    /// A fresh peer typing at the start of an empty text.
    let makeTyping: @Sendable () -> any PeerTyping

    /// Probes the peer and builds the layout.
    func build() throws(PeerError) -> Layout {
        var probe = PeerProbe(typing: makeTyping())
        let singles = probe.singles(levels: levels)
        let texts = singles.filter { $0.output.count == 1 && !$0.output.unicodeScalars.contains { $0.value < 0x20 } }
        let silent = singles.filter { $0.output.isEmpty }
        guard !texts.isEmpty else { throw .typesNothing(id: identity.id) }

        var actions: [PeerPress: KeyDefinition.Action] = [:]
        for single in texts { actions[single.press] = .text(single.output) }
        var deadKeys: [DeadKey] = []
        let spaceCandidate = PeerProbe.Single(press: PeerPress(position: "SPCE", level: levels[0]), output: " ")
        for single in silent {
            let (compositions, symbol) = probe.deadKey(single.press, candidates: texts + [spaceCandidate])
            guard !compositions.isEmpty else { continue }
            let name = "peer.\(single.press.position).\(single.press.level.layerID)"
            deadKeys.append(DeadKey(name: name, symbol: symbol, compositions: compositions))
            actions[single.press] = .deadKey(name)
        }
        let letters = texts.filter { $0.output.unicodeScalars.first!.properties.isAlphabetic }
        let letterPresses = Set(letters.map(\.press))
        let ruleKeys = texts.filter { !letterPresses.contains($0.press) }
        let rules = probe.postfixRules(letters: letters, keys: ruleKeys)
        let accents = Self.accents(from: rules, keys: ruleKeys.filter { !Self.punctuationKeys.contains($0.output) })
        for (press, accent) in accents.byPress { actions[press] = .accent(accent) }
        // A character that is no letter, then any key (sil_euro_latin's `.` then `e` → ė): one
        // key per character, as such rules read the text before the key.
        var seenOthers: Set<String> = []
        let afterOthers = probe.postfixRules(
            letters: ruleKeys.filter { seenOthers.insert($0.output).inserted }, keys: texts)
        let textCompositions = Self.textCompositions(
            rules: rules.merging(afterOthers) { $0 + $1 }, bases: texts, keys: texts, accents: accents.byPress,
            probe: &probe)

        let hasAltGr = levels.contains { level in level.altGr && actions.keys.contains { $0.level == level } }
        // A caps layer only where Caps Lock gives something else than Shift.
        let hasCaps =
            levels.contains(.capsLock)
            && PeerKeyboard.characterPositions.contains {
                actions[PeerPress(position: $0.name!, level: .capsLock)]
                    != actions[PeerPress(position: $0.name!, level: .shifted)]
            }
        let usedLevels = levels.filter { (!$0.altGr || hasAltGr) && (!$0.caps || hasCaps) }
        let layers = usedLevels.map { level in
            LayerDefinition(
                id: level.layerID, rows: rows(level, actions, hasAltGr: hasAltGr, hasCaps: levels.contains(.capsLock)),
                shifted: level.shift || level.caps ? nil : PeerLevel(shift: true, altGr: level.altGr).layerID,
                locked: level == .base && hasCaps ? "caps" : nil)
        }
        let definition = LayoutDefinition(
            id: identity.id, name: identity.name, locale: identity.locale, platform: .hardware,
            description: identity.description,
            geometry: Geometry(
                widthMm: 15 * PeerKeyboard.unitMm, unitsPerRow: 15, rowPitchMm: PeerKeyboard.unitMm, keyGapMm: 0.95),
            accents: accents.list, policies: Policies(backspace: .grapheme, secondAccent: .stack),
            layers: layers, deadKeys: deadKeys, textCompositions: textCompositions)
        let layout: Layout
        do {
            layout = try Layout(definition)
        } catch {
            throw .typesNothing(id: "\(identity.id): \(error)")
        }
        let presses: [PeerPress?] = layout.keys.map { key in
            guard let level = usedLevels.first(where: { $0.layerID == layout.layers[key.layer].id }) else { return nil }
            switch key.action {
            case .text, .accent, .deadKey, .backspace, .space, .returnKey:
                return PeerPress(position: key.id, level: level)
            default: return nil
            }
        }
        let make = makeTyping
        return layout.typed(
            by: PeerHook(engineName: engineName) { PeerSessionEngine(AnyPeerTyping(make()), presses: presses) })
    }

    /// One row per ISO row: the keys the level has, gaps where a position types nothing.
    private func rows(
        _ level: PeerLevel, _ actions: [PeerPress: KeyDefinition.Action], hasAltGr: Bool, hasCaps: Bool
    ) -> [RowDefinition] {
        PeerKeyboard.rows.map { positions in
            var keys: [KeyDefinition] = []
            var gap = 0.0
            for position in positions {
                let action: KeyDefinition.Action?
                switch position.name.flatMap(PeerKeyboard.role) {
                case .character: action = actions[PeerPress(position: position.name!, level: level)]
                case .shift: action = .shift
                case .altGr: action = hasAltGr ? .latch("altgr") : nil
                case .capsLock: action = hasCaps ? .capsLock : nil
                case .backspace: action = .backspace
                case .returnKey: action = .returnKey
                case .space: action = .space
                case nil: action = nil
                }
                guard let action else {
                    gap += position.width
                    continue
                }
                let label: String? = if case .space = action { "␣" } else { nil }
                keys.append(
                    KeyDefinition(action, id: position.name, label: label, width: position.width, gapBefore: gap))
                gap = 0
            }
            return RowDefinition(keys: keys, trailingGap: gap)
        }
    }

    /// The rules of keys that stay text keys, as text compositions (sil_ipa's `a` `<` → æ,
    /// latn-post's `r` `,` → ŗ, sil_euro_latin's `.` `e` → ė), so that the planner types those characters with the pair and
    /// never types the key's text right after such a letter as if the two stayed apart; and
    /// each rule's escape (`PeerProbe.escape`) as a composition of the result with the
    /// escape's text giving back the pair (`ŗ` then `,` is `r,`), which the planner types
    /// where the text has the letter and the key's text side by side. Where keys at two levels
    /// type the same text, the first rule found stands; an escape never replaces a rule. A rule
    /// whose result is a lone combining mark is left out (sil_ipa's `#` `<` → U+034F), and only
    /// a letter's rules get the whole escape search (the pairs running text has side by side);
    /// another character's rules get the key again only, as do an accent key's rules, whose
    /// escape the planner types as the accent key twice (`o : :` → `o:`).
    static func textCompositions(
        rules: [PeerPress: [(base: String, result: String)]], bases: [PeerProbe.Single], keys: [PeerProbe.Single],
        accents: [PeerPress: AccentName], probe: inout PeerProbe
    ) -> [String: [String: String]] {
        var compositions: [String: [String: String]] = [:]
        var pairs: [(letter: String, key: PeerProbe.Single, result: String)] = []
        for key in keys where accents[key.press] == nil {
            for rule in rules[key.press] ?? []
            where compositions[rule.base]?[key.output] == nil && !rule.result.unicodeScalars.first!.isMark {
                compositions[rule.base, default: [:]][key.output] = rule.result
                pairs.append((rule.base, key, rule.result))
            }
        }
        guard !pairs.isEmpty else { return compositions }
        var seen: Set<String> = []
        let candidates = keys.filter {
            accents[$0.press] == nil && !$0.output.unicodeScalars.first!.properties.isAlphabetic
                && seen.insert($0.output).inserted
        }
        var letterKeys: [String: PeerProbe.Single] = [:]
        for base in bases where letterKeys[base.output] == nil { letterKeys[base.output] = base }
        // An accent key's rules: those no accent makes (latn-post's `s` `/` → ß, not a mark on
        // `s`) as text compositions of the key's symbol; the escape, the key again only
        // (latn-post's `o : :` → `o:`).
        for key in keys where accents[key.press] != nil {
            for rule in rules[key.press] ?? []
            where !Self.addsMarks(rule) && compositions[rule.base]?[key.output] == nil {
                compositions[rule.base, default: [:]][key.output] = rule.result
            }
            for rule in rules[key.press] ?? [] where compositions[rule.result]?[key.output] == nil {
                guard let single = letterKeys[rule.base],
                    probe.escape(letter: single, key: key, candidates: []) == key.output
                else { continue }
                compositions[rule.result, default: [:]][key.output] = rule.base + key.output
            }
        }
        for (letter, key, result) in pairs where compositions[result]?[key.output] == nil {
            guard let single = letterKeys[letter],
                let escape = probe.escape(
                    letter: single, key: key,
                    candidates: single.output.unicodeScalars.first!.properties.isAlphabetic ? candidates : []),
                compositions[result]?[escape] == nil
            else { continue }
            compositions[result, default: [:]][escape] = letter + key.output
        }
        return compositions
    }

    /// Whether a rule's result is its base with marks after it (what an accent's explicit
    /// override can say, `LayoutTables`), as `ő` is `o` with U+030B and `ß` is not `s` with any.
    static func addsMarks(_ rule: (base: String, result: String)) -> Bool {
        let base = Array(rule.base.decomposedStringWithCanonicalMapping.unicodeScalars)
        let result = Array(rule.result.decomposedStringWithCanonicalMapping.unicodeScalars)
        return base.count == 1 && result.count > 1 && result[0] == base[0]
    }

    /// Postfix keys as accents: each key's mark is the one most of its rules add to the
    /// letter (each mark for one key only), its symbol the key's own text, and every rule an
    /// explicit override. A key with rules for fewer than `minimumPostfixLetters` letters, or
    /// whose rules add no combining mark, stays a text key.
    static func accents(from rules: [PeerPress: [(base: String, result: String)]], keys: [PeerProbe.Single])
        -> (list: [Accent], byPress: [PeerPress: AccentName])
    {
        var list: [Accent] = []
        var byPress: [PeerPress: AccentName] = [:]
        var used: Set<AccentName> = []
        let ordered = keys.filter { (rules[$0.press]?.count ?? 0) >= minimumPostfixLetters }
            .sorted { rules[$0.press]!.count > rules[$1.press]!.count }
        for key in ordered {
            let keyRules = rules[key.press]!
            var counts: [AccentName: Int] = [:]
            for rule in keyRules {
                let base = Array(rule.base.decomposedStringWithCanonicalMapping.unicodeScalars)
                let result = Array(rule.result.decomposedStringWithCanonicalMapping.unicodeScalars)
                guard result.count == base.count + 1, Array(result.prefix(base.count)) == base,
                    let name = AccentName.allCases.first(where: { $0.mark == result.last })
                else { continue }
                counts[name, default: 0] += 1
            }
            let free = counts.filter { !used.contains($0.key) }
            guard let name = free.max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) })?.key else {
                continue
            }
            used.insert(name)
            list.append(
                Accent(
                    name: name, symbol: key.output,
                    overrides: keyRules.map { AccentOverride(base: $0.base, result: $0.result) }))
            byPress[key.press] = name
        }
        return (list, byPress)
    }
}

/// A type-erased `PeerTyping`, so that one `PeerSessionEngine` type serves every peer.
final class AnyPeerTyping: PeerTyping {
    let base: any PeerTyping
    init(_ base: any PeerTyping) { self.base = base }
    func press(_ press: PeerPress) -> Edit { base.press(press) }
    func setContext(_ text: String) { base.setContext(text) }
    func duplicate() -> Self { Self(base.duplicate()) }
}

extension Unicode.Scalar {
    /// Whether the scalar is a combining mark (nonspacing, spacing or enclosing).
    fileprivate var isMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
