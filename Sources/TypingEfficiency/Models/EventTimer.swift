import LayoutEngine

/// Times the events of a plan one by one, knowing where the finger (or each thumb) was:
/// the movement-time evaluation of a chosen plan.
///
/// Every sentence starts with the finger (both thumbs) on the space bar. Movement times
/// between keys are precomputed per layout, so timing an event is a table look-up.
public struct EventTimer: Sendable {
    /// Per-layout tables, shared by every timer of the layout.
    public struct Tables: Sendable {
        let model: TimeModel
        let keyCount: Int
        /// `movement[from * keyCount + to]`: Fitts time, seconds (one finger or one thumb).
        let movement: [Double]
        /// `movement` in whole quanta (`TimeQuanta`): the one-finger times of running text.
        let movementQuanta: [Int64]
        /// Per key: where its long-press alternates start in `popupMove`.
        let popupStart: [Int]
        /// Per key and alternate: hold plus the move from the default item to the alternate.
        let popupMove: [Double]
        let defaultAlternate: [Int]
        let side: [UInt8]
        let startKey: Int
        /// Per key: the time of each further tap of a multi-tap (the Fitts time of a tap on
        /// the same key, at least the two-thumb floor; per keystroke: one keystroke).
        let repeatTap: [Double]
        /// Per key: the time of each direction of a flick (a slide of one key pitch to a
        /// target one pitch wide: 1 bit of Fitts, a + b; per keystroke: one keystroke).
        let flickMove: [Double]
        /// The time per keystroke under the per-keystroke model, else 0.
        let keystrokeSeconds: Double

        /// What a gesture adds to the time of the tap it starts with: a long-press its hold
        /// and popup move, a multi-tap its further taps, a flick its slides; per keystroke,
        /// a keystroke's time for each keystroke past the first (`KeyEvent.keystrokes`).
        public func extra(of event: KeyEvent) -> Double {
            let key = event.key.rawValue
            guard !event.isTap, key >= 0, key < keyCount else { return 0 }
            if event.isMultiTap { return Double(event.tapCount - 1) * repeatTap[key] }
            if event.isFlick { return Double(event.flickDirections.count) * flickMove[key] }
            if keystrokeSeconds > 0 { return keystrokeSeconds }
            let pick = event.alternate ?? defaultAlternate[key]
            let end = key + 1 < keyCount ? popupStart[key + 1] : popupMove.count
            return pick >= 0 && popupStart[key] + pick < end ? popupMove[popupStart[key] + pick] : 0
        }
    }

    let tables: Tables
    // The state is module-internal so that `MetricsSink`'s batch loop can carry it in registers.
    var previous: Int
    var thumbKey: (Int, Int)
    var thumbFree: (Double, Double)
    var lastTap = 0.0

    /// A timer at the start of a sentence.
    public init(tables: Tables) {
        self.tables = tables
        previous = tables.startKey
        thumbKey = (tables.startKey, tables.startKey)
        thumbFree = (0, 0)
    }

    /// Back to the start of a sentence.
    @inline(__always)
    public mutating func reset() {
        previous = tables.startKey
        thumbKey = (tables.startKey, tables.startKey)
        thumbFree = (0, 0)
        lastTap = 0
    }

    /// Puts the finger (or the thumb of that half) on `key`, as if it had just been pressed.
    public mutating func place(at key: Int) {
        previous = key
        if tables.side[key] == 1 { thumbKey.1 = key } else { thumbKey.0 = key }
    }

    /// What `event` adds to the one-finger time of running text, in whole quanta
    /// (`TimeQuanta`): its move and its gesture's extra, each rounded.
    @inline(__always)
    mutating func quanta(_ event: KeyEvent) -> Int64 {
        let key = event.key.rawValue
        let extra = event.isTap ? 0 : TimeQuanta.quanta(tables.extra(of: event))
        let move = tables.movementQuanta[previous * tables.keyCount + key]
        previous = key
        return move + extra
    }

