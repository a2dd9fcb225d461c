/// One-finger seconds of running text as whole quanta of 2⁻⁴⁰ s (about 0.9 ps): the total
/// and each grapheme's.
///
/// A press's one-finger time is its Fitts move from the key before plus its gesture's
/// extra, each rounded to a whole quantum once, when the tables are made. Whole numbers add
/// up exactly in any order, so `MetricsSink` can count running text by pairs of the key the
/// finger rests on and the way that types the next grapheme, and time each pair once when
/// the tally is read, with the same figures, bit for bit, as timing grapheme by grapheme.
/// The rounding changes a time by at most half a quantum a press (a relative 10⁻¹¹ of a
/// tap), far below the digits any report shows.
///
/// A press's quanta fit an Int64 (2²³ s); the sums are Int128, which no corpus fills.
struct TimeQuanta: Sendable {
    /// The quantum, seconds.
    static let quantum = 0x1p-40

    /// `seconds` in whole quanta, rounded to the nearest.
    /// - Precondition: `seconds` is finite and below 2²² s (a press under any constants
    ///   `kbdsim` accepts, 0 to 60 s, takes at most about 2,300 s).
    @inline(__always)
    static func quanta(_ seconds: Double) -> Int64 {
        precondition(seconds.isFinite && abs(seconds) < 0x1p22, "a press's time of \(seconds) s is out of range")
        return Int64((seconds * 0x1p40).rounded())
    }

    /// All quanta counted.
    var total: Int128 = 0
    /// Per grapheme id: its quanta.
    var perGrapheme: [Int128]

    /// No quanta, for `graphemeCount` grapheme ids.
    init(graphemeCount: Int) {
        perGrapheme = [Int128](repeating: 0, count: graphemeCount)
    }

    /// Adds `quanta` spent typing grapheme `grapheme`.
    @inline(__always)
    mutating func add(_ quanta: Int128, grapheme: Int) {
        total += quanta
        perGrapheme[grapheme] += quanta
    }

    /// Adds the quanta, as seconds, to `tally`'s totals and graphemes.
    func add(to tally: inout LayoutTally) {
        guard total != 0 else { return }
        tally.totals.seconds += Double(total) * Self.quantum
        for (grapheme, quanta) in perGrapheme.enumerated() where quanta != 0 {
            tally.graphemeSeconds[grapheme] += Double(quanta) * Self.quantum
        }
    }
}
