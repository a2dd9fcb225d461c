import Foundation
import LayoutEngine
import TypingEfficiency

/// The text report of an optimization: the objective before and after, the moves, the
/// best alternatives, every figure checked exactly beside the search's estimate.
public enum OptimizationReport {
    /// The report of `result` on `document`.
    public static func text(
        _ result: OptimizationResult, document: LayoutDocument, corpus: String, timeModel: String,
        variation: Variation
    ) -> String {
        let characters = result.start.exact.typedCharacters
        func estimate(_ item: CheckedPlacement) -> Double {
            item.estimatedSeconds > 0 ? characters / 5 / (item.estimatedSeconds / 60) : 0
        }
        func figure(_ value: Double) -> String { fixed(value, 2) }
        var lines: [String] = []
        lines.append("Optimizing \(document.id) for \(corpus), varying \(variation.rawValue)")
        lines.append("Model: \(timeModel)")
        let rate = result.searchSeconds > 0 ? Double(result.evaluated) / result.searchSeconds : 0
        lines.append(
            "Searched \(result.evaluated) placements in \(fixed(result.searchSeconds, 2)) s "
                + "(\(Int(rate.rounded())) a second), \(result.rounds) round\(result.rounds == 1 ? "" : "s") of plans")
        lines.append("")
        lines.append("          wpm (exact)  wpm (search estimate)  s/char (exact)  KSPC")
        for (name, item) in [("before", result.start), ("after", result.best)] {
            lines.append(
                name.padding(toLength: 10, withPad: " ", startingAt: 0) + pad(figure(item.exact.wordsPerMinute), 11)
                    + pad(figure(estimate(item)), 23) + pad(fixed(item.exact.secondsPerCharacter, 4), 16)
                    + pad(fixed(item.exact.kspc, 4), 7))
        }
        let gain = result.best.exact.wordsPerMinute - result.start.exact.wordsPerMinute
        let share = result.start.exact.wordsPerMinute > 0 ? gain / result.start.exact.wordsPerMinute * 100 : 0
        lines.append("gain: \(gain >= 0 ? "+" : "")\(figure(gain)) wpm (\(share >= 0 ? "+" : "")\(fixed(share, 2)) %)")
        if let note = untypeableNote(result.start.exact, layout: document.id) { lines.append(note) }
        lines.append("")
        let moves = describe(result.best.placement, document)
        lines.append(moves.isEmpty ? "Moves: none (the layout's own placement is the best found)" : "Moves:")
        lines += moves.map { "  " + $0 }
        let movesKeys = variation != .longPress && result.best.placement.slots != result.start.placement.slots
        if movesKeys, let drawn = rows(result.best.placement, document) {
            lines.append("")
            lines.append("The best layout's rows:")
            lines += drawn.map { "  " + $0 }
        }
        lines.append("")
        // Annealing's best placements are much alike, and alike in where the accent keys are:
        // each is drawn as its rows, a key where the first has it shown as ·.
        let annealed = variation == .letters || variation == .all
        let alternatives = result.alternatives.enumerated().map { (rank: $0.offset + 1, item: $0.element) }
        lines.append(
            "The \(alternatives.count) best placements, by the exact figure"
                + (annealed && alternatives.count > 1 ? " (after the first, · is a key where the first has it)" : "")
                + ":")
        let first = grid(result.alternatives.first?.placement ?? result.best.placement, document)
        for (rank, item) in alternatives {
            var change = summary(item.placement, document)
            if annealed {
                let keys = grid(item.placement, document)
                change = zip(keys, first).map { row, firstRow in
                    zip(row, firstRow).map { rank > 1 && $0 == $1 ? "·" : $0 }.joined(separator: " ")
                }
                .joined(separator: " / ")
                let orders = reordered(item.placement, document)
                if orders > 0 { change += ", \(orders) long-press list\(orders == 1 ? "" : "s") reordered" }
            }
            lines.append(
                "\(pad(String(rank), 3)). \(figure(item.exact.wordsPerMinute)) wpm "
                    + "(estimate \(figure(estimate(item)))) \(change)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The labels of the base layer's letters and accent keys, row by row, as `placement`
    /// puts them; the keys that never move (`⇧`, `⌫`) left out.
    static func grid(_ placement: Placement, _ document: LayoutDocument) -> [[String]] {
        let contents = document.contents[0]
        var rows: [Int: [(column: Int, label: String)]] = [:]
        for (slot, content) in placement.slots.enumerated() {
            rows[document.slots[slot].row, default: []].append((document.slots[slot].column, contents[content].label))
        }
        return rows.keys.sorted().map { row in rows[row]!.sorted { $0.column < $1.column }.map(\.label) }
    }

    /// The rows of `grid`, keys apart by a space (`q w e r t z u i o p ˝`); `nil` for a
    /// document without movable keys.
    public static func rows(_ placement: Placement, _ document: LayoutDocument) -> [String]? {
        guard !document.slots.isEmpty else { return nil }
        return grid(placement, document).map { $0.joined(separator: " ") }
    }

    /// How many long-press lists `placement` orders otherwise than the file.
    static func reordered(_ placement: Placement, _ document: LayoutDocument) -> Int {
        let contents = document.contents[0]
        return contents.indices.filter { placement.orders[$0] != Array(contents[$0].longPress.indices) }.count
    }

    /// A note of how much of the corpus the layout cannot type, which every figure leaves
    /// out (moving keys keeps what a layout can type, so the share is the same for all).
    static func untypeableNote(_ totals: LayoutTotals, layout: String) -> String? {
        guard totals.untypeable > 0 else { return nil }
        let share = totals.characters > 0 ? 100 * totals.untypeable / totals.characters : 0
        return "Note: \(layout) cannot type \(ReportNumber.grouped(totals.untypeable)) of the corpus's "
            + "\(ReportNumber.grouped(totals.characters)) characters (\(fixed(share, 1)) %); every figure leaves them out"
    }

    /// The moves from the file's placement to `placement`, one a line.
    public static func describe(_ placement: Placement, _ document: LayoutDocument) -> [String] {
        let contents = document.contents[0]
        var lines: [String] = []
        let positions = placement.positions
        for content in contents.indices where positions[content] != content {
            lines.append(
                "\(contents[content].label): \(place(document.slots[content])) → \(place(document.slots[positions[content]]))"
            )
        }
        for content in contents.indices where placement.orders[content] != Array(contents[content].longPress.indices) {
            let items = placement.orders[content].map { contents[content].longPress[$0] }.joined(separator: " ")
            lines.append("\(contents[content].label) long-press: \(items)")
        }
        return lines
    }

    /// One line: where the accent keys are, and how many other keys moved.
    static func summary(_ placement: Placement, _ document: LayoutDocument) -> String {
        let contents = document.contents[0]
        let positions = placement.positions
        let accents = contents.indices.filter { contents[$0].isAccent }
            .map { "\(contents[$0].label) \(place(document.slots[positions[$0]]))" }
        let moved = contents.indices.filter { positions[$0] != $0 && !contents[$0].isAccent }.count
        let orders = contents.indices.filter { placement.orders[$0] != Array(contents[$0].longPress.indices) }.count
        var parts = accents
        if moved > 0 { parts.append("\(moved) letter\(moved == 1 ? "" : "s") moved") }
        if orders > 0 { parts.append("\(orders) long-press list\(orders == 1 ? "" : "s") reordered") }
        if moved == 0 && orders == 0 && accents.isEmpty { parts.append("as the file has it") }
        return parts.joined(separator: ", ")
    }

    /// A slot as people say it: row 1 key 3.
    static func place(_ slot: LayoutDocument.Slot) -> String { "row \(slot.row + 1) key \(slot.column + 1)" }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "–" }
        // Beyond 1e15 the digits below the point are gone, and the whole part may not fit an
        // Int: six significant digits instead (`1e+300`).
        guard abs(value) < 1e15 else { return String(format: "%.6g", value) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        var fraction = String(Int(rounded.truncatingRemainder(dividingBy: scale)))
        while fraction.count < digits { fraction = "0" + fraction }
        return (value < 0 && rounded > 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + fraction : "")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
