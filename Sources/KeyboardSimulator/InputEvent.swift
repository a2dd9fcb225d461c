/// One thing the person at the terminal did, decoded from the bytes the terminal sent.
public enum InputEvent: Hashable, Sendable {
    /// Printable text typed (a run of characters from one read).
    case text(String)
    /// Text pasted (bracketed paste).
    case paste(String)
    case backspace
    case enter
    case tab
    /// Escape on its own (a lone ESC byte with nothing after it in time).
    case escape
    /// Ctrl-C (byte 0x03: in raw mode it is a byte, not SIGINT).
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-L: draw everything again.
    case redraw
    /// Ctrl-Z (byte 0x1A): suspend, as a shell job does (the terminal program handles it).
    case suspend
    case arrowLeft
    case arrowRight
    case arrowUp
    case arrowDown
    /// A mouse report (xterm SGR mode).
    case mouse(MouseEvent)
}

/// A mouse report: what the button did and where, in 0-based screen cells.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        case press
        case drag
        case release
        /// A move with no button held, or the wheel: the simulator ignores these.
        case other
    }

    public var kind: Kind
    /// 0 left, 1 middle, 2 right.
    public var button: Int
    public var column: Int
    public var line: Int

    /// Creates a mouse event.
    public init(_ kind: Kind, button: Int = 0, column: Int, line: Int) {
        self.kind = kind
        self.button = button
        self.column = column
        self.line = line
    }
}
