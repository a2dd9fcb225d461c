import LayoutEngine

/// A terminal's size in columns and lines.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var lines: Int

    /// Creates a size.
    public init(columns: Int, lines: Int) {
        self.columns = columns
        self.lines = lines
    }

    public var description: String { "\(columns)×\(lines)" }

    /// The largest screen the simulator draws: past any real terminal (an 8K display at a
    /// 5-pixel font is about 1,500 × 430), small enough that a frame stays a few megabytes.
    public static let largest = TerminalSize(columns: 4096, lines: 2048)

    /// This size, at most `largest` each way: a terminal may report up to 65,535 × 65,535,
    /// which would be a frame of 4 billion cells.
    public var limited: TerminalSize {
        TerminalSize(columns: min(columns, Self.largest.columns), lines: min(lines, Self.largest.lines))
    }
}

/// A key drawn lit, because it was just pressed or is held; `caption` replaces its label
/// for the moment (an accent key shows the letter it made, `→á`).
public struct KeyHighlight: Hashable, Sendable {
    public var key: KeyID
    public var caption: String?

    /// Creates a highlight.
    public init(key: KeyID, caption: String? = nil) {
        self.key = key
        self.caption = caption
    }
}

/// The long-press popup of a key, with the alternate under the finger.
public struct LongPressPopup: Hashable, Sendable {
    public var key: KeyID
    /// An index into the key's `longPress`.
    public var selection: Int

    /// Creates a popup.
    public init(key: KeyID, selection: Int) {
        self.key = key
        self.selection = selection
    }
}

/// What the two lines under the keyboard say.
public struct StatusInfo: Hashable, Sendable {
    /// Keystrokes so far: a tap counts one, a long-press two.
    public var keystrokes = 0
    /// Characters (graphemes) of the text.
    public var characters = 0
    /// The last edit, described (`á ⌫ → a (accent removed)`).
    public var lastEdit: String?
    /// Something to tell the user (a character the layout cannot type); wins over the edit.
    public var notice: String?
    /// What the simulator waits for (after Tab: a key to long-press); wins over both.
    public var prompt: String?

    /// Creates status information.
    public init(
        keystrokes: Int = 0, characters: Int = 0, lastEdit: String? = nil, notice: String? = nil,
        prompt: String? = nil
    ) {
        self.keystrokes = keystrokes
        self.characters = characters
        self.lastEdit = lastEdit
        self.notice = notice
        self.prompt = prompt
    }

    /// Keystrokes per character, `nil` before the first character.
    public var keystrokesPerCharacter: Double? {
        characters > 0 ? Double(keystrokes) / Double(characters) : nil
    }
}

/// Everything one frame of the simulator shows; `ScreenRenderer.render(_:)` turns it into
/// lines of text.
public struct ScreenModel: Sendable {
    /// The layout drawn.
    public var layout: Layout
    /// The session's layer and shift state; the keys drawn are those of its visible layer.
    public var state: SessionState
    /// The text typed so far (NFC); the caret is at its end.
    public var text: String
    /// The terminal's size.
    public var size: TerminalSize
    /// The key lit now, if any.
    public var highlight: KeyHighlight?
    /// The long-press popup, if open.
    public var popup: LongPressPopup?
    /// Small hints drawn on keys: the physical key that presses them.
    public var hints: [KeyID: String]
    /// The keyboard the hints are keys of: `us`, or an XKB id (`xkb:hu`).
    public var physical: String
    /// Whether to style with ANSI colours.
    public var color: Bool
    /// What backspace deletes, shown in the title line.
    public var backspacePolicy: BackspacePolicy
    /// The status lines.
    public var status: StatusInfo

    /// Creates a model.
    public init(
        layout: Layout, state: SessionState? = nil, text: String = "", size: TerminalSize,
        highlight: KeyHighlight? = nil, popup: LongPressPopup? = nil, hints: [KeyID: String] = [:],
        physical: String = PhysicalLayout.us.id, color: Bool = false, backspacePolicy: BackspacePolicy? = nil,
        status: StatusInfo = StatusInfo()
    ) {
        self.layout = layout
        self.state = state ?? .initial(layout)
        self.text = text
        self.size = size
        self.highlight = highlight
        self.popup = popup
        self.hints = hints
        self.physical = physical
        self.color = color
        self.backspacePolicy = backspacePolicy ?? layout.policies.backspace
        self.status = status
    }

    /// The layer whose keys are drawn.
    public var visibleLayer: Int { state.visibleLayer(in: layout) }
}
