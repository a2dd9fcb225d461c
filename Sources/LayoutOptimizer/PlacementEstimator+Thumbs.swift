extension PlacementEstimator {
    /// Two thumbs: every distinct segment replayed, each from both thumbs on the space bar.
    func twoThumbSeconds(_ place: [Int], _ placement: Placement, segments limit: Int? = nil) -> Double {
        let extras = pressCodes.map { code in
            popupTime(key: Int(code.key), pick: Int(code.pick), place: place[Int(code.key)], placement)
        }
        let count = keyCount
        let start = place[startKey]
        var total = 0.0
        let ends = statistics.segmentEnds
        let weights = statistics.weights
        let segmentCount = min(limit ?? ends.count, ends.count)
        let floor = self.floor
        extras.withUnsafeBufferPointer { extras in
            ends.withUnsafeBufferPointer { ends in
                weights.withUnsafeBufferPointer { weights in
                    place.withUnsafeBufferPointer { place in
                        movement.withUnsafeBufferPointer { movement in
                            side.withUnsafeBufferPointer { side in
                                statistics.events.withUnsafeBufferPointer { events in
                                    pressOfEvent.withUnsafeBufferPointer { pressOf in
                                        var begin = 0
                                        for segment in 0..<segmentCount {
                                            let end = ends[segment]
                                            var key0 = start
                                            var key1 = start
                                            var free0 = 0.0
                                            var free1 = 0.0
                                            var lastTap = 0.0
                                            for index in begin..<end {
                                                let key = place[Int(events[index] >> 8)]
                                                let press = Int(pressOf[index])
                                                let extra = press >= 0 ? extras[press] : 0
                                                var thumb = Int(side[key])
                                                if thumb == 2 { thumb = free0 <= free1 ? 0 : 1 }
                                                if thumb == 0 {
                                                    let ready = free0 + movement[key0 * count + key]
                                                    let done = max(ready, lastTap + floor) + extra
                                                    lastTap = done
                                                    key0 = key
                                                    free0 = done
                                                } else {
                                                    let ready = free1 + movement[key1 * count + key]
                                                    let done = max(ready, lastTap + floor) + extra
                                                    lastTap = done
                                                    key1 = key
                                                    free1 = done
                                                }
                                            }
                                            total += weights[segment] * lastTap
                                            begin = end
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return total
    }
}
