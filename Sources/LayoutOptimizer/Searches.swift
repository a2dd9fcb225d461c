import Dispatch
import Foundation
import LayoutEngine

/// A placement and the seconds the search's estimate gives it.
public struct Scored: Sendable {
    /// The placement.
    public var placement: Placement
    /// The estimate, seconds for the whole corpus.
    public var seconds: Double
}

/// The best few distinct placements seen, cheapest first.
struct TopList {
    let capacity: Int
    var items: [Scored] = []
    private var seen: Set<Placement> = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func offer(_ placement: Placement, _ seconds: Double) {
        if items.count == capacity, let last = items.last, seconds >= last.seconds { return }
        guard !seen.contains(placement) else { return }
        let index = items.firstIndex { $0.seconds > seconds } ?? items.count
        items.insert(Scored(placement: placement, seconds: seconds), at: index)
        seen.insert(placement)
        if items.count > capacity { seen.remove(items.removeLast().placement) }
    }

    mutating func merge(_ other: TopList) {
        for item in other.items { offer(item.placement, item.seconds) }
    }
}

/// The optimizer's generator: SplitMix64, whose sequence depends on the seed alone.
public typealias SeededGenerator = SplitMix64

/// The searches, each over placements relative to the estimator's reference layout.
enum Searches {
    /// The most accent placements tried one by one.
    static let exhaustiveLimit = 5_000_000

    /// The ways to put `accents` accent keys on `free` slots, one key a slot
    /// (free × (free − 1) × …), or `nil` past `Int.max` (13 accent keys on 40 slots).
    static func placementCount(accents: Int, free: Int) -> Int? {
        guard accents <= free else { return 0 }  // more keys than slots: no placement
        var total = 1
        for placed in 0..<accents {
            let (product, overflow) = total.multipliedReportingOverflow(by: max(0, free - placed))
            if overflow { return nil }
            total = product
        }
        return total
    }

    /// Every placement of the accent keys over the slots that are not pinned.
    static func accents(
        _ estimator: PlacementEstimator, _ space: SearchSpace, start: Placement, workers: Int,
        keep: Int, progress: (@Sendable (Int, Int) -> Void)?
    ) throws(OptimizerError) -> (top: [Scored], evaluated: Int) {
        let count = space.accents.count
        guard count > 0 else {
            throw OptimizerError("the layout has no accent keys that may move; use --vary letters or long-press")
        }
        let pinnedSlots = Set(space.pinned.map { start.positions[$0] })
        let free = start.slots.indices.filter { !pinnedSlots.contains($0) }
        let placements = placementCount(accents: count, free: free.count)
        guard let total = placements, total <= exhaustiveLimit else {
            throw OptimizerError(
                "\(placements.map(String.init) ?? "more than \(Int.max)") accent placements are too many to try one by one; "
                    + "pin keys with --keep or use --vary all")
        }
        let lists = Locked(TopList(capacity: keep))
        let done = Locked(0)
        let firsts = free
        DispatchQueue.concurrentPerform(iterations: min(workers, firsts.count)) { worker in
            var top = TopList(capacity: keep)
            var targets = [Int](repeating: 0, count: count)
            var evaluated = 0
            func visit(_ depth: Int) {
                if depth == count {
                    guard let placement = space.placing(accentsAt: targets, from: start) else { return }
                    top.offer(placement, estimator.quickSeconds(placement))
                    evaluated += 1
                    return
                }
                for slot in free where !targets[0..<depth].contains(slot) {
                    targets[depth] = slot
                    visit(depth + 1)
                }
            }
            for (index, first) in firsts.enumerated() where index % workers == worker {
                targets[0] = first
                visit(1)
                let sum = done.update { value -> Int in
                    value += evaluated
                    return value
                }
                evaluated = 0
                progress?(sum, total)
            }
            lists.update { $0.merge(top) }
        }
        return (lists.value.items, done.value)
    }

    /// Each long-press list in the order that costs least: the most used items nearest the
    /// default item (which keeps its place); exact for a fixed plan by the rearrangement inequality.
    static func longPress(_ estimator: PlacementEstimator, start: Placement) -> Placement {
        var usage: [[Double]] = start.orders.map { [Double](repeating: 0, count: $0.count) }
        var defaults = [Int](repeating: 0, count: start.orders.count)
        let statistics = estimator.statistics
        for segment in 0..<statistics.segmentCount {
            let weight = statistics.weights[segment]
            for code in statistics.segment(segment) where code & 0xFF >= 2 {
                let key = Int(code >> 8)
                guard let (_, content) = estimator.moved[key] else { continue }
                let items = estimator.itemOfAlternate[key]
                let alternate = Int(code & 0xFF) - 2
                if items.indices.contains(alternate), usage[content].indices.contains(items[alternate]) {
                    usage[content][items[alternate]] += weight
                }
            }
        }
        for key in estimator.moved.indices {
            guard let (variant, content) = estimator.moved[key], variant == 0 else { continue }
            let items = estimator.itemOfAlternate[key]
            if items.indices.contains(estimator.defaultAlternate[key]) {
                defaults[content] = items[estimator.defaultAlternate[key]]
            }
        }
        var result = start
        for content in start.orders.indices where start.orders[content].count > 1 {
            let order = start.orders[content]
            let home = order.firstIndex(of: defaults[content]) ?? 0
            let places = order.indices.filter { $0 != home }.sorted { (abs($0 - home), $0) < (abs($1 - home), $1) }
            let items = order.filter { $0 != defaults[content] }
                .sorted { (-usage[content][$0], $0) < (-usage[content][$1], $1) }
            var new = order
            new[home] = defaults[content]
            for (place, item) in zip(places, items) { new[place] = item }
            // A list whose items are not picked, or already in the best order, stays as it is.
            func cost(_ order: [Int]) -> Double {
                order.indices.reduce(0) { $0 + usage[content][order[$1]] * log2(Double(abs($1 - home)) + 1) }
            }
            if cost(new) < cost(order) { result.orders[content] = new }
        }
        return result
    }
}

/// A value shared by the workers of a parallel search.
final class Locked<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()

    init(_ value: Value) { stored = value }

    @discardableResult
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&stored)
    }

    var value: Value { update { $0 } }
}
