extension Layout {
    /// The `shift` layer of a definition that has none: `base` with every text,
    /// long-press alternate, multi-tap and flick upper-cased where the upper case is one grapheme.
    static func shifted(_ base: LayerDefinition) -> LayerDefinition {
        func upper(_ text: String) -> String {
            let capital = text.uppercased()
            return capital.count == 1 ? capital : text
        }
        var layer = base
        layer.id = "shift"
        for rowIndex in layer.rows.indices {
            for keyIndex in layer.rows[rowIndex].keys.indices {
                var key = layer.rows[rowIndex].keys[keyIndex]
                if case .text(let text) = key.action {
                    key.action = .text(upper(text))
                    key.id = key.id.map(upper)
                    key.label = key.label.map(upper)
                }
                var seen: Set<String> = []
                key.longPress = key.longPress.map(upper).filter { seen.insert($0).inserted }
                key.longPressDefault = key.longPressDefault.map(upper)
                key.multiTap = key.multiTap.map(upper)
                key.flicks = key.flicks.map { Flick(directions: $0.directions, text: upper($0.text)) }
                layer.rows[rowIndex].keys[keyIndex] = key
            }
        }
        return layer
    }
}
