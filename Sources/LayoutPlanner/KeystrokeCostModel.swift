import LayoutCore

/// What a key event costs the typist, for the planner to minimize.
///
/// Costs are independent of the previous key, so plans can be precomputed per grapheme.
/// Comparisons that measure movement time evaluate the chosen plan afterwards.
public protocol KeystrokeCostModel: Sendable {
    /// The cost of one event on `layout`.
    func cost(of event: KeyEvent, in layout: Layout) -> Double
}

/// Counts keystrokes (`KeyEvent.keystrokes`): a tap is one, a long-press two (the press and
/// the pick), a multi-tap its taps, a flick one plus one per direction. Ties go to plain
/// taps: any other gesture costs a millionth more than its count of taps.
public struct KeystrokeCount: KeystrokeCostModel {
    /// Creates the model.
    public init() {}

    public func cost(of event: KeyEvent, in layout: Layout) -> Double {
        event.isTap ? 1 : Double(event.keystrokes) + 0.000_001
    }
}
