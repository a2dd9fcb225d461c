/// One participant's session of the web page's typing test, as `docs/typing-log.schema.json`
/// (version 1) describes it: what `kbdsim calibrate` reads. Only what the fits use is kept;
/// the reader checks every other field of the schema and drops it.
public struct TypingLog: Sendable {
    /// The name of the file as given on the command line.
    public var file: String
    /// The participant's code (`participant.id`).
    public var participant: String
    /// How the participant held the phone (`participant.posture`).
    public var posture: Posture
    /// CSS pixels per millimetre (`device.pxPerMm`).
    public var pxPerMm: Double
    /// Whether `pxPerMm` was measured with a card or assumed (96 px per inch).
    public var pxPerMmMeasured: Bool
    /// How long a key was held before its popup opened, milliseconds (`settings.longPressMs`).
    public var longPressMs: Double
    /// The layouts typed, as drawn.
    public var layouts: [LogLayout]
    /// Every phrase, practice and test.
    public var phrases: [LogPhrase]

    /// The touches of every phrase.
    public var touchCount: Int { phrases.reduce(0) { $0 + $1.touches.count } }
}

/// How the phone was held: the models are fitted per posture.
public enum Posture: String, CaseIterable, Sendable, Comparable {
    case oneFinger = "one-finger"
    case twoThumbs = "two-thumbs"
    case oneThumb = "one-thumb"

    public static func < (lhs: Posture, rhs: Posture) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a key does, as the log names it (`layouts[].keys[].role`).
public enum KeyRole: String, CaseIterable, Sendable {
    case letter, accent, backspace, shift, layer, space
    case returnKey = "return"
    case other
}

/// The gesture a touch made (`phrases[].touches[].gesture`).
public enum Gesture: String, CaseIterable, Sendable {
    case tap
    case longPress = "long-press"
    case flick
    case multiTap = "multi-tap"
    case cancelled
}

/// A rectangle, x to the right and y down.
public struct LogRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The centre's x.
    public var midX: Double { x + width / 2 }
    /// The centre's y.
    public var midY: Double { y + height / 2 }
}

/// A key as drawn for the test.
public struct LogKey: Sendable {
    /// The engine's key index (`KeyID`).
    public var key: Int
    public var role: KeyRole
    /// The popup item under the finger when a long-press opens, if the key has a popup.
    public var longPressDefault: Int?
    public var rectPx: LogRect
    public var rectMm: LogRect
}

/// A layout as drawn for the test.
public struct LogLayout: Sendable {
    public var id: String
    /// The drawn keyboard's width, CSS pixels.
    public var keyboardWidthPx: Double
    public var keys: [LogKey]
    /// Key index (`LogKey.key`) → position in `keys`.
    public var keyIndex: [Int: Int]

    /// The key with engine index `key`.
    public func key(_ key: Int) -> LogKey? { keyIndex[key].map { keys[$0] } }
}

/// One phrase typed.
public struct LogPhrase: Sendable {
    /// Position of its layout in `TypingLog.layouts`.
    public var layout: Int
    /// Whether it belongs to the measured block (`block == "test"`).
    public var isTest: Bool
    public var touches: [LogTouch]
    /// Whether it was typed in the other orientation than the session started in: the keys'
    /// rectangles of the log were drawn in the first, so its touches cannot be placed on them.
    public var turned = false
}

/// One finger on the keyboard, from down to up. Times in milliseconds, positions in CSS pixels.
public struct LogTouch: Sendable {
    public var downT: Double
    public var downX: Double
    public var downY: Double
    public var upT: Double
    /// The key hit, `nil` for none.
    public var key: Int?
    /// The key meant, `nil` where it cannot be known.
    public var intended: Int?
    public var gesture: Gesture
    /// For a long-press that chose a popup item: the item.
    public var choice: Int?
}
