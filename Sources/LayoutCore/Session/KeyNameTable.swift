/// Every key name of a layout worked out once, for resolving long lists of names
/// (`KeyNames.events(for:in:table:)`) and naming long traces in O(1) a key.
///
/// It answers as `KeyNames.key(named:on:in:)` and `KeyNames.name(of:in:)` do.
public struct KeyNameTable: Sendable {
    /// Every key's name, indexed by `KeyID.rawValue`.
    public let names: [String]
    /// Per layer: name, then id, then label → key (the first that claims it).
    private let lookup: [[String: KeyID]]

    /// The names of every layer of `layout`.
    /// - Complexity: O(keys of the layout).
    public init(layout: Layout) {
        names = KeyNames.names(in: layout)
        lookup = layout.layers.indices.map { layer in
            var table: [String: KeyID] = [:]
            let ids = Array(layout.layers[layer].rows.joined())
            for (key, name) in KeyNames.names(on: layer, in: layout) where table[name] == nil { table[name] = key }
            for id in ids where table[layout.keys[id.rawValue].id] == nil { table[layout.keys[id.rawValue].id] = id }
            for id in ids where table[layout.keys[id.rawValue].label] == nil {
                table[layout.keys[id.rawValue].label] = id
            }
            return table
        }
    }

    /// The key on `layer` with this name, alias, id, or label.
    public func key(named name: String, on layer: Int) -> KeyID? {
        lookup[layer][KeyNames.aliases[name.lowercased()] ?? name]
    }
}
