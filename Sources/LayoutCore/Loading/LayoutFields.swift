/// The field names of the layout format, object by object (documented in Layouts/README.md):
/// what the decoder accepts, and what its misspelling suggestions and the fuzzer's
/// dictionary (Fuzz/Dictionaries/FuzzLayoutLoader.dict) are checked against.
package enum LayoutFields {
    /// The top-level object.
    static let document = [
        "formatVersion", "id", "name", "locale", "platform", "description", "geometry", "accents", "policies", "layers",
    ]
    /// `geometry`.
    static let geometry = ["widthMm", "unitsPerRow", "rowPitchMm", "keyGapMm", "keyShape"]
    /// Each of `accents`.
    static let accent = ["name", "mark", "symbol", "overrides"]
    /// `policies`.
    static let policies = ["backspace", "secondAccent"]
    /// Each of `layers`.
    static let layer = ["id", "rows"]
    /// Each of a layer's `rows`.
    static let row = ["keys"]
    /// Each of a row's `keys`.
    static let key = [
        "text", "accent", "action", "layer", "gap", "id", "label", "width", "longPress", "longPressDefault",
    ]

    /// Every field name of the format, once each, sorted.
    package static var all: [String] {
        Set(document + geometry + accent + policies + layer + row + key).sorted()
    }

    /// What to add when the required field `key` is missing from the object at `path`: an
    /// example of its value, and what it means where that is not plain.
    static func missingFieldFix(_ key: String, at path: String) -> String {
        let inLayer = path.hasPrefix("layers[") && !path.contains(".")
        switch key {
        case "id" where inLayer: return #"add "id": "base" (a name the layer keys refer to)"#
        case "id": return #"add "id": a name for the layout ("hu-touch"), also its file's name"#
        case "name" where path.hasPrefix("accents["):
            return #"add "name": "acute" (or another accent: "#
                + AccentName.allCases.map { $0.rawValue }.joined(separator: ", ") + ")"
        case "name": return #"add "name": what people see the layout called"#
        case "locale": return #"add "locale": the BCP 47 tag of the layout's language ("hu", "cs")"#
        case "geometry": return #"add "geometry": {"widthMm": 64.6, "unitsPerRow": 10, "rowPitchMm": 8.9}"#
        case "layers": return #"add "layers": [{"id": "base", "rows": [{"keys": [{"text": "a"}]}]}]"#
        case "rows": return #"add "rows": [{"keys": [{"text": "a"}]}]"#
        case "keys": return #"add "keys": [{"text": "a"}]"#
        case "widthMm": return #"add "widthMm": the keyboard's width in millimetres (64.6 on a 6.1-inch phone)"#
        case "unitsPerRow": return #"add "unitsPerRow": the key units of a full row (10 for QWERTY's top row)"#
        case "rowPitchMm": return #"add "rowPitchMm": the distance from one row to the next in millimetres (8.9)"#
        case "layer": return #"add "layer": the id of the layer the key switches to"#
        default: return "add \"\(key)\""
        }
    }
}
