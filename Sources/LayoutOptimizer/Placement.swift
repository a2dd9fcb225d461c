/// Where a layout's movable keys are: which key sits in each slot, and the order of each
/// key's long-press list. Indices refer to `LayoutDocument.slots` and `.contents`.
public struct Placement: Hashable, Sendable {
    /// Per slot, the content (the key the file had in that slot) now there.
    public var slots: [Int]
    /// Per content, its long-press items in their new order, as indices into the file's
    /// list (empty when the key has none).
    public var orders: [[Int]]

    /// The file's own placement.
    public init(identityFor document: LayoutDocument) {
        slots = Array(document.slots.indices)
        orders = document.contents[0].map { Array($0.longPress.indices) }
    }

    /// A placement from its parts.
    public init(slots: [Int], orders: [[Int]]) {
        self.slots = slots
        self.orders = orders
    }

    /// Per content, the slot it is in.
    public var positions: [Int] {
        var positions = [Int](repeating: 0, count: slots.count)
        for (slot, content) in slots.enumerated() { positions[content] = slot }
        return positions
    }
}
