/// Where the one finger can rest, as far as timing goes: keys whose moves to every key take
/// the same time (the same key on several layers, at the same place) are one position.
///
/// `MetricsSink` counts running text by pairs of the position the finger rests on and the
/// way that types the next grapheme; hu-touch's 128 keys are 58 positions, so the counts
/// of one way lie together in a few cache lines.
struct FingerPositions: Sendable {
    /// Per key: its position.
    let positionOf: [Int32]
    /// Per position: one of its keys (any of them times the same).
    let key: [Int32]
    /// How many positions.
    var count: Int { key.count }

    /// The positions of the keys of a `keyCount`-key layout whose moves, in quanta, are
    /// `movementQuanta[from * keyCount + to]`.
    init(movementQuanta: [Int64], keyCount: Int) {
        var positionByRow: [ArraySlice<Int64>: Int32] = [:]
        var positionOf: [Int32] = []
        var key: [Int32] = []
        for from in 0..<keyCount {
            let row = movementQuanta[(from * keyCount)..<((from + 1) * keyCount)]
            if let position = positionByRow[row] {
                positionOf.append(position)
            } else {
                let position = Int32(key.count)
                positionByRow[row] = position
                positionOf.append(position)
                key.append(Int32(from))
            }
        }
        self.positionOf = positionOf
        self.key = key
    }
}
