/// One thing a person does to a key: a tap, a long-press that picks an alternate, a
/// multi-tap (the key tapped `count` times in quick succession) or a flick (a slide from
/// the key in one or more compass directions).
///
/// Eight bytes, so that plans of millions of events stay small.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    private let keyIndex: UInt32
    /// -1 for a tap, -2 for a long-press that picks the key's default, ≥ 0 for an alternate,
    /// -(count + 1) for a multi-tap of `count` ≥ 2 taps (down to `multiTapLimit`), and
    /// `Int32.min + directions` for a flick (four bits a direction, first direction lowest).
    private let pick: Int32

    /// The most taps a multi-tap event holds; more are counted as this many.
    public static let multiTapLimit = 1 << 20
    /// The most directions a flick event holds; more are left out.
    public static let flickLimit = 7

    private init(keyIndex: UInt32, pick: Int32) {
        self.keyIndex = keyIndex
        self.pick = pick
    }

    /// `key`'s index as stored: an id no `UInt32` holds (negative, or past 4,294,967,295) is
    /// stored as `UInt32.max`, a key no layout has, rather than cut to a key that exists.
    @inline(__always) private static func index(_ key: KeyID) -> UInt32 {
        UInt32(exactly: key.rawValue) ?? .max
    }

    /// A tap on `key`.
    public static func tap(_ key: KeyID) -> KeyEvent {
        KeyEvent(keyIndex: index(key), pick: -1)
    }

    /// A long-press on `key` that picks the alternate at `alternate` (its index in
    /// `Key.longPress`), or the key's default alternate when `nil`. An index no list has (a
    /// negative one, or one past `Int32.max`) stays a long-press that picks nothing: it is
    /// stored as `Int32.max`, never as one of the codes of the other gestures.
    public static func longPress(_ key: KeyID, alternate: Int? = nil) -> KeyEvent {
        KeyEvent(
            keyIndex: index(key),
            pick: alternate.map { $0 < 0 ? Int32.max : Int32(clamping: $0) } ?? -2)
    }

    /// `count` quick taps on `key` (a multi-tap); a count of 1 or less is a tap.
    public static func multiTap(_ key: KeyID, count: Int) -> KeyEvent {
        guard count >= 2 else { return .tap(key) }
        return KeyEvent(
            keyIndex: index(key), pick: -Int32(min(count, multiTapLimit)) - 1)
    }

    /// A flick on `key` along `directions` (the first `flickLimit` of them); no direction is a tap.
    public static func flick(_ key: KeyID, _ directions: [FlickDirection]) -> KeyEvent {
        guard !directions.isEmpty else { return .tap(key) }
        var code: Int32 = 0
        for (index, direction) in directions.prefix(flickLimit).enumerated() {
            code |= Int32(direction.rawValue + 1) << (4 * index)
        }
        return KeyEvent(keyIndex: index(key), pick: Int32.min + code)
    }

    /// The key pressed.
    public var key: KeyID { KeyID(Int(keyIndex)) }
    /// Whether the key was held for its alternates.
    public var isLongPress: Bool { pick >= -2 && pick != -1 }
    /// Whether the event is a plain tap.
    public var isTap: Bool { pick == -1 }
    /// The alternate picked: an index into `Key.longPress`, or `nil` for a tap or the default.
    public var alternate: Int? { pick >= 0 ? Int(pick) : nil }
    /// How many quick taps: 1 for a tap, the count for a multi-tap, 0 for other gestures.
    public var tapCount: Int {
        if pick == -1 { return 1 }
        return isMultiTap ? -Int(pick) - 1 : 0
    }
    /// Whether the event is a multi-tap.
    public var isMultiTap: Bool { pick < -2 && pick >= -Int32(Self.multiTapLimit) - 1 }
    /// Whether the event is a flick.
    public var isFlick: Bool { pick >= Int32.min && pick < Int32.min + (1 << 28) }
    /// A flick's directions, in order (empty for other gestures).
    public var flickDirections: [FlickDirection] {
        guard isFlick else { return [] }
        var code = pick - Int32.min
        var directions: [FlickDirection] = []
        while code != 0 {
            if let direction = FlickDirection(rawValue: UInt8(code & 0xF) &- 1) { directions.append(direction) }
            code >>= 4
        }
        return directions
    }

    /// How many keystrokes the event counts: a tap 1, a long-press 2 (the press and the
    /// pick), a multi-tap its taps, a flick 1 plus one per direction.
    public var keystrokes: Int {
        if pick == -1 { return 1 }
        if isMultiTap { return tapCount }
        if isFlick { return 1 + flickDirections.count }
        return 2
    }

    public var description: String {
        if isMultiTap { return "multiTap(\(keyIndex), \(tapCount))" }
        if isFlick { return "flick(\(keyIndex), \(flickDirections.map { $0.name }.joined(separator: ",")))" }
        switch pick {
        case -1: return "tap(\(keyIndex))"
        case -2: return "longPress(\(keyIndex))"
        default: return "longPress(\(keyIndex), \(pick))"
        }
    }
}

/// One of the eight compass directions of a flick (CLDR keyboard3's `flickSegment`
/// directions): north is up the screen.
public enum FlickDirection: UInt8, CaseIterable, Hashable, Sendable {
    case n, ne, e, se, s, sw, w, nw

    /// The CLDR name: `n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`.
    public var name: String {
        switch self {
        case .n: "n"
        case .ne: "ne"
        case .e: "e"
        case .se: "se"
        case .s: "s"
        case .sw: "sw"
        case .w: "w"
        case .nw: "nw"
        }
    }

    /// The direction with this CLDR name (lower case), or `nil`.
    public init?(name: String) {
        guard let direction = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = direction
    }

    /// A unit step in screen terms: x to the right, y down.
    public var offset: (x: Double, y: Double) {
        let diagonal = 0.5.squareRoot()
        switch self {
        case .n: return (0, -1)
        case .ne: return (diagonal, -diagonal)
        case .e: return (1, 0)
        case .se: return (diagonal, diagonal)
        case .s: return (0, 1)
        case .sw: return (-diagonal, diagonal)
        case .w: return (-1, 0)
        case .nw: return (-diagonal, -diagonal)
        }
    }

    /// The direction nearest to a movement of `dx` right and `dy` down (screen terms), or
    /// `nil` for no movement: eight sectors of 45°, each centred on its direction.
    public init?(dx: Double, dy: Double) {
        guard dx != 0 || dy != 0 else { return nil }
        let tangent = 0.414_213_562_373_095_1  // tan 22.5°: where a sector ends
        let horizontal: FlickDirection? = dx > 0 ? .e : dx < 0 ? .w : nil
        let vertical: FlickDirection? = dy > 0 ? .s : dy < 0 ? .n : nil
        if abs(dy) <= tangent * abs(dx), let horizontal {
            self = horizontal
        } else if abs(dx) <= tangent * abs(dy), let vertical {
            self = vertical
        } else {
            switch (dx > 0, dy > 0) {
            case (true, true): self = .se
            case (true, false): self = .ne
            case (false, true): self = .sw
            case (false, false): self = .nw
            }
        }
    }
}
