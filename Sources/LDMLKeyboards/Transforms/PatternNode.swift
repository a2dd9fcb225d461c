/// The parsed `from=` of a transform: the spec's regex subset over text elements.
indirect enum PatternNode: Sendable {
    /// One element from the set.
    case element(ElementSet)
    /// A scalar or marker written literally (normalized with its neighbours later).
    case literal(UInt32)
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// A group; `capture` is its number (1…9) when it captures.
    case group(PatternNode, capture: Int?)
    case repeated(PatternNode, min: Int, max: Int)
    /// `^`: the start of the context.
    case startAnchor

    /// The fewest and most elements a match can have.
    var lengthBounds: (min: Int, max: Int) {
        switch self {
        case .element, .literal: return (1, 1)
        case .startAnchor: return (0, 0)
        case .sequence(let nodes):
            return nodes.reduce((0, 0)) { total, node in
                let bounds = node.lengthBounds
                return (total.0 + bounds.min, min(total.1 + bounds.max, 1 << 20))
            }
        case .alternation(let nodes):
            let all = nodes.map(\.lengthBounds)
            return (all.map(\.min).min() ?? 0, all.map(\.max).max() ?? 0)
        case .group(let node, _): return node.lengthBounds
        case .repeated(let node, let low, let high):
            let bounds = node.lengthBounds
            return (bounds.min * low, min(bounds.max * high, 1 << 20))
        }
    }

    /// The elements a match can start with (`last` false) or end with (`last` true), `nil`
    /// when any element can; and whether the node can match nothing.
    func edgeSet(last: Bool) -> (set: ElementSet?, nullable: Bool) {
        switch self {
        case .element(let set): return (set.inverted ? nil : set, false)
        case .literal(let value): return (.scalars([value]), false)
        case .startAnchor: return (ElementSet(), true)
        case .sequence(let nodes):
            var union = ElementSet()
            for node in (last ? nodes.reversed() : nodes) {
                let edge = node.edgeSet(last: last)
                guard let set = edge.set else { return (nil, false) }
                union.formUnion(set)
                if !edge.nullable { return (union, false) }
            }
            return (union, true)
        case .alternation(let nodes):
            var union = ElementSet()
            var nullable = false
            for node in nodes {
                let edge = node.edgeSet(last: last)
                guard let set = edge.set else { return (nil, true) }
                union.formUnion(set)
                nullable = nullable || edge.nullable
            }
            return (union, nullable)
        case .group(let node, _): return node.edgeSet(last: last)
        case .repeated(let node, let low, _):
            let edge = node.edgeSet(last: last)
            return (edge.set, edge.nullable || low == 0)
        }
    }
}

/// The variables a pattern may name.
struct PatternVariables: Sendable {
    /// `<string>` values as elements (NFD unless normalization is off).
    var strings: [String: [UInt32]] = [:]
    /// `<set>` items, each as elements.
    var sets: [String: [[UInt32]]] = [:]
    /// `<uset>` values.
    var usets: [String: ScalarRanges] = [:]
}
