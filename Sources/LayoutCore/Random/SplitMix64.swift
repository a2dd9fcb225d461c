/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): small, fast and the same on every platform, unlike the system generator, so
/// a bootstrap, an optimizer run or a random test repeats exactly from its seed.
///
///     var random = SplitMix64(seed: 0x5eed)
///     let index = Int.random(in: 0..<10, using: &random)
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state; the next value depends on it alone.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `bound` − 1 (Lemire's multiply-shift; the bias is below 2⁻³² for
    /// bounds below 2³²).
    public mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
