/// The shift state of a session.
public enum ShiftState: UInt8, Hashable, Sendable, CaseIterable {
    /// Lower case.
    case off
    /// The next character is upper case, then shift releases.
    case once
    /// Caps lock: upper case until shift is pressed again.
    case locked
}

/// The part of a session's state that decides what the keys show: the chosen layer and shift.
public struct SessionState: Hashable, Sendable {
    /// The layer chosen with layer keys (an index into `Layout.layers`).
    public var layer: Int
    /// Shift or caps lock.
    public var shift: ShiftState

    /// Creates a state.
    public init(layer: Int, shift: ShiftState = .off) {
        self.layer = layer
        self.shift = shift
    }

    /// The state a session starts in: `base`, shift off.
    public static func initial(_ layout: Layout) -> SessionState {
        SessionState(layer: layout.baseLayer)
    }

    /// The layer whose keys are shown: `shift` when the base layer is chosen and shift or
    /// caps lock is on, otherwise the chosen layer.
    public func visibleLayer(in layout: Layout) -> Int {
        layer == layout.baseLayer && shift != .off ? layout.shiftLayer : layer
    }

    /// The state after pressing shift: off → once → locked → off.
    public func afterShift() -> SessionState {
        var next = self
        switch shift {
        case .off: next.shift = .once
        case .once: next.shift = .locked
        case .locked: next.shift = .off
        }
        return next
    }

    /// The state after typing a character: a one-shot shift releases.
    public func afterTyping() -> SessionState {
        var next = self
        if shift == .once { next.shift = .off }
        return next
    }

    /// The state after a layer key: the new layer; a one-shot shift releases, caps lock stays.
    public func afterLayerSwitch(to layer: Int) -> SessionState {
        SessionState(layer: layer, shift: shift == .locked ? .locked : .off)
    }
}
