extension ReorderGroup {
    /// The new order of `text`'s scalars (indices), runs starting at or after the last run
    /// start at or before `changed` sorted; earlier text keeps its order.
    func permutation(of text: [UInt32], changedFrom changed: Int) -> [Int] {
        reordering(of: text, changedFrom: changed) ?? Array(text.indices)
    }

    /// `permutation(of:changedFrom:)`, or `nil` when nothing moves. A run already in order
    /// is left as it is, not sorted again: at each key the text before the change is most
    /// often in order already (a long run of marks of one weight stays in typing order), and
    /// the sort keys are all different (the last is the index), so a run is in order
    /// exactly when its sort leaves it as it is.
    func reordering(of text: [UInt32], changedFrom changed: Int) -> [Int]? {
        if keepsOrder(text, changedFrom: changed) { return nil }
        let (weights, runStarts) = sortKeys(of: text)
        let firstSorted = runStarts.last(where: { $0 <= changed }) ?? 0
        var result: [Int]?
        for (number, start) in runStarts.enumerated() where start >= firstSorted {
            let end = number + 1 < runStarts.count ? runStarts[number + 1] : text.count
            let ordered = weights.withUnsafeBufferPointer { weights in
                var index = start + 1
                while index < end {
                    if !Self.precedes(weights[index - 1], weights[index]) { return false }
                    index += 1
                }
                return true
            }
            if ordered { continue }
            let sorted = (start..<end).sorted { Self.precedes(weights[$0], weights[$1]) }
            if result == nil { result = Array(text.indices) }
            result!.replaceSubrange(start..<end, with: sorted)
        }
        return result
    }

    /// Whether every run `reordering` would sort is in order already, found in one pass
    /// that keeps no sort keys, for text without tertiary or prebase characters: there each
    /// base starts a run, and a character's key is its primary weight then its index, so a
    /// run is in order when its primary weights never fall. `false` when a run would move
    /// or such a character is met (the sort keys then decide).
    private func keepsOrder(_ text: [UInt32], changedFrom changed: Int) -> Bool {
        let plainPrimary = self.plainPrimary
        return text.withUnsafeBufferPointer { scalars in
            firstBounds.withUnsafeBufferPointer { bounds in
                var interval = 0
                var lower = bounds[0]
                var upper = bounds.count > 1 ? bounds[1] : UInt32.max
                var firstSorted = 0  // the last run start at or before `changed`
                var lastDisordered = -1  // the start of the last run out of order
                var runStart = 0
                var previous = 0  // the primary weight before, in the run
                var position = 0
                /// Takes the weight at `position`; `false` for a tertiary or prebase one.
                func take(_ weight: Weight) -> Bool {
                    if weight.tertiary != 0 || weight.preBase { return false }
                    if weight.isBase || position == 0 {
                        runStart = position
                        if position <= changed { firstSorted = position }
                    } else if weight.primary < previous {
                        lastDisordered = runStart
                    }
                    previous = weight.primary
                    position += 1
                    return true
                }
                while position < scalars.count {
                    let value = scalars[position]
                    if value < lower || value >= upper {
                        interval = self.interval(of: value)
                        lower = bounds[interval]
                        upper = interval + 1 < bounds.count ? bounds[interval + 1] : UInt32.max
                    }
                    let primary = plainPrimary[interval]
                    if primary == Int.min || (primary != Int.max && position == 0) {
                        // A base (or the first scalar): a run starts.
                        runStart = position
                        if position <= changed { firstSorted = position }
                        previous = primary == Int.min ? 0 : primary
                        position += 1
                        continue
                    }
                    if primary != Int.max {
                        if primary < previous { lastDisordered = runStart }
                        previous = primary
                        position += 1
                        continue
                    }
                    if let weight = firstWeight[interval] {
                        guard take(weight) else { return false }
                        continue
                    }
                    guard let first = firstRules[interval].first(where: { rules[$0].matches(text, at: position) })
                    else {
                        guard take(Weight()) else { return false }
                        continue
                    }
                    for weight in fixedWeights[first] ?? Self.weights(of: merged(first, text, at: position)) {
                        guard take(weight) else { return false }
                    }
                }
                return lastDisordered < firstSorted
            }
        }
    }

    /// Whether the character with `left`'s sort key goes before the one with `right`'s.
    @inline(__always) private static func precedes(_ left: Weight, _ right: Weight) -> Bool {
        if left.primary != right.primary { return left.primary < right.primary }
        if left.secondary != right.secondary { return left.secondary < right.secondary }
        if left.tertiary != right.tertiary { return left.tertiary < right.tertiary }
        return left.quaternary < right.quaternary
    }

    /// The sort key of each of `text`'s scalars (the weights of the rules matched from the
    /// start of `text`; tertiary characters take the primary weight and index of the last
    /// tertiary base), and where its runs start: preBase* base non-base*, a base or prebase
    /// after marks that have no base and no prebase (marks left over at the start) beginning
    /// a run of its own.
    private func sortKeys(of text: [UInt32]) -> (weights: [Weight], runStarts: [Int]) {
        var weights = [Weight](repeating: Weight(), count: text.count)
        weights.withUnsafeMutableBufferPointer { weights in
            text.withUnsafeBufferPointer { scalars in
                firstBounds.withUnsafeBufferPointer { bounds in
                    // The interval of the scalar before: scalars in a row mostly fall in it.
                    var interval = 0
                    var lower = bounds[0]
                    var upper = bounds.count > 1 ? bounds[1] : UInt32.max
                    var position = 0
                    while position < scalars.count {
                        let value = scalars[position]
                        if value < lower || value >= upper {
                            interval = self.interval(of: value)
                            lower = bounds[interval]
                            upper = interval + 1 < bounds.count ? bounds[interval + 1] : UInt32.max
                        }
                        if let weight = firstWeight[interval] {
                            weights[position] = weight
                            position += 1
                            continue
                        }
                        guard let first = firstRules[interval].first(where: { rules[$0].matches(text, at: position) })
                        else {
                            position += 1
                            continue
                        }
                        for weight in fixedWeights[first] ?? Self.weights(of: merged(first, text, at: position)) {
                            weights[position] = weight
                            position += 1
                        }
                    }
                }
            }
        }
        var runStarts: [Int] = []
        weights.withUnsafeMutableBufferPointer { weights in
            var lastBase = (primary: 0, index: 0)
            var sawBase = false
            var sawPreBase = false
            for index in weights.indices {
                let flag = weights[index].secondary == 1
                if weights[index].tertiary != 0 {
                    weights[index].primary = lastBase.primary
                    weights[index].secondary = lastBase.index
                } else {
                    weights[index].secondary = index
                    if flag || weights[index].primary == 0 { lastBase = (weights[index].primary, index) }
                }
                weights[index].quaternary = index
                let weight = weights[index]
                if weight.preBase || weight.isBase {
                    if sawBase || index == 0 || !sawPreBase {
                        runStarts.append(index)
                        sawBase = false
                        sawPreBase = false
                    }
                    if weight.preBase { sawPreBase = true } else { sawBase = true }
                } else if index == 0 {
                    runStarts.append(index)
                }
            }
        }
        return (weights, runStarts)
    }
}
