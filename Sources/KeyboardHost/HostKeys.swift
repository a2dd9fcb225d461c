import LayoutEngine

/// What every host of a typing session asks of a layout's keys, in one place: the simulator,
/// the IBus engine, the exports and any host still to come turn a typed character into a layout
/// key here, find a key's counterpart on another layer here, and walk back to the last
/// grapheme here.
///
/// A typed character presses the key of the visible layer that types it or that its physical
/// key reaches (`PhysicalKeyMap`: hu-touch's ´ ¨ ˝ under `;` `'` `[` of a US keyboard); with
/// shift on, a lower-case letter presses its capital's key; an accent key's symbol presses the
/// accent key.
///
/// ```swift
/// let keys = HostKeys(layout: huTouch)
/// keys.directKey(for: ";", on: huTouch.baseLayer)   // the ´ key
/// ```
public struct HostKeys: Sendable {
    /// The layout whose keys these are.
    public let layout: Layout
    /// The keyboard typed on (US unless told).
    public let physical: PhysicalLayout
    /// Each layer's physical-key map, by layer index.
    public let maps: [PhysicalKeyMap]
    /// Each layer's accent keys by their symbol (`´` → the ´ key), by layer index.
    private let accentKeys: [[String: KeyID]]

    /// The keys of `layout` as typed on `physical`.
    /// - Complexity: O(keys of the layout).
    public init(layout: Layout, physical: PhysicalLayout = .us) {
        self.layout = layout
        self.physical = physical
        maps = layout.layers.indices.map { PhysicalKeyMap(layout: layout, layer: $0, physical: physical) }
        accentKeys = layout.layers.map { layer in
            var byText: [String: KeyID] = [:]
            for id in layer.rows.joined() {
                if case .accent(let index) = layout.keys[id.rawValue].action, index < layout.accents.count {
                    byText[layout.accents[index].symbol] = byText[layout.accents[index].symbol] ?? id
                }
            }
            return byText
        }
    }

    /// Whether any layer has an accent key.
    public var hasAccentKeys: Bool { accentKeys.contains { !$0.isEmpty } }

    /// The key of `visibleLayer` that `character` presses directly; with shift or caps lock
    /// on (the shift layer visible), a lower-case letter presses its capital's key.
    public func directKey(for character: Character, on visibleLayer: Int) -> KeyID? {
        if let key = maps[visibleLayer].key(for: character) { return key }
        if visibleLayer == layout.shiftLayer, let base = maps[layout.baseLayer].key(typing: String(character)) {
            return KeyNames.counterpart(of: base, on: visibleLayer, in: layout)
        }
        return nil
    }

    /// The accent key of `layer` whose symbol is `character` (`´`), if any.
    public func accentKey(showing character: Character, on layer: Int) -> KeyID? {
        accentKeys[layer][String(character)]
    }

    /// A layer key of `layer`, then the accent or dead key labelled `character` on the layer it
    /// shows: typing `´` on the number layer presses ABC, then ´.
    public func accentKeyElsewhere(for character: Character, from layer: Int) -> [KeyEvent]? {
        for id in layout.layers[layer].rows.joined() {
            guard case .layer(let target) = layout.keys[id.rawValue].action,
                let key = maps[target].key(typing: String(character)),
                PhysicalKeyMap.isPrefixOrPostfix(layout.keys[key.rawValue])
            else { continue }
            return [.tap(id), .tap(key)]
        }
        return nil
    }

    /// The last grapheme (UAX #29) of a context, as its scalars: what a planned key press
    /// follows and what an accent key changes.
    public static func lastGrapheme(of context: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(context.suffix(GraphemeBoundary.lastGraphemeLength(context)))
    }
}
