/// The keys of the ISO 105-key main block a peer is typed on, as the XKB import places them
/// (the same names, widths and 19.05 mm pitch), with what each key is called by the peers:
/// the Windows virtual-key code Keyman keyboards read (positional: the US key in that place)
/// and the characters a US layout gives there, which is what m17n input methods read.
enum PeerKeyboard {
    /// One position: XKB key name, width in key units, Keyman virtual key, US characters
    /// (plain and shifted); `nil` name for the lower part of the ISO Enter.
    struct Position {
        let name: String?
        let width: Double
        let virtualKey: UInt16
        let us: (plain: String, shifted: String)?
    }

    /// What a position does when it is not a character key.
    enum Role {
        case character, shift, altGr, capsLock, backspace, returnKey, space
    }

    /// The key pitch and row pitch, in millimetres; rows are 15 units wide.
    static let unitMm = 19.05

    static let rows: [[Position]] = [
        [character("TLDE", 0xC0, "`", "~")]
            + zip(Array("1234567890"), Array("!@#$%^&*()")).enumerated().map {
                character(
                    "AE" + twoDigits($0.offset + 1), UInt16($0.element.0.asciiValue!), String($0.element.0),
                    String($0.element.1))
            } + [character("AE11", 0xBD, "-", "_"), character("AE12", 0xBB, "=", "+"), special("BKSP", 2, 0x08)],
        [Position(name: "TAB", width: 1.5, virtualKey: 0, us: nil)]
            + letters("AD", "qwertyuiop") + [character("AD11", 0xDB, "[", "{"), character("AD12", 0xDD, "]", "}")]
            + [special("RTRN", 1.5, 0x0D)],
        [Position(name: "CAPS", width: 1.75, virtualKey: 0, us: nil)] + letters("AC", "asdfghjkl")
            + [character("AC10", 0xBA, ";", ":"), character("AC11", 0xDE, "'", "\"")]
            + [character("BKSL", 0xDC, "\\", "|"), Position(name: nil, width: 1.25, virtualKey: 0, us: nil)],
        [special("LFSH", 1.25, 0x10), character("LSGT", 0xE2, "<", ">")] + letters("AB", "zxcvbnm")
            + [character("AB08", 0xBC, ",", "<"), character("AB09", 0xBE, ".", ">"), character("AB10", 0xBF, "/", "?")]
            + [special("RTSH", 2.75, 0x10)],
        ["LCTL", "LWIN", "LALT"].map { Position(name: $0, width: 1.25, virtualKey: 0, us: nil) }
            + [special("SPCE", 6.25, 0x20), special("RALT", 1.25, 0x12)]
            + ["RWIN", "COMP", "RCTL"].map { Position(name: $0, width: 1.25, virtualKey: 0, us: nil) },
    ]

    /// The role of a position by its XKB name.
    static func role(_ name: String) -> Role? {
        switch name {
        case "LFSH", "RTSH": .shift
        case "RALT": .altGr
        case "CAPS": .capsLock
        case "BKSP": .backspace
        case "RTRN": .returnKey
        case "SPCE": .space
        case "TAB", "LCTL", "LWIN", "LALT", "RWIN", "COMP", "RCTL": nil
        default: .character
        }
    }

    /// Virtual key by position name.
    static let virtualKeys: [String: UInt16] = Dictionary(
        rows.joined().compactMap { position in position.name.map { ($0, position.virtualKey) } },
        uniquingKeysWith: { first, _ in first })

    /// US characters by position name.
    static let usCharacters: [String: (plain: String, shifted: String)] = Dictionary(
        rows.joined().compactMap { position in position.us.map { (position.name!, $0) } },
        uniquingKeysWith: { first, _ in first })

    /// Every character position, for probing.
    static let characterPositions: [Position] = rows.joined().filter { $0.name.flatMap(role) == .character }

    private static func character(_ name: String, _ virtualKey: UInt16, _ plain: String, _ shifted: String)
        -> Position
    {
        Position(name: name, width: 1, virtualKey: virtualKey, us: (plain, shifted))
    }

    private static func special(_ name: String, _ width: Double, _ virtualKey: UInt16) -> Position {
        Position(name: name, width: width, virtualKey: virtualKey, us: nil)
    }

    private static func letters(_ prefix: String, _ letters: String) -> [Position] {
        letters.enumerated().map {
            character(
                prefix + twoDigits($0.offset + 1), UInt16($0.element.uppercased().first!.asciiValue!),
                String($0.element), $0.element.uppercased())
        }
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}

/// Which modifiers a peer layout's layer stands for.
struct PeerLevel: Hashable, Sendable {
    let shift: Bool
    let altGr: Bool
    /// Caps Lock on (no other modifier).
    var caps = false

    static let base = PeerLevel(shift: false, altGr: false)
    static let shifted = PeerLevel(shift: true, altGr: false)
    static let capsLock = PeerLevel(shift: false, altGr: false, caps: true)
    /// None, Shift, AltGr, Shift+AltGr, Caps Lock.
    static let hardware = [
        base, shifted, PeerLevel(shift: false, altGr: true), PeerLevel(shift: true, altGr: true), capsLock,
    ]

    /// The layer id of the level (`base`, `shift`, `altgr`, `altgr-shift`, `caps`), as on XKB layouts.
    var layerID: String {
        if caps { return "caps" }
        return switch (shift, altGr) {
        case (false, false): "base"
        case (true, false): "shift"
        case (false, true): "altgr"
        case (true, true): "altgr-shift"
        }
    }
}

/// One key press a peer engine receives: a position at a level.
struct PeerPress: Hashable, Sendable {
    /// The XKB name of the position (`AC01`), or `BKSP`, `RTRN`, `SPCE`.
    let position: String
    let level: PeerLevel
}
