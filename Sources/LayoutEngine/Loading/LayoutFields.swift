/// The field names of the layout format, object by object (documented in Layouts/README.md):
/// what the decoder accepts, and what its misspelling suggestions and the fuzzer's
/// dictionary (Fuzz/Dictionaries/FuzzLayoutLoader.dict) are checked against.
enum LayoutFields {
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
    static var all: [String] {
        Set(document + geometry + accent + policies + layer + row + key).sorted()
    }
}
