extension Placement {
    /// `relative`, a placement of the layout that `self` makes (its slots and lists as
    /// `self` left them), as a placement of the original file.
    func composed(with relative: Placement) -> Placement {
        var result = self
        for slot in relative.slots.indices { result.slots[slot] = slots[relative.slots[slot]] }
        for local in relative.orders.indices {
            let content = slots[local]
            result.orders[content] = relative.orders[local].map { orders[content][$0] }
        }
        return result
    }

    /// The original file's own placement, seen from the layout that `self` makes.
    var inverse: Placement {
        var result = self
        let positions = self.positions
        for slot in slots.indices { result.slots[slot] = positions[slot] }
        for local in slots.indices {
            let content = slots[local]
            result.orders[local] = orders[content].indices.map { item in orders[content].firstIndex(of: item) ?? item }
        }
        return result
    }
}
