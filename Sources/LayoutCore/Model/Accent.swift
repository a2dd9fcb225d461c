/// The accents the format knows by name, each with its combining mark and the spacing
/// symbol its key types when no letter can take it.
///
/// Marks and symbols are the Unicode characters of the COMBINING DIACRITICAL MARKS block
/// (U+0300–U+036F) and their spacing clones in SPACING MODIFIER LETTERS / Latin-1.
public enum AccentName: String, CaseIterable, Sendable {
    case acute, grave, circumflex, tilde, macron, breve, dotAbove, diaeresis
    case ringAbove, doubleAcute, caron, cedilla, ogonek

    /// The combining mark the accent puts on a letter.
    public var mark: Unicode.Scalar {
        switch self {
        case .grave: "\u{300}"
        case .acute: "\u{301}"
        case .circumflex: "\u{302}"
        case .tilde: "\u{303}"
        case .macron: "\u{304}"
        case .breve: "\u{306}"
        case .dotAbove: "\u{307}"
        case .diaeresis: "\u{308}"
        case .ringAbove: "\u{30A}"
        case .doubleAcute: "\u{30B}"
        case .caron: "\u{30C}"
        case .cedilla: "\u{327}"
        case .ogonek: "\u{328}"
        }
    }

    /// The spacing character typed when the accent has no letter to go on.
    public var symbol: String {
        switch self {
        case .grave: "`"
        case .acute: "\u{B4}"  // ´
        case .circumflex: "^"
        case .tilde: "\u{2DC}"  // ˜
        case .macron: "\u{AF}"  // ¯
        case .breve: "\u{2D8}"  // ˘
        case .dotAbove: "\u{2D9}"  // ˙
        case .diaeresis: "\u{A8}"  // ¨
        case .ringAbove: "\u{2DA}"  // ˚
        case .doubleAcute: "\u{2DD}"  // ˝
        case .caron: "\u{2C7}"  // ˇ
        case .cedilla: "\u{B8}"  // ¸
        case .ogonek: "\u{2DB}"  // ˛
        }
    }
}

/// One accent of a layout: the mark an accent key puts on the letter before the caret.
///
/// An accent key is a *postfix* key: the letter comes first, the accent after it
/// (`a` `´` → `á`). Prefix keys from hardware layouts are dead keys, a different thing.
public struct Accent: Hashable, Sendable {
    /// The accent's name in layout files, e.g. `acute`.
    public let name: AccentName
    /// The combining mark (U+0301 for acute).
    public let mark: Unicode.Scalar
    /// The spacing character typed when no letter before the caret can take the mark.
    public let symbol: String
    /// Explicit results that win over Unicode composition: letter → accented letter,
    /// e.g. `u` → `ů` for the caron on the Czech keyboard. Both sides are NFC graphemes.
    public let overrides: [AccentOverride]

    /// Creates an accent; `mark` and `symbol` default to the name's.
    public init(
        name: AccentName, mark: Unicode.Scalar? = nil, symbol: String? = nil,
        overrides: [AccentOverride] = []
    ) {
        self.name = name
        self.mark = mark ?? name.mark
        self.symbol = symbol ?? name.symbol
        self.overrides = overrides
    }
}

/// An explicit accent result: `base` followed by the accent key gives `result`.
public struct AccentOverride: Hashable, Sendable {
    /// The letter the accent goes on (one grapheme, NFC).
    public let base: String
    /// What it becomes (one grapheme, NFC).
    public let result: String

    /// Creates an override.
    public init(base: String, result: String) {
        self.base = base
        self.result = result
    }
}
