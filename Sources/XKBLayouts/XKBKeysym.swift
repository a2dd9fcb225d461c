/// Keysyms by name and as text.
public enum XKBKeysym {
    /// The keysym's name (`dead_acute`). Wraps `xkb_keysym_get_name`.
    public static func name(_ keysym: UInt32) -> String { XKBCalls.keysymName(keysym) }
    /// The keysym with this name, 0 when there is none. Wraps `xkb_keysym_from_name`.
    public static func named(_ name: String) -> UInt32 { XKBCalls.keysymFromName(name) }
    /// The keysym's text, empty for none. Wraps `xkb_keysym_to_utf8`.
    public static func text(_ keysym: UInt32) -> String { XKBCalls.keysymToUTF8(keysym) }
}
