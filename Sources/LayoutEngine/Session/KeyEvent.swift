/// One thing a person does to a key: a tap, or a long-press that picks an alternate.
///
/// Eight bytes, so that plans of millions of events stay small.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    private let keyIndex: UInt32
    /// -1 for a tap, -2 for a long-press that picks the key's default, ≥ 0 for an alternate.
    private let pick: Int32

    private init(keyIndex: UInt32, pick: Int32) {
        self.keyIndex = keyIndex
        self.pick = pick
    }

    /// A tap on `key`.
    public static func tap(_ key: KeyID) -> KeyEvent {
        KeyEvent(keyIndex: UInt32(truncatingIfNeeded: key.rawValue), pick: -1)
    }

    /// A long-press on `key` that picks the alternate at `alternate` (its index in
    /// `Key.longPress`), or the key's default alternate when `nil`.
    public static func longPress(_ key: KeyID, alternate: Int? = nil) -> KeyEvent {
        KeyEvent(
            keyIndex: UInt32(truncatingIfNeeded: key.rawValue),
            pick: alternate.map { Int32(clamping: $0) } ?? -2)
    }

    /// The key pressed.
    public var key: KeyID { KeyID(Int(keyIndex)) }
    /// Whether the key was held for its alternates.
    public var isLongPress: Bool { pick != -1 }
    /// The alternate picked: an index into `Key.longPress`, or `nil` for a tap or the default.
    public var alternate: Int? { pick >= 0 ? Int(pick) : nil }

    public var description: String {
        switch pick {
        case -1: "tap(\(keyIndex))"
        case -2: "longPress(\(keyIndex))"
        default: "longPress(\(keyIndex), \(pick))"
        }
    }
}
