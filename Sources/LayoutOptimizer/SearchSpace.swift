/// What an optimization may change.
public enum Variation: String, CaseIterable, Sendable {
    /// Where the accent keys are (exhaustive; a displaced letter takes a freed accent place).
    case accents
    /// The order of every long-press list (the default item keeps its place).
    case longPress = "long-press"
    /// Where the letters are (simulated annealing).
    case letters
    /// Letters and accent keys (annealing) and long-press orders.
    case all
}

/// The moves a search may make on a document: which contents may move, which are pinned.
public struct SearchSpace: Sendable {
    /// Contents (file slots) that may move.
    public let movable: [Int]
    /// The accent contents.
    public let accents: [Int]
    /// Slots whose key is pinned (`--keep`).
    public let pinned: Set<Int>

    /// The space of `variation` on `document`, with the keys labelled in `keep` pinned.
    /// - Throws: `OptimizerError` for a kept key the layout does not have.
    public init(_ document: LayoutDocument, variation: Variation, keep: [String]) throws(OptimizerError) {
        let contents = document.contents[0]
        var pinned = Set<Int>()
        for label in keep {
            guard let index = contents.firstIndex(where: { $0.label == label }) else {
                let labels = contents.map(\.label).joined(separator: " ")
                throw OptimizerError("--keep \"\(label)\": the base layer has no such key (it has \(labels))")
            }
            pinned.insert(index)
        }
        self.pinned = pinned
        accents = contents.indices.filter { contents[$0].isAccent && !pinned.contains($0) }
        switch variation {
        case .accents, .longPress: movable = accents
        case .letters: movable = contents.indices.filter { contents[$0].isLetter && !pinned.contains($0) }
        case .all:
            movable = contents.indices.filter {
                (contents[$0].isLetter || contents[$0].isAccent) && !pinned.contains($0)
            }
        }
    }

    /// The placement with accent content `accents[i]` moved into slot `targets[i]`: letters
    /// displaced take the freed accent slots, both in reading order. `nil` when a target is pinned.
    public func placing(accentsAt targets: [Int], from start: Placement) -> Placement? {
        var slots = start.slots
        let positions = start.positions
        let origins = accents.map { positions[$0] }
        let targetSet = Set(targets)
        guard targetSet.count == targets.count, targetSet.isDisjoint(with: pinned.map { positions[$0] }) else {
            return nil
        }
        let freed = origins.filter { !targetSet.contains($0) }.sorted()
        let displaced = targets.filter { !origins.contains($0) }.sorted().map { start.slots[$0] }
        for (slot, content) in zip(freed, displaced) { slots[slot] = content }
        for (accent, target) in zip(accents, targets) { slots[target] = accent }
        return Placement(slots: slots, orders: start.orders)
    }
}
