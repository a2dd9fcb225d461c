import LayoutEngine

/// Real hardware layouts by XKB name: `xkb:hu`, `xkb:cz`, `xkb:dk(nodeadkeys)`.
///
/// The keymap is compiled by libxkbcommon from the installed xkeyboard-config (rules
/// `evdev`, model `pc105`), the dead keys' compositions come from the locale's Compose
/// table, and the result is an engine `Layout` on an ISO keyboard:
///
/// ```swift
/// let hu = try XKBLayouts.load("xkb:hu").layout
/// var session = TypingSession(layout: hu)
/// ```
public enum XKBLayouts {
    /// The XKB layouts the project compares with its touch layouts.
    public static let featuredIDs = ["xkb:cz", "xkb:dk", "xkb:hu"]

    /// Whether a layout id names an XKB layout (starts with `xkb:`).
    public static func isXKBID(_ id: String) -> Bool { id.hasPrefix(XKBLayoutName.prefix) }

    /// Compiles and imports the layout with this id.
    /// - Throws: `XKBError`: a malformed id, a missing xkeyboard-config, an unknown layout
    ///   or variant, a missing Compose file; each names what was looked for.
    public static func load(_ id: String) throws(XKBError) -> XKBImportedLayout {
        guard let names = XKBLayoutName(id: id) else { throw .invalidLayoutID(id) }
        let context = try XKBContext()
        let keymap = try XKBKeymap(names: names, context: context)
        let compose = try XKBComposeTable(locale: names.composeLocale, context: context)
        let title = keymap.layoutName ?? names.id
        let description =
            "The XKB layout \(names.layout)\(names.variant.map { "(\($0))" } ?? "") (\(title)) compiled by "
            + "libxkbcommon from xkeyboard-config (rules evdev, model pc105) on an ISO keyboard; "
            + "dead keys compose by \(compose.source)."
        return try XKBLayoutImporter.importLayout(
            keymap: keymap, compose: compose, id: names.id, name: title, locale: names.language,
            description: description)
    }
}
