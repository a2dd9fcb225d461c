import Foundation
import LayoutEngine
import TypingEfficiency

/// A simulated participant of the typing test, for tests and benchmarks of the calibration:
/// it types phrases on a layout as the model says people do, and writes the log the web page
/// would (docs/typing-log.schema.json, version 1), so that a fit can be checked against
/// constants known in advance.
///
/// The keys meant come from the engine's plan of each phrase; each touch lands at a point
/// drawn from a normal spread around the key's centre, σ² = α·W² + σa² per axis; the key hit is
/// the key of the same layer whose rectangle holds the point (none in a gap). A miss is
/// corrected at once, as a participant does: ⌫ (after a wrong key) and the key again. Each
/// down time follows the one before by Fitts' law (plus `accentExtra` into an accent key) plus
/// normal noise; a long-press lasts the hold plus the popup move.
///
/// ```swift
/// var participant = SyntheticParticipant(layout: huTouch, seed: 7)
/// let json = participant.log(phrases: ["öt szép szűz lány"])
/// ```
public struct SyntheticParticipant: Sendable {
    /// The true constants the participant types by.
    public struct Truth: Hashable, Sendable {
        public var fitts = FittsConstants(a: 0.12, b: 0.1)
        public var spreadX = TouchErrorModel.Axis(alpha: 0.0075, sigmaA: 1.0)
        public var spreadY = TouchErrorModel.Axis(alpha: 0.0108, sigmaA: 1.0)
        /// Down to up of a long-press, less its popup move, seconds.
        public var hold = 0.55
        /// Added to each move into an accent key, seconds.
        public var accentExtra = 0.05
        /// Two thumbs: the interval between taps on opposite halves, seconds.
        public var floor = 0.1
        /// The standard deviation of each interval's noise, seconds.
        public var timeNoise = 0.02

        public init() {}
    }

    public var layout: Layout
    public var truth: Truth
    public var posture: Posture
    public var participant: String
    public var pxPerMm: Double
    /// Whether `pxPerMm` is written as measured with a card (else assumed).
    public var measured = true
    public var random: SplitMix64
    let geometry: MillimetreKeyboardGeometry
    let planner: KeystrokePlanner

    public init(
        layout: Layout, truth: Truth = Truth(), posture: Posture = .oneFinger, participant: String = "p01",
        pxPerMm: Double = 6.0, seed: UInt64 = 1
    ) {
        self.layout = layout
        self.truth = truth
        self.posture = posture
        self.participant = participant
        self.pxPerMm = pxPerMm
        random = SplitMix64(seed: seed)
        geometry = MillimetreKeyboardGeometry(layout)
        planner = KeystrokePlanner(layout: layout)
    }

    /// A few Hungarian phrases with every accent of hu-touch, for logs of the Hungarian layouts.
    public static let hungarianPhrases = [
        "árvíztűrő tükörfúrógép", "öt szép szűz lány őrült írót nyúz", "egy hűtlen vejét fülöncsípő",
        "az ő kis házuk", "mély csönd ült a tájon", "a kút vize hűvös és tiszta",
    ]

    /// A normal number with mean 0 and standard deviation 1 (Box–Muller).
    mutating func normal() -> Double {
        let u1 = max(Double(random.next() >> 11) / Double(1 << 53), 1e-300)
        let u2 = Double(random.next() >> 11) / Double(1 << 53)
        return (-2 * Foundation.log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// The log of a session: `testPhrases` test-block phrases drawn from `phrases`, after
    /// `practicePhrases` practice ones.
    public mutating func log(phrases: [String], testPhrases: Int? = nil, practicePhrases: Int = 0) -> String {
        var out = SyntheticLogWriter(participant: self)
        var index = 0
        for (block, count) in [("practice", practicePhrases), ("test", testPhrases ?? phrases.count)] {
            for number in 0..<count {
                let text = phrases[index % phrases.count]
                index += 1
                out.phrase(text, block: block, index: number, touches: touches(typing: text))
            }
        }
        return out.finish()
    }

    /// One simulated touch.
    struct Touch {
        var downT, downX, downY, upT: Double
        var key: Int?
        var intended: Int
        var longPress: (opened: Double, choice: Int)?
    }

    var clock = 1000.0

    /// The touches that type `text`.
    mutating func touches(typing text: String) -> [Touch] {
        var touches: [Touch] = []
        var previous = geometry.spaceKey ?? 0
        clock += 1500
        for event in planner.plan(text).events {
            let key = event.key.rawValue
            while true {
                clock += interval(from: previous, to: key, first: touches.isEmpty) * 1000
                var touch = aim(at: key)
                if event.isLongPress {
                    let choice = event.alternate ?? layout.keys[key].longPressDefault
                    // Items one visible key width apart, as the fit reads them from the log's rectangles.
                    let width = geometry.width[key]
                    let distance = Double(abs(choice - layout.keys[key].longPressDefault)) * width
                    let move = distance > 0 ? truth.fitts.movementTime(distance: distance, width: width) : 0
                    let duration = max(0.2, truth.hold + move + truth.timeNoise * normal())
                    touch.upT = touch.downT + duration * 1000
                    touch.longPress = (touch.downT + 500, choice)
                }
                touches.append(touch)
                clock = touch.longPress == nil ? touch.downT : touch.upT
                previous = key
                guard touch.key != key else { break }
                if touch.key != nil, let backspace = backspace(layer: layout.keys[key].layer) {
                    clock += interval(from: previous, to: backspace, first: false) * 1000
                    let centre = (geometry.centerX[backspace] * pxPerMm, geometry.centerY[backspace] * pxPerMm)
                    touches.append(
                        Touch(
                            downT: clock, downX: centre.0, downY: centre.1, upT: clock + 80, key: backspace,
                            intended: backspace))
                    previous = backspace
                }
            }
        }
        return touches
    }

    /// Seconds from a tap on `from` to the next down on `to`.
    mutating func interval(from: Int, to: Int, first: Bool) -> Double {
        if first { return 0 }
        var seconds: Double
        if posture == .twoThumbs, geometry.side[from] != 2, geometry.side[to] != 2,
            geometry.side[from] != geometry.side[to]
        {
            seconds = truth.floor
        } else {
            seconds = truth.fitts.movementTime(distance: geometry.distance(from, to), width: geometry.targetWidth(to))
        }
        if case .accent = layout.keys[to].action { seconds += truth.accentExtra }
        return max(0.03, seconds + truth.timeNoise * normal())
    }

    /// A touch aimed at `key` now: its point and the key under it.
    mutating func aim(at key: Int) -> Touch {
        let x = geometry.centerX[key] + truth.spreadX.sigma(size: geometry.width[key]) * normal()
        let y = geometry.centerY[key] + truth.spreadY.sigma(size: geometry.height[key]) * normal()
        let layer = layout.keys[key].layer
        let hit = layout.keys.indices.first { other in
            layout.keys[other].layer == layer && abs(x - geometry.centerX[other]) <= geometry.width[other] / 2
                && abs(y - geometry.centerY[other]) <= geometry.height[other] / 2
        }
        return Touch(downT: clock, downX: x * pxPerMm, downY: y * pxPerMm, upT: clock + 80, key: hit, intended: key)
    }

    func backspace(layer: Int) -> Int? {
        layout.keys.indices.first { layout.keys[$0].layer == layer && layout.keys[$0].action == .backspace }
            ?? layout.keys.indices.first { layout.keys[$0].action == .backspace }
    }
}
