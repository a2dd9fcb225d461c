import LayoutEngine
import TypingEfficiency

/// Times a corpus's reference plans (`PlanStatistics`) on any placement of a layout's
/// movable keys, the way `EventTimer` times a plan: Fitts' law between key centres, the
/// popup moves of long-presses, and for two thumbs the thumb of each half and the floor.
///
/// One finger starts every segment on the space bar, as the exact timer does after a
/// space, so its figure is exact for the reference plans and is kept as weighted key pairs
/// (a few thousand numbers). Two thumbs carry state across a space; each segment starts
/// from both thumbs on the space bar, an approximation whose error the report shows.
public struct PlacementEstimator: Sendable {
    let keyCount: Int
    let timeModel: TimeModel
    let fitts: FittsConstants
    let hold: Double
    let floor: Double
    let movement: [Double]
    let side: [UInt8]
    let pitch: [Double]
    let width: [Double]
    let startKey: Int
    /// Per key: the variant (0 base, 1 shift) and the content, for keys that move.
    let moved: [(variant: Int, content: Int)?]
    /// Per variant, per slot: the key there in the reference layout.
    let slotKeys: [[Int]]
    /// Per key: for each of its alternates, the content's item in the file's list.
    let itemOfAlternate: [[Int]]
    /// Per key: its default alternate.
    let defaultAlternate: [Int]
    let statistics: PlanStatistics
    /// One finger: weighted key pairs (from, to) and long-presses (key, pick).
    let pairs: [(from: Int32, to: Int32, weight: Double)]
    /// The file's own placement seen from the reference layout, when the reference layout
    /// is itself a placement of the file: `seconds` then takes placements of the file.
    var origin: Placement?
    /// Two thumbs: the windows of `quickSeconds`.
    public let windows: ThumbWindows?
    /// Events a window of `windows` holds.
    public static let windowLength = 2
    let presses: [(key: Int32, pick: Int32, weight: Double)]
    /// Two thumbs: the distinct long-presses, and per event its index among them (-1 a tap).
    let pressCodes: [(key: Int32, pick: Int32)]
    let pressOfEvent: [Int32]

    /// Prepares the tables of `layout` (the document's layout, loaded) under `timeModel`.
    /// - Throws: `OptimizerError` when the layout's keys do not match the document's slots.
    public init(
        layout: Layout, document: LayoutDocument, timeModel: TimeModel, statistics: PlanStatistics
    ) throws(OptimizerError) {
        let geometry = MillimetreKeyboardGeometry(layout)
        keyCount = layout.keys.count
        self.timeModel = timeModel
        switch timeModel {
        case .oneFinger(let constants, let hold): (fitts, self.hold, floor) = (constants, hold, 0)
        case .twoThumb(let constants, let floor, let hold): (fitts, self.hold, self.floor) = (constants, hold, floor)
        case .perKeystroke:
            throw OptimizerError(
                "placement does not change keystroke counts or a per-keystroke time; use --model one-finger or two-thumb"
            )
        }
        var movement = [Double](repeating: 0, count: keyCount * keyCount)
        for from in 0..<keyCount {
            for to in 0..<keyCount {
                movement[from * keyCount + to] = fitts.movementTime(
                    distance: geometry.distance(from, to), width: geometry.targetWidth(to))
            }
        }
        self.movement = movement
        side = geometry.side
        pitch = geometry.pitch
        width = geometry.width
        startKey = geometry.spaceKey ?? 0
        defaultAlternate = layout.keys.map(\.longPressDefault)
        var moved = [(variant: Int, content: Int)?](repeating: nil, count: keyCount)
        var slotKeys: [[Int]] = []
        let layers = [layout.baseLayer, layout.shiftLayer]
        for variant in 0..<2 {
            let layer = layers[variant]
            var keys: [Int] = []
            for slot in document.slots {
                let row = layout.keys.indices.filter {
                    layout.keys[$0].layer == layer && layout.keys[$0].row == slot.row
                }
                .sorted { layout.keys[$0].x < layout.keys[$1].x }
                guard row.indices.contains(slot.column) else {
                    throw OptimizerError("the layout's row \(slot.row + 1) does not match its file; report this layout")
                }
                keys.append(row[slot.column])
            }
            for (slot, key) in keys.enumerated() where moved[key] == nil { moved[key] = (variant, slot) }
            slotKeys.append(keys)
        }
        self.moved = moved
        self.slotKeys = slotKeys
        let base = document.contents[0]
        itemOfAlternate = layout.keys.indices.map { key in
            let items = layout.keys[key].longPress
            guard let (_, content) = moved[key] else { return Array(items.indices) }
            let fileItems = base[content].longPress
            return items.indices.map { alternate in
                fileItems.firstIndex { $0 == items[alternate] || $0.uppercased() == items[alternate] } ?? alternate
            }
        }
        self.statistics = statistics
        var pairCounts: [Int: Double] = [:]
        var pressCounts: [Int: Double] = [:]
        var codes: [Int: Int32] = [:]
        var pressOfEvent = [Int32](repeating: -1, count: statistics.events.count)
        for (index, code) in statistics.events.enumerated() where code & 0xFF != 0 {
            let press = Int(code >> 8) << 8 | Int(code & 0xFF)
            if codes[press] == nil { codes[press] = Int32(codes.count) }
            pressOfEvent[index] = codes[press]!
        }
        self.pressOfEvent = pressOfEvent
        windows =
            if case .twoThumb = timeModel {
                ThumbWindows(statistics, length: Self.windowLength, pressIndex: codes)
            } else { nil }
        pressCodes = codes.sorted { $0.value < $1.value }.map { (Int32($0.key >> 8), Int32($0.key & 0xFF)) }
        if case .oneFinger = timeModel {
            for index in 0..<statistics.segmentCount {
                var previous = startKey
                let weight = statistics.weights[index]
                for code in statistics.segment(index) {
                    let key = Int(code >> 8)
                    pairCounts[previous * keyCount + key, default: 0] += weight
                    if code & 0xFF != 0 { pressCounts[key << 8 | Int(code & 0xFF), default: 0] += weight }
                    previous = key
                }
            }
        }
        let count = keyCount
        pairs = pairCounts.sorted { $0.key < $1.key }.map { (Int32($0.key / count), Int32($0.key % count), $0.value) }
        presses = pressCounts.sorted { $0.key < $1.key }.map { (Int32($0.key >> 8), Int32($0.key & 0xFF), $0.value) }
    }

