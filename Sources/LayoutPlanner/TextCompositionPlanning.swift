import LayoutCore

/// How the planner uses a layout's text compositions (`Layout.textCompositions`): the
/// graphemes they make are typed as their two keys, and a text that would compose with the
/// grapheme before it is not typed there.
extension Productions {
    /// A text, then a key whose text makes one grapheme with it (`^` then `e` is `ê`), types
    /// that grapheme; a pair that makes marks alone (pcm's `'` then `'`, U+0323) adds them to
    /// the grapheme before, as a key typing those marks would (`e` `'` `'` is `ẹ`). The typed
    /// text may be an accent's symbol (`accentSymbols`: symbol → the accent key's tap): a rule
    /// of a peer's accent key that no accent makes (latn-post's `s` `/` → ß).
    mutating func addTextCompositions(
        _ layout: Layout, direct: [String: [[KeyEvent]]], accentSymbols: [String: [[KeyEvent]]] = [:]
    ) {
        guard !layout.textCompositions.isEmpty else { return }
        var markWays: [(marks: String, way: [KeyEvent], first: String)] = []
        for (before, pairs) in Self.inOrder(layout.textCompositions) {
            for (typed, result) in Self.inOrder(pairs) {
                guard let lead = result.unicodeScalars.first else { continue }
                let isMarks = result.unicodeScalars.allSatisfy(Self.isMark)
                guard isMarks || (result.count == 1 && !Self.isMark(lead)) else { continue }
                for first in direct[before] ?? [] {
                    for second in (direct[typed] ?? []) + (accentSymbols[typed] ?? []) {
                        if isMarks {
                            markWays.append((result, first + second, before))
                        } else {
                            add(result, first + second)
                        }
                    }
                }
            }
        }
        guard !markWays.isEmpty else { return }
        for (grapheme, ways) in Self.inOrder(byGrapheme) {
            guard let lead = grapheme.unicodeScalars.first, !Self.isMark(lead) else { continue }
            for (marks, way, first) in markWays where layout.textCompositions[grapheme]?[first] == nil {
                let combined = grapheme + marks
                guard combined.count == 1 else { continue }
                let result = CanonicalComposition.composed(combined.flatMap(CanonicalComposition.decomposed))
                for base in ways where base.count < 3 { add(result, base + way) }
            }
        }
    }
}

extension PlannerTables {
    /// Whether some way of typing a grapheme starts with a text that composes with some
    /// grapheme before it: how that grapheme is typed depends on the one before.
    static func startsWithComposingText(_ ways: [[KeyEvent]], layout: Layout, typedTexts: Set<String>) -> Bool {
        !typedTexts.isEmpty
            && ways.contains { way in firstOutput(way, layout: layout).map(typedTexts.contains) ?? false }
    }

    /// What the first key of `events` that types something types (as `TypingSession` does),
    /// skipping shift and layer keys; `nil` when that key is an accent, a dead key or
    /// backspace, whose text depends on more than the key, or when none types anything.
    static func firstOutput(_ events: some Sequence<KeyEvent>, layout: Layout) -> String? {
        for event in events {
            let key = layout.keys[event.key.rawValue]
            if event.isFlick { return key.flicks.first { $0.directions == event.flickDirections }?.text }
            if event.isMultiTap, !key.multiTap.isEmpty {
                let index = (event.tapCount - 1) % (key.multiTap.count + 1)
                if index > 0 { return key.multiTap[index - 1] }
            } else if event.isLongPress {
                let pick = event.alternate ?? key.longPressDefault
                return pick < key.longPress.count ? key.longPress[pick] : nil
            }
            switch key.action {
            case .text(let text): return text
            case .space: return " "
            case .returnKey: return "\n"
            case .shift, .layer, .latch, .capsLock: continue
            case .accent, .deadKey, .backspace: return nil
            }
        }
        return nil
    }

    /// The texts that compose with the grapheme before (its id, or -1 and its NFD scalars),
    /// which the planner must not type after it.
    func composingTexts(afterID id: Int, nfd: [Unicode.Scalar]) -> [String: String]? {
        guard !layout.textCompositions.isEmpty else { return nil }
        if id >= 0 { return layout.textCompositions[graphemes[id]] }
        return nfd.isEmpty ? nil : layout.textCompositions[CanonicalComposition.composed(nfd)]
    }
}