    /// The seconds `event` adds to the text's time.
    @inline(__always)
    public mutating func time(_ event: KeyEvent) -> Double {
        let key = event.key.rawValue
        let extra = event.isTap ? 0 : tables.extra(of: event)
        switch tables.model {
        case .perKeystroke(let seconds):
            return seconds + extra
        case .oneFinger:
            let seconds = tables.movement[previous * tables.keyCount + key] + extra
            previous = key
            return seconds
        case .twoThumb(_, let floor, _):
            var thumb = Int(tables.side[key])
            if thumb == 2 { thumb = thumbFree.0 <= thumbFree.1 ? 0 : 1 }
            let from = thumb == 0 ? thumbKey.0 : thumbKey.1
            let free = thumb == 0 ? thumbFree.0 : thumbFree.1
            let ready = free + tables.movement[from * tables.keyCount + key]
            let done = max(ready, lastTap + floor) + extra
            let added = done - lastTap
            lastTap = done
            if thumb == 0 {
                thumbKey.0 = key
                thumbFree.0 = done
            } else {
                thumbKey.1 = key
                thumbFree.1 = done
            }
            return added
        }
    }
}

extension EventTimer.Tables {
    /// Precomputes the movement and popup times of a layout under a time model; a tap of an
    /// accent key costs `accentExtra` seconds more (`accent.extra`), folded into the moves
    /// into it so that timing an event costs nothing more.
    public init(layout: Layout, geometry: MillimetreKeyboardGeometry, model: TimeModel, accentExtra: Double = 0) {
        self.model = model
        keyCount = layout.keys.count
        side = geometry.side
        startKey = geometry.spaceKey ?? 0
        defaultAlternate = layout.keys.map(\.longPressDefault)
        let fitts: FittsConstants
        let hold: Double
        switch model {
        case .oneFinger(let constants, let holdTime):
            (fitts, hold) = (constants, holdTime)
        case .twoThumb(let constants, _, let holdTime):
            (fitts, hold) = (constants, holdTime)
        case .perKeystroke:
            (fitts, hold) = (FittsConstants(a: 0, b: 0), 0)
        }
        var movement = [Double](repeating: 0, count: keyCount * keyCount)
        for from in 0..<keyCount {
            for to in 0..<keyCount {
                movement[from * keyCount + to] = fitts.movementTime(
                    distance: geometry.distance(from, to), width: geometry.targetWidth(to))
            }
        }
        var timesMoves = true
        if case .perKeystroke = model { timesMoves = false }
        if accentExtra != 0, timesMoves {
            for to in 0..<keyCount {
                guard case .accent = layout.keys[to].action else { continue }
                for from in 0..<keyCount { movement[from * keyCount + to] += accentExtra }
            }
        }
        self.movement = movement
        movementQuanta = movement.map(TimeQuanta.quanta)
        var popupStart: [Int] = []
        var popupMove: [Double] = []
        for (index, key) in layout.keys.enumerated() {
            popupStart.append(popupMove.count)
            for item in key.longPress.indices {
                let distance = geometry.popupDistance(index, from: key.longPressDefault, to: item)
                let move = distance > 0 ? fitts.movementTime(distance: distance, width: geometry.width[index]) : 0
                popupMove.append(hold + move)
            }
        }
        self.popupStart = popupStart
        self.popupMove = popupMove
        switch model {
        case .perKeystroke(let seconds):
            keystrokeSeconds = seconds
            repeatTap = [Double](repeating: seconds, count: keyCount)
            flickMove = [Double](repeating: seconds, count: keyCount)
        case .oneFinger, .twoThumb:
            keystrokeSeconds = 0
            var floor = 0.0
            if case .twoThumb(_, let twoThumbFloor, _) = model { floor = twoThumbFloor }
            let count = keyCount
            repeatTap = (0..<count).map { max(movement[$0 * count + $0], floor) }
            flickMove = (0..<count).map { fitts.movementTime(distance: geometry.pitch[$0], width: geometry.pitch[$0]) }
        }
    }
}
