import LayoutEngine
import TypingEfficiency

/// A corpus read once into what placement search needs: the plans the exact planner makes
/// on a reference layout, cut into *segments* (the events up to and including a space, or
/// to the end of a sentence) and counted, so that each distinct segment is timed once per
/// candidate however often the corpus has it.
///
/// A segment's events name keys of the reference layout; a candidate placement moves keys,
/// not events, so the reference plans stay valid plans on every candidate. Timing them is
/// an upper bound on what the planner finds there (it may find a cheaper way); the search
/// re-plans from its best placement until the plans stop changing, and every figure it
/// reports is re-checked with the exact planner and timer.
public struct PlanStatistics: Sendable {
    /// All segments' events, one after another: `key << 8 | pick`, pick 0 for a tap,
    /// 1 for a long-press of the key's default, 2 + n for alternate n.
    public let events: [UInt32]
    /// Where each segment's events end in `events`.
    public let segmentEnds: [Int]
    /// How often each segment occurs (a word list's weights add up).
    public let weights: [Double]
    /// Whether each segment starts a sentence (the thumbs rest on the space bar, untimed).
    public let startsSentence: [Bool]
    /// The layout's key count.
    public let keyCount: Int
    /// Sentences (or words) read.
    public let units: Double

    /// Plans every sentence of `input` on `evaluator`'s layout.
    /// - Throws: `CorpusError` when a source cannot be read.
    public init(_ input: ComparisonInput, evaluator: LayoutEvaluator) throws(CorpusError) {
        var collector = SegmentCollector(space: evaluator.geometry.spaceKey ?? -1)
        var units = 0.0
        switch input {
        case .runningText(let sources):
            for source in sources {
                var reader = try CorpusReader(source, chunkSize: 1 << 20)
                defer { reader.close() }
                var carry: [UInt8] = []
                while let chunk = try reader.nextChunk() {
                    carry += chunk.bytes
                    guard let last = carry.lastIndex(of: 0x0A) else { continue }
                    units += Self.plan(lines: carry[...last], evaluator, &collector)
                    carry.removeSubrange(...last)
                }
                units += Self.plan(lines: carry[...], evaluator, &collector)
            }
        case .wordList(let list, _):
            for entry in list.entries {
                collector.weight = entry.weight
                evaluator.plan(sentence: entry.word + " ", into: &collector)
                collector.endSentence()
                units += 1
            }
        }
        var events: [UInt32] = []
        var ends: [Int] = []
        var weights: [Double] = []
        var starts: [Bool] = []
        for (segment, weight) in collector.counts.sorted(by: { $0.value > $1.value }) {
            events += segment.events
            ends.append(events.count)
            weights.append(weight)
            starts.append(segment.startsSentence)
        }
        self.events = events
        segmentEnds = ends
        self.weights = weights
        startsSentence = starts
        keyCount = evaluator.layout.keys.count
        self.units = units
    }

    private static func plan(
        lines bytes: ArraySlice<UInt8>, _ evaluator: LayoutEvaluator, _ collector: inout SegmentCollector
    ) -> Double {
        var units = 0.0
        for line in bytes.split(separator: 0x0A) {
            let text = line.last == 0x0D ? line.dropLast() : line
            guard !text.isEmpty else { continue }
            evaluator.plan(sentence: String(decoding: text, as: UTF8.self), into: &collector)
            collector.endSentence()
            units += 1
        }
        return units
    }

    /// Distinct segments.
    public var segmentCount: Int { segmentEnds.count }

    /// The events of segment `index`.
    public func segment(_ index: Int) -> ArraySlice<UInt32> {
        events[(index == 0 ? 0 : segmentEnds[index - 1])..<segmentEnds[index]]
    }
}

/// A distinct run of events.
struct Segment: Hashable {
    var events: [UInt32]
    var startsSentence: Bool
}

/// Receives plans and counts their segments.
struct SegmentCollector: KeystrokeSink {
    let space: Int
    var weight = 1.0
    var counts: [Segment: Double] = [:]
    var current = Segment(events: [], startsSentence: true)

    init(space: Int) { self.space = space }

    mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double) {
        for event in events {
            let key = event.key.rawValue
            let pick: Int = event.isLongPress ? (event.alternate.map { $0 + 2 } ?? 1) : 0
            current.events.append(UInt32(key) << 8 | UInt32(min(pick, 255)))
            if key == space && !event.isLongPress { flush(nextStartsSentence: false) }
        }
    }

    mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {}

    mutating func endSentence() { flush(nextStartsSentence: true) }

    private mutating func flush(nextStartsSentence: Bool) {
        if !current.events.isEmpty { counts[current, default: 0] += weight }
        current = Segment(events: [], startsSentence: nextStartsSentence)
    }
}
