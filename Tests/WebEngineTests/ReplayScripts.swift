import Foundation
import LayoutEngine
import TestSupport

extension Replay {
    /// Types `lines` on the open layout as the planner types them, every seventh event by
    /// its trace name (`press`); after each line a line break, or, every third line, the
    /// typed text handed back in NFD as the context (a host that holds decomposed text).
    mutating func type(_ lines: [String]) {
        guard let layout = session?.layout else { return }
        let planner = KeystrokePlanner(layout: layout)
        let keyNames = KeyNameTable(layout: layout)
        for (number, line) in lines.enumerated() {
            guard let current = session else { return }
            let plan = planner.plan(line, from: current.state, after: current.text)
            for (index, event) in plan.events.enumerated() {
                if index % 7 == 3 {
                    press(KeyNames.name(of: event, in: layout, names: keyNames.names))
                } else {
                    self.event(event)
                }
            }
            if number % 3 == 2 {
                context(String((session?.text ?? "").suffix(40)).decomposedStringWithCanonicalMapping)
            } else if let returnKey = layout.keys.indices.first(where: { layout.keys[$0].action == .returnKey }) {
                event(.tap(KeyID(returnKey)))
            }
            if number % 10 == 0 { view() }
            text()
        }
    }

    /// Texts a host may hold before the caret: accents precomposed, decomposed, stacked,
    /// pasted symbols, nothing.
    static let contexts = [
        "", "a", "á", "a\u{301}", "ő", "o\u{308}\u{30B}", "Győr ", "u\u{30A}", "ů", "e\u{301}\u{323}", "ø", "å", "ǘ",
        "Ö", "O\u{308}", "x\u{301}", "\u{301}", "漢字", "🇭🇺", "👩‍💻", "ﬁ", "Å", "\u{212B}", "c\u{30C}", "ď", "t\u{30C}",
    ]

    /// `count` random calls on the open layout: taps on the keys shown (most), long-presses
    /// (a random alternate or the default), multi-taps, flicks, contexts in NFC and NFD, trace
    /// names (some misspelled), backspace choices, and the keys shown now and then.
    mutating func randomCalls(_ count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let misspelled = ["ő", "shfit", "O:x", "o:", "a*1", "a*2", "a~q", "a~n", "123", "ABC", "⌫", "Ő", "space", "zz"]
        for _ in 0..<count {
            guard let session else { return }
            let layout = session.layout
            let shown = Array(layout.layers[session.visibleLayer].rows.joined())
            guard let key = shown.randomElement(using: &random) else { return }
            let alternates = layout.keys[key.rawValue].longPress.count
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<62: event(.tap(key))
            case 62..<72:
                let pick = Int.random(in: -1..<(alternates + 1), using: &random)
                event(.longPress(key, alternate: pick < 0 ? nil : pick))
            case 72..<77: event(.multiTap(key, count: Int.random(in: 2...5, using: &random)))
            case 77..<82:
                let flicks = layout.keys[key.rawValue].flicks
                let directions =
                    flicks.randomElement(using: &random)?.directions
                    ?? [FlickDirection.allCases.randomElement(using: &random)!]
                event(.flick(key, directions))
            case 82..<88:
                let text = Self.contexts.randomElement(using: &random)!
                context(Bool.random(using: &random) ? text.decomposedStringWithCanonicalMapping : text)
            case 88..<95:
                if Bool.random(using: &random) {
                    press(KeyNames.name(of: key, in: layout))
                } else {
                    press(misspelled.randomElement(using: &random)!)
                }
            case 95..<97: setBackspace(Bool.random(using: &random) ? .accent : .grapheme)
            default:
                view()
                text()
            }
        }
    }
}
