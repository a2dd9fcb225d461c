/// An XKB layout by name, as the ids `xkb:hu` and `xkb:cz(qwerty)` write it.
public struct XKBLayoutName: Hashable, Sendable, CustomStringConvertible {
    /// The layout (`hu`), a file in xkeyboard-config's `symbols/`.
    public let layout: String
    /// The variant (`qwerty`), or `nil` for the layout's default.
    public let variant: String?

    /// Creates a name.
    public init(layout: String, variant: String? = nil) {
        self.layout = layout
        self.variant = variant
    }

    /// Parses `xkb:LAYOUT` or `xkb:LAYOUT(VARIANT)`; `nil` for anything else.
    public init?(id: String) {
        guard id.hasPrefix(Self.prefix) else { return nil }
        var rest = Substring(id.dropFirst(Self.prefix.count))
        var variant: String?
        if let open = rest.firstIndex(of: "(") {
            guard rest.last == ")" else { return nil }
            variant = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
            rest = rest[..<open]
        }
        let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "_-".contains(c)) }
        guard !rest.isEmpty, rest.allSatisfy(allowed), variant.map({ !$0.isEmpty && $0.allSatisfy(allowed) }) ?? true
        else { return nil }
        self.layout = String(rest)
        self.variant = variant
    }

    /// The prefix of XKB layout ids.
    public static let prefix = "xkb:"

    /// The layout id: `xkb:hu`, `xkb:cz(qwerty)`.
    public var id: String { Self.prefix + layout + (variant.map { "(\($0))" } ?? "") }
    public var description: String { id }

    /// The language of the layout as a BCP 47 tag (`cz` → `cs`, `dk` → `da`).
    public var language: String { Self.languages[layout] ?? layout }

    /// The POSIX locale whose Compose table goes with the layout: `hu_HU.UTF-8`.
    public var composeLocale: String {
        if let locale = Self.locales[layout] { return locale }
        return "en_US.UTF-8"
    }

    /// XKB country codes whose language code differs.
    static let languages: [String: String] = [
        "cz": "cs", "dk": "da", "se": "sv", "no": "nb", "ee": "et", "si": "sl", "gb": "en", "us": "en",
        "ch": "de", "at": "de", "be": "nl", "ua": "uk", "gr": "el", "il": "he", "jp": "ja", "kr": "ko",
    ]

    /// XKB layouts and the locale of their Compose table.
    static let locales: [String: String] = [
        "hu": "hu_HU.UTF-8", "cz": "cs_CZ.UTF-8", "dk": "da_DK.UTF-8", "sk": "sk_SK.UTF-8", "pl": "pl_PL.UTF-8",
        "de": "de_DE.UTF-8", "at": "de_AT.UTF-8", "ch": "de_CH.UTF-8", "fr": "fr_FR.UTF-8", "be": "fr_BE.UTF-8",
        "es": "es_ES.UTF-8", "it": "it_IT.UTF-8", "pt": "pt_PT.UTF-8", "ro": "ro_RO.UTF-8", "se": "sv_SE.UTF-8",
        "no": "nb_NO.UTF-8", "fi": "fi_FI.UTF-8", "ee": "et_EE.UTF-8", "lt": "lt_LT.UTF-8", "lv": "lv_LV.UTF-8",
        "si": "sl_SI.UTF-8", "hr": "hr_HR.UTF-8", "tr": "tr_TR.UTF-8", "is": "is_IS.UTF-8", "gb": "en_GB.UTF-8",
        "us": "en_US.UTF-8", "nl": "nl_NL.UTF-8", "gr": "el_GR.UTF-8",
    ]
}
