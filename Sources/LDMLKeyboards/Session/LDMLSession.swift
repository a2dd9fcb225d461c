import LayoutEngine

/// A gesture on a touch key.
public enum LDMLGesture: Hashable, Sendable {
    /// A plain tap.
    case tap
    /// A long-press picking the n-th long-press key (1-based), or the default for `nil`/0.
    case longPress(Int?)
    /// `count` quick taps (2 or more).
    case multiTap(Int)
    /// A flick along these directions.
    case flick([LDMLFlickDirection])
}

/// Typing on an LDML keyboard with the project's session contract: every event returns an
/// `Edit` (delete N scalars of the host's NFC text before the caret, insert NFC text),
/// while the session keeps the context in NFD with markers, runs the simple transforms on
/// each key and the backspace transforms on backspace (UTS #35 Part 7).
public struct LDMLSession: Sendable {
    /// The keyboard typed on.
    public let keyboard: LDMLKeyboard
    /// The layer set keys are pressed on (touch by default, else hardware).
    public private(set) var layerSet: LDMLLayerSet?
    /// The current layer in `layerSet`.
    public private(set) var layer: Int
    /// The context: NFD scalars and markers (see `TextElement`).
    var context: [UInt32] = []
    /// The context keeps about this many elements; older text is dropped (so `^` in a
    /// pattern then means the start of what is kept).
    public var contextLimit = 4096
    /// Per key: its output, layer switch and whether typing it may skip the transforms.
    var plan: KeyPlan

    var lowWater = 0
    var savedTail: [UInt32] = []
    var modified = false
    var scratch = SessionScratch()

    /// A session on `keyboard`'s touch layers (or its hardware layers without touch ones).
    public init(keyboard: LDMLKeyboard, hardware: Bool = false, deviceWidth: Int? = nil) {
        self.keyboard = keyboard
        let set =
            hardware
            ? (keyboard.hardware ?? keyboard.touch(width: deviceWidth))
            : (keyboard.touch(width: deviceWidth) ?? keyboard.hardware)
        layerSet = set
        layer = set?.baseLayer ?? 0
        plan = KeyPlan(keyboard: keyboard, layerSet: set)
    }

    /// The text before the caret as the host holds it: NFC (unless the keyboard disables
    /// normalization), markers removed.
    public var text: String {
        let plain = TextElement.plainScalars(context)
        return TextElement.plainString(keyboard.normalizationDisabled ? plain : Normalization.nfc(plain))
    }

    /// How many elements of context the session keeps (NFD scalars and markers): about
    /// `contextLimit` at most once text is long; the host may hold older text before it.
    public var contextCount: Int { context.count }

    /// The names of the markers in the context, in order (for tests and display).
    public var contextMarkers: [String] { context.compactMap { keyboard.markers.name(of: $0) } }

    /// Replaces the context with `text` (no transforms run), markers cleared.
    public mutating func setContext(_ text: String) {
        let values = text.unicodeScalars.map(\.value)
        context = keyboard.normalizationDisabled ? values : Normalization.nfd(values)
    }

    /// Takes `other`'s layer and context (a session on the same keyboard and layer set),
    /// keeping this session's own buffers and caches: typing many continuations of one text
    /// (`textCompositions`, `markerDeadKeys`) without copying a session, and its buffers on
    /// the first write, for each.
    mutating func resume(from other: LDMLSession) {
        layer = other.layer
        contextLimit = other.contextLimit
        context.removeAll(keepingCapacity: true)
        context.append(contentsOf: other.context)
        lowWater = other.lowWater
        savedTail.removeAll(keepingCapacity: true)
        savedTail.append(contentsOf: other.savedTail)
        modified = other.modified
    }

    /// Whether the context holds a marker.
    var hasMarkers: Bool { context.contains(where: TextElement.isMarker) }

    /// Switches to the layer with `id` in the current layer set.
    public mutating func switchLayer(to id: String) {
        if let index = layerSet?.layerIndex(id: id) { layer = index }
    }

    /// Presses the key with index `key` (into `keyboard.keys`) with a gesture.
    public mutating func press(_ key: Int, gesture: LDMLGesture = .tap) -> Edit {
        let target: Int
        if case .tap = gesture {
            guard key >= 0, key < plan.entries.count, !plan.entries[key].isGap else { return .none }
            target = key
        } else {
            guard let resolved = resolve(key, gesture: gesture) else { return .none }
            target = resolved
        }
        let edit = typeKey(target)
        let switched = plan.entries[target].layer
        if switched >= 0 { layer = Int(switched) }
        return edit
    }

    /// Presses the key with `id`.
    public mutating func press(id: String, gesture: LDMLGesture = .tap) -> Edit {
        guard let index = keyboard.keyIndex[id] else { return .none }
        return press(index, gesture: gesture)
    }

    /// The key a gesture on `key` gives, or `nil` when the gesture gives nothing. The
    /// target's own gestures do not chain (the spec: gestures defined on long-press,
    /// multi-tap and flick targets are ignored there).
    public func resolve(_ key: Int, gesture: LDMLGesture) -> Int? {
        guard key >= 0, key < keyboard.keys.count else { return nil }
        let pressed = keyboard.keys[key]
        if pressed.isGap { return nil }
        switch gesture {
        case .tap: return key
        case .longPress(let pick):
            guard !pressed.longPress.isEmpty else { return nil }
            guard let pick, pick > 0 else { return pressed.longPressDefault ?? pressed.longPress[0] }
            return pick <= pressed.longPress.count ? pressed.longPress[pick - 1] : nil
        case .multiTap(let count):
            guard count >= 2 else { return key }
            let cycle = [key] + pressed.multiTap
            return cycle[(count - 1) % cycle.count]
        case .flick(let directions):
            guard let flickID = pressed.flickID, let segments = keyboard.flicks[flickID] else { return nil }
            return segments.first { $0.directions == directions }?.key
        }
    }

    /// Types `text` as if a key had output it (the test files' `emit`).
    public mutating func emit(_ text: String) -> Edit {
        let values = text.unicodeScalars.map(\.value)
        let output = keyboard.normalizationDisabled ? values : Normalization.nfd(values)
        return output.withUnsafeBufferPointer { type($0, quick: nil) }
    }

    /// A key press on a hardware keyboard: the scan code's key on the layer the modifiers
    /// select (exact match, else `other`, else nothing).
    public mutating func pressHardware(scanCode: UInt8, modifiers: LDMLModifiers) -> Edit {
        guard let set = keyboard.hardware, let rows = keyboard.forms[set.formID],
            let layerIndex = set.layerIndex(modifiers: modifiers)
        else { return .none }
        for (rowNumber, row) in rows.enumerated() {
            guard let column = row.firstIndex(of: scanCode) else { continue }
            let keys = set.layers[layerIndex].rows
            guard rowNumber < keys.count, column < keys[rowNumber].count else { return .none }
            let key = keys[rowNumber][column]
            return keyboard.keys[key].isGap ? .none : typeKey(key)
        }
        return .none
    }
}
