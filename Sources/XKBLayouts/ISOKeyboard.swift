import LayoutEngine

/// The alphanumeric block of a standard ISO 105-key keyboard, by XKB key names, with key
/// widths in units of 19.05 mm (the key pitch of ISO/IEC 9995 keyboards).
///
/// ```
/// TLDE AE01 … AE12 BKSP(2)
/// TAB(1.5) AD01 … AD12 RTRN(1.5)
/// CAPS(1.75) AC01 … AC11 BKSL [Enter's lower part, 1.25]
/// LFSH(1.25) LSGT AB01 … AB10 RTSH(2.75)
/// LCTL LWIN LALT (1.25 each) SPCE(6.25) RALT RWIN COMP RCTL (1.25 each)
/// ```
/// Every row is 15 units wide: 285.75 mm. Keys that type nothing on a layout (Ctrl, Alt,
/// the Windows keys) stay empty space in the engine's layout.
enum ISOKeyboard {
    /// One position: an XKB key name (`nil` for the lower part of the ISO Enter) and a width.
    struct Position {
        let name: String?
        let width: Double
    }

    /// The key pitch and row pitch, in millimetres.
    static let unitMm = 19.05
    /// Keys are 19.05 mm apart; a keycap is about 18.1 mm wide.
    static let geometry = Geometry(widthMm: 15 * unitMm, unitsPerRow: 15, rowPitchMm: unitMm, keyGapMm: 0.95)

    static let rows: [[Position]] = [
        [Position(name: "TLDE", width: 1)] + numbered("AE", 1...12) + [Position(name: "BKSP", width: 2)],
        [Position(name: "TAB", width: 1.5)] + numbered("AD", 1...12) + [Position(name: "RTRN", width: 1.5)],
        [Position(name: "CAPS", width: 1.75)] + numbered("AC", 1...11) + [
            Position(name: "BKSL", width: 1), Position(name: nil, width: 1.25),
        ],
        [Position(name: "LFSH", width: 1.25), Position(name: "LSGT", width: 1)] + numbered("AB", 1...10) + [
            Position(name: "RTSH", width: 2.75)
        ],
        ["LCTL", "LWIN", "LALT"].map { Position(name: $0, width: 1.25) } + [Position(name: "SPCE", width: 6.25)]
            + ["RALT", "RWIN", "COMP", "RCTL"].map { Position(name: $0, width: 1.25) },
    ]

    private static func numbered(_ prefix: String, _ range: ClosedRange<Int>) -> [Position] {
        range.map { Position(name: prefix + ($0 < 10 ? "0" : "") + String($0), width: 1) }
    }

    /// The spacing character of a dead keysym, for a Compose table that has neither
    /// `<dead_X> <dead_X>` nor `<dead_X> <space>`.
    static let deadKeySymbols: [String: String] = [
        "dead_grave": "`", "dead_acute": "\u{B4}", "dead_circumflex": "^", "dead_tilde": "~",
        "dead_macron": "\u{AF}", "dead_breve": "\u{2D8}", "dead_abovedot": "\u{2D9}", "dead_diaeresis": "\u{A8}",
        "dead_abovering": "\u{2DA}", "dead_doubleacute": "\u{2DD}", "dead_caron": "\u{2C7}",
        "dead_cedilla": "\u{B8}", "dead_ogonek": "\u{2DB}", "dead_iota": "\u{37A}", "dead_belowdot": ".",
        "dead_stroke": "/", "dead_hook": "\u{309}", "dead_horn": "\u{31B}",
    ]
}
