import KeyboardHost

/// XKB keycodes (evdev codes + 8, as xkbcommon and fcitx5's `Key::code()` give them) as the
/// keysyms a US keyboard sends, so that a host may press keys by place whatever its own XKB
/// layout is; the keysym then goes through the same host keys as any other.
enum Keycode {
    /// The first XKB keycode of each run of character keys, with the US characters of the run,
    /// unshifted and shifted.
    private static let runs: [(first: UInt32, plain: String, shifted: String)] = [
        (10, "1234567890-=", "!@#$%^&*()_+"),  // AE01…AE12
        (24, "qwertyuiop[]", "QWERTYUIOP{}"),  // AD01…AD12
        (38, "asdfghjkl;'`", "ASDFGHJKL:\"~"),  // AC01…AC11, TLDE
        (51, "\\zxcvbnm,./", "|ZXCVBNM<>?"),  // BKSL, AB01…AB10
    ]

    /// Space, BackSpace, Return and KP_Enter by XKB keycode.
    private static let keys: [UInt32: UInt32] = [
        65: 0x20, 22: Keysym.backSpace, 36: Keysym.returnKey, 104: Keysym.keypadEnter,
    ]

    /// The keysym a US keyboard sends for `keycode`, shifted or not, or `nil` for a key that
    /// types nothing (modifiers, arrows, function keys) or that no US keyboard has.
    static func keysym(_ keycode: UInt32, shifted: Bool) -> UInt32? {
        if let key = keys[keycode] { return key }
        for run in runs where keycode >= run.first {
            let characters = Array((shifted ? run.shifted : run.plain).unicodeScalars)
            let offset = Int(keycode - run.first)
            if offset < characters.count { return characters[offset].value }
        }
        return nil
    }
}
