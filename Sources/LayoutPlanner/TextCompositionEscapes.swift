import LayoutCore

/// Escapes of text compositions: where a text typed after a grapheme would compose with it
/// (latn-post's `r` then `,` makes `ŗ`), a layout may declare that a further text gives the
/// two back as they were (`ŗ` then `,` makes `r,`, a composition whose result is the grapheme
/// and the text side by side). The planner then types the text there with the escape after
/// it (`r , ,`), instead of leaving it out.
///
/// Only the ways of graphemes that start with a composing text are kept, and the one-key
/// ways of the escape texts; a layout without escapes has none (`init` fails).
struct CompositionEscapes: Sendable {
    /// Per grapheme id: its ways (without switching) whose first text composes with some
    /// grapheme before it.
    let ways: [Int32: [[KeyEvent]]]
    /// Per escape text: the ways of one event that type it.
    let textWays: [String: [[KeyEvent]]]

    /// The escapes of `layout`'s text compositions, or `nil` when it declares none.
    init?(layout: Layout, productions: Productions, graphemeIDs: [String: Int32]) {
        var escapeTexts: Set<String> = []
        for (before, pairs) in layout.textCompositions {
            for (typed, result) in pairs {
                for (escape, restored) in layout.textCompositions[result] ?? [:] where restored == before + typed {
                    escapeTexts.insert(escape)
                }
            }
        }
        guard !escapeTexts.isEmpty else { return nil }
        var textWays: [String: [[KeyEvent]]] = [:]
        for text in escapeTexts {
            let ways = (productions.byGrapheme[text] ?? []).filter { $0.count == 1 }
            if !ways.isEmpty { textWays[text] = ways }
        }
        guard !textWays.isEmpty else { return nil }
        let typedTexts = Set(layout.textCompositions.values.flatMap { $0.keys })
        var ways: [Int32: [[KeyEvent]]] = [:]
        for (grapheme, graphemeWays) in productions.byGrapheme {
            guard let id = graphemeIDs[grapheme] else { continue }
            let composing = graphemeWays.filter { way in
                Self.firstText(way, layout: layout).map { typedTexts.contains($0.text) } ?? false
            }
            if !composing.isEmpty { ways[id] = composing }
        }
        self.ways = ways
        self.textWays = textWays
    }

    /// The ways to type grapheme `id` right after `previous` (NFC) that start with a text
    /// composing with it (`composing`: text → result), each with an escape typed after that
    /// text; empty when the layout declares no escape for the pair.
    func ways(for id: Int, after previous: String, composing: [String: String], layout: Layout) -> [[KeyEvent]] {
        guard let candidates = ways[Int32(id)] else { return [] }
        var result: [[KeyEvent]] = []
        for way in candidates {
            guard let (index, text) = Self.firstText(way, layout: layout), let composed = composing[text],
                let after = layout.textCompositions[composed]
            else { continue }
            for (escape, restored) in Productions.inOrder(after) where restored == previous + text {
                for escapeWay in textWays[escape] ?? [] {
                    result.append(Array(way[...index]) + escapeWay + Array(way[(index + 1)...]))
                }
            }
        }
        return result
    }

    /// The first event of `way` that types something, with its text (as
    /// `PlannerTables.firstOutput` finds it), skipping shift and layer keys.
    static func firstText(_ way: [KeyEvent], layout: Layout) -> (index: Int, text: String)? {
        for (index, event) in way.enumerated() {
            if let text = PlannerTables.firstOutput(CollectionOfOne(event), layout: layout) { return (index, text) }
            switch layout.keys[event.key.rawValue].action {
            case .shift, .layer, .latch, .capsLock:
                if !event.isTap { return nil }
            default: return nil
            }
        }
        return nil
    }
}
