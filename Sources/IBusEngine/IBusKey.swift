import KeyboardHost

/// One key event as IBus delivers it to an engine: an X keysym (`keyval`), the hardware
/// keycode and the modifier state (`IBUS_*_MASK` bits).
public struct IBusKey: Hashable, Sendable {
    /// The X keysym (`a`, `G`, `BackSpace`, …), as in `<ibus-1.0/ibuskeysyms.h>`.
    public var keyval: UInt32
    /// The hardware keycode (evdev code); 0 when the client sent none.
    public var keycode: UInt32
    /// The modifier bits (`IBUS_SHIFT_MASK`, `IBUS_CONTROL_MASK`, `IBUS_RELEASE_MASK`, …).
    public var state: UInt32

    /// A key event.
    public init(keyval: UInt32, keycode: UInt32 = 0, state: UInt32 = 0) {
        self.keyval = keyval
        self.keycode = keycode
        self.state = state
    }

    /// Whether this is the key's release (IBus sends press and release).
    public var isRelease: Bool { state & Mask.release != 0 }

    /// Whether a modifier that makes a shortcut is held (Control, Alt, Super, Hyper, Meta):
    /// such keys belong to the application.
    public var hasShortcutModifier: Bool { state & Mask.shortcut != 0 }

    /// The character the keysym types (Latin-1 keysyms and Unicode keysyms `0x1000000 + U`),
    /// or `nil` for keys that type nothing (BackSpace, arrows, modifiers) and unknown keysyms:
    /// the rule every host reads keysyms by (`Keysym.character`); ibus_keyval_to_unicode gives
    /// the same for these.
    public var character: Character? { KeyboardHost.Keysym.character(keyval) }

    /// Modifier bits of `IBusModifierType`.
    public enum Mask {
        /// IBUS_SHIFT_MASK.
        public static let shift: UInt32 = 1 << 0
        /// IBUS_LOCK_MASK (caps lock).
        public static let lock: UInt32 = 1 << 1
        /// IBUS_CONTROL_MASK.
        public static let control: UInt32 = 1 << 2
        /// IBUS_MOD1_MASK (Alt).
        public static let alt: UInt32 = 1 << 3
        /// IBUS_MOD4_MASK (usually Super).
        public static let mod4: UInt32 = 1 << 6
        /// IBUS_SUPER_MASK.
        public static let superKey: UInt32 = 1 << 26
        /// IBUS_HYPER_MASK.
        public static let hyper: UInt32 = 1 << 27
        /// IBUS_META_MASK.
        public static let meta: UInt32 = 1 << 28
        /// IBUS_RELEASE_MASK.
        public static let release: UInt32 = 1 << 30
        /// The modifiers that make a key a shortcut for the application.
        public static let shortcut: UInt32 = control | alt | mod4 | superKey | hyper | meta
    }

    /// The keysyms the engine treats specially (`IBUS_KEY_*`).
    public enum Keysym {
        public static let backSpace: UInt32 = 0xFF08
        public static let tab: UInt32 = 0xFF09
        public static let returnKey: UInt32 = 0xFF0D
        public static let escape: UInt32 = 0xFF1B
        public static let left: UInt32 = 0xFF51
        public static let up: UInt32 = 0xFF52
        public static let right: UInt32 = 0xFF53
        public static let down: UInt32 = 0xFF54
        public static let keypadEnter: UInt32 = 0xFF8D
        public static let space: UInt32 = 0x20

        /// Whether the keysym is a modifier alone (Shift, Control, Caps Lock, AltGr, …):
        /// pressing one changes no text and leaves the engine's record alone.
        public static func isModifier(_ keyval: UInt32) -> Bool {
            (0xFFE1...0xFFEE).contains(keyval) || (0xFE01...0xFE0F).contains(keyval) || keyval == 0xFF7E
        }
    }
}
