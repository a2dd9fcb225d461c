import KeyboardHost
import LayoutEngine

/// A layout as a Keyman touch layout (`.keyman-touch-layout`, JSON): the same rows, key
/// widths (100 per key unit) and gaps (`pad`), long-press lists as subkeys (`sk`), layer
/// keys with `nextlayer`, in a phone and a tablet form. Letter and accent keys carry the
/// virtual key of their physical key, so the `.kmn` rules serve touch and hardware alike.
enum KeymanTouchLayout {
    static func json(_ layout: Layout) -> String {
        let platform = JSONText.object([
            ("font", .string("Tahoma")),
            ("layer", .array(layout.layers.indices.map { layer(layout, $0) })),
            ("displayUnderlying", .bool(false)),
            ("defaultHint", .string("longpress")),
        ])
        return JSONText.object([("tablet", platform), ("phone", platform)]).render() + "\n"
    }

    /// Keyman's conventional layer ids.
    static func layerID(_ id: String) -> String {
        ["base": "default", "shift": "shift", "numbers": "numeric", "symbols": "symbol"][id] ?? id
    }

    private static func layer(_ layout: Layout, _ index: Int) -> JSONText {
        let layer = layout.layers[index]
        let accentKeys = accentVirtualKeys(layout)
        let rows = layer.rows.enumerated().map { number, ids -> JSONText in
            var previousEnd = ids.first.map { layout.keys[$0.rawValue].x } ?? 0
            let keys = ids.map { id -> JSONText in
                let key = layout.keys[id.rawValue]
                let pad = key.x - previousEnd
                previousEnd = key.x + key.width
                return self.key(key, layout: layout, layerIndex: index, pad: pad, accentKeys: accentKeys)
            }
            return JSONText.object([("id", .string(String(number + 1))), ("key", .array(keys))])
        }
        return .object([("id", .string(layerID(layer.id))), ("row", .array(rows))])
    }

    private static func key(
        _ key: Key, layout: Layout, layerIndex: Int, pad: Double, accentKeys: [Int: String]
    ) -> JSONText {
        var members: [(String, JSONText)] = []
        let onShift = layerIndex == layout.shiftLayer && layout.shiftLayer != layout.baseLayer
        switch key.action {
        case .text(let text):
            let letter = text.count == 1 && text.first!.isASCII && text.first!.isLetter
            members.append(("id", .string(letter ? "K_" + text.uppercased() : KeymanNames.textKeyID(text))))
            members.append(("text", .string(text)))
            if onShift { members.append(("nextlayer", .string("default"))) }
        case .accent(let accent):
            members.append(("id", .string(accentKeys[accent] ?? "T_accent_\(accent)")))
            members.append(("text", .string(layout.accents[accent].symbol)))
            // Sent unshifted from every layer: the .kmn's accent rules are on the plain key.
            if layerIndex != layout.baseLayer { members.append(("layer", .string("default"))) }
            if onShift { members.append(("nextlayer", .string("default"))) }
        case .shift:
            members += [("id", .string("K_SHIFT")), ("text", .string("*Shift*")), ("sp", .string("1"))]
            members.append(("nextlayer", .string(onShift ? "default" : "shift")))
        case .backspace: members += [("id", .string("K_BKSP")), ("text", .string("*BkSp*")), ("sp", .string("1"))]
        case .space: members += [("id", .string("K_SPACE")), ("text", .string(""))]
        case .returnKey: members += [("id", .string("K_ENTER")), ("text", .string("*Enter*")), ("sp", .string("1"))]
        case .layer(let target):
            let targetID = layerID(layout.layers[target].id)
            members += [("id", .string("T_layer_" + targetID)), ("text", .string(key.label)), ("sp", .string("1"))]
            members.append(("nextlayer", .string(targetID)))
        case .deadKey, .latch, .capsLock:
            members += [
                ("id", .string("T_unused_\(key.id.filter { $0.isASCII && ($0.isLetter || $0.isNumber) })")),
                ("text", .string(key.label)),
            ]
        }
        members.append(("width", .string(number(key.width * 100))))
        if pad > 0.001 { members.append(("pad", .string(number(pad * 100)))) }
        if !key.longPress.isEmpty {
            let subkeys = key.longPress.enumerated().map { index, text -> JSONText in
                var subkey: [(String, JSONText)] = [
                    ("id", .string(KeymanNames.textKeyID(text))), ("text", .string(text)),
                ]
                if index == key.longPressDefault { subkey.append(("default", .bool(true))) }
                return .object(subkey)
            }
            members.append(("sk", .array(subkeys)))
        }
        return .object(members)
    }

    /// The virtual key of each accent's key on the base layer (its physical key).
    static func accentVirtualKeys(_ layout: Layout) -> [Int: String] {
        let hints = PhysicalKeyMap(layout: layout, layer: layout.baseLayer).hints
        var result: [Int: String] = [:]
        for id in layout.layers[layout.baseLayer].rows.joined() {
            if case .accent(let accent) = layout.keys[id.rawValue].action, let hint = hints[id]?.first,
                let virtualKey = KeymanNames.virtualKey(hint)
            {
                result[accent] = virtualKey
            }
        }
        return result
    }

    /// A width in Keyman units, without a fraction when it is whole.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
