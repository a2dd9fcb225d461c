/// The shift state of a session.
public enum ShiftState: UInt8, Hashable, Sendable, CaseIterable {
    /// Lower case.
    case off
    /// The next character is upper case, then shift releases.
    case once
    /// Caps lock: upper case until shift is pressed again.
    case locked
}

/// The part of a session's state that decides what the keys show: the chosen layer, shift,
/// and a latched level (AltGr on hardware layouts).
public struct SessionState: Hashable, Sendable {
    /// The layer chosen with layer keys (an index into `Layout.layers`).
    public var layer: Int
    /// Shift or caps lock.
    public var shift: ShiftState
    /// The layer a latch key (AltGr) chose for the next character only, or `nil`.
    public var latch: Int? {
        get { latchIndex >= 0 ? Int(latchIndex) : nil }
        set { latchIndex = newValue.map { Int32(clamping: $0) } ?? -1 }
    }
    /// The latched layer, -1 for none: two words in all, so states pass in registers.
    private var latchIndex: Int32

    /// Creates a state.
    public init(layer: Int, shift: ShiftState = .off, latch: Int? = nil) {
        self.layer = layer
        self.shift = shift
        self.latchIndex = latch.map { Int32(clamping: $0) } ?? -1
    }

    /// The state a session starts in: `base`, shift off.
    public static func initial(_ layout: Layout) -> SessionState {
        SessionState(layer: layout.baseLayer)
    }

    /// The layer whose keys are shown: the latched layer, else the chosen one; while shift
    /// is on, its shifted counterpart (`shift` for `base`, `altgr-shift` for `altgr`); while
    /// caps lock is on, its locked counterpart (the shifted one, or a hardware layout's `caps`).
    public func visibleLayer(in layout: Layout) -> Int {
        let chosen = latch ?? layer
        guard chosen >= 0, chosen < layout.shiftedLayers.count else { return chosen }
        switch shift {
        case .off: return chosen
        case .once: return layout.shiftedLayers[chosen]
        case .locked: return layout.lockedLayers[chosen]
        }
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

    /// The state after Caps Lock: shift off → locked; once or locked → off.
    public func afterCapsLock() -> SessionState {
        var next = self
        next.shift = shift == .off ? .locked : .off
        return next
    }

    /// The state after typing a character: a one-shot shift and a latched level release.
    @inline(__always)
    public func afterTyping() -> SessionState {
        var next = self
        next.releaseAfterTyping()
        return next
    }

    /// Releases a one-shot shift and a latched level, in place (the session's hot path).
    @inline(__always)
    mutating func releaseAfterTyping() {
        if shift == .once { shift = .off }
        latchIndex = -1
    }

    /// The state after a tap of a key with `action`: the one rule of state changes, which
    /// `TypingSession.handle` follows and the planner predicts with. Typing a character (text,
    /// space, return, a dead key, and an accent key on hardware, whose modifier is let go as
    /// after a dead key) releases a one-shot shift and a latch; shift, caps lock, latch and
    /// layer keys change what they change; a touch accent key and backspace change nothing.
    /// A long-press, multi-tap or flick types a character: `afterTyping()`.
    public func afterTap(of action: KeyAction, onHardware hardware: Bool) -> SessionState {
        switch action {
        case .text, .space, .returnKey, .deadKey: afterTyping()
        case .accent: hardware ? afterTyping() : self
        case .backspace: self
        case .shift: afterShift()
        case .capsLock: afterCapsLock()
        case .latch(let target): afterLatch(to: target)
        case .layer(let target): afterLayerSwitch(to: target)
        }
    }

    /// The state after a layer key: the new layer; a one-shot shift and a latch release,
    /// caps lock stays.
    public func afterLayerSwitch(to layer: Int) -> SessionState {
        SessionState(layer: layer, shift: shift == .locked ? .locked : .off)
    }

    /// The state after a latch key: the next character comes from `layer` (a second press
    /// of the same latch releases it); shift stays as it is.
    public func afterLatch(to layer: Int) -> SessionState {
        var next = self
        next.latchIndex = latchIndex == Int32(clamping: layer) ? -1 : Int32(clamping: layer)
        return next
    }
}