    /// Where each key of the reference layout is under `placement`: the reference key whose
    /// place it takes.
    func places(_ placement: Placement) -> [Int] {
        var place = Array(0..<keyCount)
        let positions = placement.positions
        for key in 0..<keyCount {
            guard let (variant, content) = moved[key] else { continue }
            place[key] = slotKeys[variant][positions[content]]
        }
        return place
    }

    /// The time a long-press with `pick` (1 default, 2 + n alternate n) adds on `key`.
    func popupTime(key: Int, pick: Int, place: Int, _ placement: Placement) -> Double {
        guard pick >= 2, let (_, content) = moved[key], !placement.orders[content].isEmpty else {
            return pick >= 2 ? referencePopup(key: key, alternate: pick - 2, place: place) : hold
        }
        let order = placement.orders[content]
        let items = itemOfAlternate[key]
        let alternate = pick - 2
        guard items.indices.contains(alternate), items.indices.contains(defaultAlternate[key]) else { return hold }
        let at = order.firstIndex(of: items[alternate]) ?? alternate
        let from = order.firstIndex(of: items[defaultAlternate[key]]) ?? defaultAlternate[key]
        return popup(distance: Double(abs(at - from)) * pitch[place], place: place)
    }

    private func referencePopup(key: Int, alternate: Int, place: Int) -> Double {
        popup(distance: Double(abs(alternate - defaultAlternate[key])) * pitch[place], place: place)
    }

    private func popup(distance: Double, place: Int) -> Double {
        hold + (distance > 0 ? fitts.movementTime(distance: distance, width: width[place]) : 0)
    }

    /// The seconds the reference plans take on `placement`.
    public func seconds(_ placement: Placement) -> Double {
        let placement = origin.map { $0.composed(with: placement) } ?? placement
        let place = places(placement)
        switch timeModel {
        case .oneFinger: return oneFingerSeconds(place, placement)
        default: return twoThumbSeconds(place, placement)
        }
    }

    /// A quicker estimate for searching many placements: `seconds` for one finger; for two
    /// thumbs the plans' short windows (see `ThumbWindows`), whose best are then timed again by `seconds`.
    public func quickSeconds(_ placement: Placement) -> Double {
        let placement = origin.map { $0.composed(with: placement) } ?? placement
        let place = places(placement)
        if let windows { return windowSeconds(place, placement, windows) }
        return oneFingerSeconds(place, placement)
    }

    /// Whether `quickSeconds` is an estimate of its own (two thumbs) rather than `seconds`.
    public var hasQuickEstimate: Bool { windows != nil }

    private func oneFingerSeconds(_ place: [Int], _ placement: Placement) -> Double {
        var total = 0.0
        place.withUnsafeBufferPointer { place in
            movement.withUnsafeBufferPointer { movement in
                for pair in pairs {
                    total += pair.weight * movement[place[Int(pair.from)] * keyCount + place[Int(pair.to)]]
                }
            }
        }
        for press in presses {
            let key = Int(press.key)
            total += press.weight * popupTime(key: key, pick: Int(press.pick), place: place[key], placement)
        }
        return total
    }
}
