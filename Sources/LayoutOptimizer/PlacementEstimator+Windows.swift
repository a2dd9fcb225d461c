/// Two thumbs, quickly: the plans cut into windows of a few events, each timed from both
/// thumbs on the space bar, and the last event's share counted. A window that reaches back to
/// a segment's start is timed exactly; a longer context is cut off, which is what makes
/// the figure an estimate. Distinct windows are far fewer than distinct segments.
public struct ThumbWindows: Sendable {
    /// Events of each window after one another (codes as in `PlanStatistics.events`).
    let events: [UInt32]
    /// Per event: its long-press's index among the estimator's `pressCodes`, or -1.
    let presses: [Int32]
    /// Where each window ends in `events`.
    let ends: [Int32]
    /// How often each window's last event occurs.
    public let weights: [Double]

    /// The windows of `length` events over `statistics`, pressing codes as `pressIndex` says.
    init(_ statistics: PlanStatistics, length: Int, pressIndex: [Int: Int32]) {
        var counts: [[UInt32]: Double] = [:]
        for segment in 0..<statistics.segmentCount {
            let events = Array(statistics.segment(segment))
            let weight = statistics.weights[segment]
            for index in events.indices {
                counts[Array(events[max(0, index - length + 1)...index]), default: 0] += weight
            }
        }
        var events: [UInt32] = []
        var ends: [Int32] = []
        var weights: [Double] = []
        for (window, weight) in counts.sorted(by: { $0.value > $1.value }) {
            events += window
            ends.append(Int32(events.count))
            weights.append(weight)
        }
        self.events = events
        presses = events.map { code in
            code & 0xFF == 0 ? -1 : pressIndex[Int(code >> 8) << 8 | Int(code & 0xFF)] ?? -1
        }
        self.ends = ends
        self.weights = weights
    }
}

extension PlacementEstimator {
    /// The windows' estimate of the reference plans' seconds on `placement`.
    func windowSeconds(_ place: [Int], _ placement: Placement, _ windows: ThumbWindows) -> Double {
        let extras = pressCodes.map { code in
            popupTime(key: Int(code.key), pick: Int(code.pick), place: place[Int(code.key)], placement)
        }
        let count = keyCount
        let start = place[startKey]
        let floor = self.floor
        var total = 0.0
        var begin = 0
        for window in 0..<windows.ends.count {
            let end = Int(windows.ends[window])
            var keys = (start, start)
            var free = (0.0, 0.0)
            var lastTap = 0.0
            var previousTap = 0.0
            for index in begin..<end {
                let key = place[Int(windows.events[index] >> 8)]
                let press = Int(windows.presses[index])
                let extra = press >= 0 ? extras[press] : 0
                var thumb = Int(side[key])
                if thumb == 2 { thumb = free.0 <= free.1 ? 0 : 1 }
                let from = thumb == 0 ? keys.0 : keys.1
                let ready = (thumb == 0 ? free.0 : free.1) + movement[from * count + key]
                let done = max(ready, lastTap + floor) + extra
                previousTap = lastTap
                lastTap = done
                if thumb == 0 {
                    keys.0 = key
                    free.0 = done
                } else {
                    keys.1 = key
                    free.1 = done
                }
            }
            total += windows.weights[window] * (lastTap - previousTap)
            begin = end
        }
        return total
    }
}
