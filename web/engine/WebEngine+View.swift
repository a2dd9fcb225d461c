/// What the page draws: the open layout's facts and the keys of the layer shown now.
extension WebEngine {
    /// `{id, name, locale, geometry:{widthMm, unitsPerRow, rowPitchMm, keyGapMm},
    /// accents:[{name, symbol, mark, description, examples:[{letter, accented}]}], backspace}`;
    /// `null` before a layout is open.
    func layout() -> String {
        guard let session else { return "null" }
        let layout = session.layout
        var json = JSONWriter()
        json.beginObject()
        json.field("id", layout.id)
        json.field("name", layout.name)
        json.field("locale", layout.locale)
        json.key("geometry")
        json.beginObject()
        json.field("widthMm", layout.geometry.widthMm)
        json.field("unitsPerRow", layout.geometry.unitsPerRow)
        json.field("rowPitchMm", layout.geometry.rowPitchMm)
        json.field("keyGapMm", layout.geometry.keyGapMm)
        json.endObject()
        json.key("accents")
        json.beginArray()
        for (index, accent) in layout.accents.enumerated() {
            json.beginObject()
            json.field("name", accent.name.rawValue)
            json.field("symbol", accent.symbol)
            json.field("mark", String(Character(accent.mark)))
            json.field("description", Self.spokenName(of: accent.name))
            json.key("examples")
            json.beginArray()
            for example in layout.accentExamples(index) {
                json.beginObject()
                json.field("letter", example.letter)
                json.field("accented", example.accented)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.field("backspace", session.backspacePolicy.rawValue)
        json.endObject()
        return json.text
    }

    /// `{layer, visibleLayer, shift, rows:[[key…]…]}`: the chosen layer's id, the id of the
    /// layer whose keys are shown (`shift` while shift is on), shift (`off`, `once`, `caps`),
    /// and the shown layer's keys row by row (see `writeKey`); `null` before a layout is open.
    func view() -> String {
        guard let session, let names else { return "null" }
        let layout = session.layout
        let visible = session.visibleLayer
        var json = JSONWriter()
        json.beginObject()
        json.field("layer", layout.layers[session.state.latch ?? session.state.layer].id)
        json.field("visibleLayer", layout.layers[visible].id)
        switch session.state.shift {
        case .off: json.field("shift", "off")
        case .once: json.field("shift", "once")
        case .locked: json.field("shift", "caps")
        }
        json.key("rows")
        json.beginArray()
        for row in layout.layers[visible].rows {
            json.beginArray()
            for key in row { writeKey(key, in: layout, names: names, to: &json) }
            json.endArray()
        }
        json.endArray()
        json.endObject()
        return json.text
    }

    /// `{key, name, label, x, width, role, accessibleName, longPress:[{name, label}],
    /// longPressDefault, multiTap:[label], flicks:[{directions, name, label}]}`: the names are
    /// the trace's (`KeyNames.name(of:in:names:)`), x and width in key units.
    private func writeKey(_ id: KeyID, in layout: Layout, names: KeyNameTable, to json: inout JSONWriter) {
        let key = layout.keys[id.rawValue]
        json.beginObject()
        json.field("key", id.rawValue)
        json.field("name", names.names[id.rawValue])
        json.field("label", key.label)
        json.field("x", key.x)
        json.field("width", key.width)
        json.field("role", Self.role(of: key))
        json.field("accessibleName", Self.accessibleName(of: key, in: layout))
        json.key("longPress")
        json.beginArray()
        for (index, alternate) in key.longPress.enumerated() {
            json.beginObject()
            json.field(
                "name", KeyNames.name(of: .longPress(id, alternate: index), in: layout, names: names.names))
            json.field("label", alternate)
            json.endObject()
        }
        json.endArray()
        json.field("longPressDefault", key.longPressDefault)
        json.field("multiTap", key.multiTap)
        json.key("flicks")
        json.beginArray()
        for flick in key.flicks {
            json.beginObject()
            json.field("directions", flick.name)
            json.field("name", KeyNames.name(of: .flick(id, flick.directions), in: layout, names: names.names))
            json.field("label", flick.text)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// `letter`, `accent`, `shift`, `layer`, `backspace`, `space`, `return`, `deadKey` or
    /// `text` (a key typing something that is not a letter).
    static func role(of key: Key) -> String {
        switch key.action {
        case .text(let text): text.unicodeScalars.first.map { ScalarClass.isAlphabetic($0) } == true ? "letter" : "text"
        case .accent: "accent"
        case .shift, .capsLock: "shift"
        case .layer, .latch: "layer"
        case .backspace: "backspace"
        case .space: "space"
        case .returnKey: "return"
        case .deadKey: "deadKey"
        }
    }

    /// What a screen reader says for the key: the accent's name (`double acute accent`),
    /// `shift`, `caps lock`, `backspace`, `space`, `return`, the layer a layer key shows
    /// (`letters`, `numbers`), `dead acute` for a dead key, else the text it types.
    static func accessibleName(of key: Key, in layout: Layout) -> String {
        switch key.action {
        case .text(let text): text
        case .accent(let index): index < layout.accents.count ? spokenName(of: layout.accents[index].name) : key.label
        case .shift: "shift"
        case .capsLock: "caps lock"
        case .backspace: "backspace"
        case .space: "space"
        case .returnKey: "return"
        case .layer(let index), .latch(let index):
            index < layout.layers.count ? spokenName(ofLayer: layout.layers[index].id) : key.label
        case .deadKey(let index):
            index < layout.deadKeys.count
                ? spokenWords(layout.deadKeys[index].name) : key.label
        }
    }

    /// `acute accent`, `diaeresis`, `double acute accent`, `caron`, …
    static func spokenName(of accent: AccentName) -> String {
        switch accent {
        case .acute: "acute accent"
        case .grave: "grave accent"
        case .circumflex: "circumflex"
        case .tilde: "tilde"
        case .macron: "macron"
        case .breve: "breve"
        case .dotAbove: "dot above"
        case .diaeresis: "diaeresis"
        case .ringAbove: "ring above"
        case .doubleAcute: "double acute accent"
        case .caron: "caron"
        case .cedilla: "cedilla"
        case .ogonek: "ogonek"
        }
    }

    /// A layer key's name: `letters` for the base and shift layers, else the layer's id in words.
    static func spokenName(ofLayer id: String) -> String {
        id == "base" || id == "shift" ? "letters" : spokenWords(id)
    }

    /// An id in words: `dead_acute` → `dead acute`, `altgr-shift` → `altgr shift`.
    static func spokenWords(_ id: String) -> String {
        String(id.map { $0 == "_" || $0 == "-" ? " " : $0 })
    }
}
