/// What a key event costs the typist, for the planner to minimize.
///
/// Costs are independent of the previous key, so plans can be precomputed per grapheme.
/// Comparisons that measure movement time evaluate the chosen plan afterwards.
public protocol KeystrokeCostModel: Sendable {
    /// The cost of one event on `layout`.
    func cost(of event: KeyEvent, in layout: Layout) -> Double
}

/// Counts keystrokes: a tap is one, a long-press two (the press and the pick). Ties go to
/// plain taps: a long-press costs a millionth more than two taps.
public struct KeystrokeCount: KeystrokeCostModel {
    /// Creates the model.
    public init() {}

    public func cost(of event: KeyEvent, in layout: Layout) -> Double {
        event.isLongPress ? 2.000_001 : 1
    }
}
