/// X keysyms, as XKB, IBus and fcitx5 deliver them: what a keysym types.
///
/// The rule of X's keysym encoding (`keysymdef.h`): Latin-1 keysyms are their code point,
/// Unicode keysyms are `0x1000000 + U`, and the few legacy keysyms of the spacing accents a
/// layout's accent keys show (caron, double acute, …) are listed. Every host that is given
/// keysyms reads them by this rule: the IBus engine (`IBusKey.character`) and the C interface.
public enum Keysym {
    /// BackSpace.
    public static let backSpace: UInt32 = 0xFF08
    /// Return.
    public static let returnKey: UInt32 = 0xFF0D
    /// KP_Enter.
    public static let keypadEnter: UInt32 = 0xFF8D

    /// Keysyms outside Latin-1 for the spacing accents that accent keys show.
    public static let legacy: [UInt32: UInt32] = [
        0x1B7: 0x02C7,  // caron
        0x1BD: 0x02DD,  // doubleacute
        0x1A2: 0x02D8,  // breve
        0x1FF: 0x02D9,  // abovedot
        0x1B2: 0x02DB,  // ogonek
    ]

    /// The character `keysym` types, or `nil` for keys that type none (arrows, modifiers,
    /// function keys), control characters, noncharacters and unknown keysyms.
    public static func character(_ keysym: UInt32) -> Character? {
        let value: UInt32
        switch keysym {
        case 0x20...0x7E, 0xA0...0xFF: value = keysym
        case 0x0100_0100...0x0110_FFFF: value = keysym - 0x0100_0000
        default:
            guard let accent = legacy[keysym] else { return nil }
            value = accent
        }
        guard let scalar = Unicode.Scalar(value), !scalar.properties.isNoncharacterCodePoint,
            scalar.properties.generalCategory != .control
        else { return nil }
        return Character(scalar)
    }
}
