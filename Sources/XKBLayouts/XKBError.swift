/// Why an XKB layout could not be made, naming what was looked for.
public enum XKBError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The id is not `xkb:LAYOUT` or `xkb:LAYOUT(VARIANT)`.
    case invalidLayoutID(String)
    /// xkeyboard-config (Debian: `xkb-data`) is not installed: no `rules/evdev` in these folders.
    case missingKeyboardConfig(lookedIn: [String])
    /// xkeyboard-config has no symbols file for the layout.
    case unknownLayout(
        rules: String, model: String, layout: String, variant: String?, lookedIn: [String], suggestion: String?)
    /// The layout exists but has no such variant; `variants` are the ones it has.
    case unknownVariant(rules: String, model: String, layout: String, variant: String, file: String, variants: [String])
    /// libxkbcommon could not compile the keymap.
    case invalidKeymap(source: String)
    /// No Compose table for the locale (nor for en_US.UTF-8): the files looked for.
    case missingComposeFile(locale: String, lookedFor: [String])
    /// libxkbcommon could not read the Compose table.
    case invalidComposeTable(source: String)
    /// The keymap gives none of the ISO keyboard's keys anything to type.
    case noTypingKeys(source: String)
    /// A libxkbcommon call failed for want of memory or the like.
    case libraryFailure(String)

    public var description: String {
        switch self {
        case .invalidLayoutID(let id):
            "\(id): not an XKB layout id; write xkb:LAYOUT or xkb:LAYOUT(VARIANT), e.g. xkb:hu, xkb:cz(qwerty)"
        case .missingKeyboardConfig(let folders):
            "xkeyboard-config is not installed (Debian package xkb-data): no rules/evdev in "
                + folders.joined(separator: ", ")
        case .unknownLayout(let rules, let model, let layout, let variant, let folders, let suggestion):
            "no XKB layout \"\(layout)\" (rules \(rules), model \(model), layout \(layout), variant "
                + "\(variant.map { "\"\($0)\"" } ?? "none")): no file symbols/\(layout) in "
                + folders.joined(separator: ", ") + (suggestion.map { "; did you mean \"xkb:\($0)\"?" } ?? "")
        case .unknownVariant(let rules, let model, let layout, let variant, let file, let variants):
            "XKB layout \"\(layout)\" has no variant \"\(variant)\" (rules \(rules), model \(model), layout \(layout), "
                + "variant \(variant); looked in \(file)); its variants: " + variants.joined(separator: ", ")
        case .invalidKeymap(let source):
            "libxkbcommon could not compile the keymap \(source)"
        case .missingComposeFile(let locale, let files):
            "no Compose table for locale \(locale): looked for " + files.joined(separator: ", ")
                + " (Debian package libx11-data; XCOMPOSEFILE names another file)"
        case .invalidComposeTable(let source):
            "libxkbcommon could not read the Compose table \(source)"
        case .noTypingKeys(let source):
            "the keymap \(source) types nothing on the keys of an ISO keyboard"
        case .libraryFailure(let message):
            "libxkbcommon: \(message)"
        }
    }
}
