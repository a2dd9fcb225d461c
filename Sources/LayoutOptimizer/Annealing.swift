import Foundation

/// Simulated annealing with the Metropolis rule, as Zhai, Hunter & Smith (2000) searched
/// keyboards: swap two movable keys; keep the swap when it is faster, else with probability
/// e^(−Δ/T), the temperature falling geometrically from a start where a typical slower swap
/// is kept half the time to a thousandth of it. Under a time limit the temperature follows
/// whichever is further along, the steps or the time, so a run the limit ends has cooled.
struct Annealing {
    /// Iterations to run (the time limit may end it earlier).
    var iterations: Int
    /// Seconds of wall-clock time at most.
    var timeLimit: Double?
    /// The seed of the generator: the same seed, the same run.
    var seed: UInt64

    /// Runs from `start` over the slots of `space.movable`; `progress` gets the share done
    /// (of the steps or of the time, whichever is further) and the best estimate's seconds.
    func run(
        _ estimator: PlacementEstimator, _ space: SearchSpace, start: Placement, keep: Int,
        progress: ((Double, Double) -> Void)?
    ) throws(OptimizerError) -> (top: [Scored], evaluated: Int) {
        let positions = start.positions
        let slots = space.movable.map { positions[$0] }
        guard slots.count >= 2 else {
            throw OptimizerError("fewer than two keys may move; --keep fewer keys or vary more")
        }
        var random = SeededGenerator(seed: seed)
        var current = start
        var seconds = estimator.quickSeconds(current)
        var top = TopList(capacity: keep)
        top.offer(current, seconds)
        func pick() -> (Int, Int) {
            let first = Int.random(in: 0..<slots.count, using: &random)
            var second = Int.random(in: 0..<(slots.count - 1), using: &random)
            if second >= first { second += 1 }
            return (slots[first], slots[second])
        }
        // The start temperature: the mean slowdown of random swaps.
        var slowdown = 0.0
        var slower = 0
        for _ in 0..<64 {
            let (a, b) = pick()
            current.slots.swapAt(a, b)
            let delta = estimator.quickSeconds(current) - seconds
            current.slots.swapAt(a, b)
            if delta > 0 {
                slowdown += delta
                slower += 1
            }
        }
        let hot = slower > 0 ? slowdown / Double(slower) / log(2.0) : max(seconds * 1e-6, 1e-9)
        let cold = hot * 1e-3
        let began = Date()
        var evaluated = 64
        var step = 0
        var timeShare = 0.0
        while step < iterations {
            let stepShare = Double(step) / Double(max(1, iterations - 1))
            if step & 255 == 0 {
                if let timeLimit {
                    let elapsed = Date().timeIntervalSince(began)
                    if elapsed >= timeLimit { break }
                    timeShare = elapsed / timeLimit
                }
                progress?(max(stepShare, timeShare), top.items[0].seconds)
            }
            let temperature = hot * pow(cold / hot, min(1, max(stepShare, timeShare)))
            let (a, b) = pick()
            current.slots.swapAt(a, b)
            let candidate = estimator.quickSeconds(current)
            evaluated += 1
            let delta = candidate - seconds
            if delta <= 0 || Double.random(in: 0..<1, using: &random) < exp(-delta / temperature) {
                seconds = candidate
                top.offer(current, seconds)
            } else {
                current.slots.swapAt(a, b)
            }
            step += 1
        }
        return (top.items, evaluated)
    }
}
