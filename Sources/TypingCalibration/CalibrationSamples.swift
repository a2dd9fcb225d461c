import Foundation

/// What the fits need from one test-block phrase, in seconds and millimetres: the Fitts
/// pairs, the long-presses, the touch offsets and the misses. Phrases are the units the
/// bootstrap resamples.
struct PhraseSamples: Sendable {
    /// One interval between the down times of two successive correct taps.
    struct Pair: Sendable {
        /// The index of difficulty, log2(D/W + 1), bits.
        var bits: Double
        /// The interval, seconds.
        var seconds: Double
        /// Whether the target key is an accent key.
        var toAccent: Bool
        /// Two thumbs: whether the keys are on opposite halves (else the same half, or either).
        var oppositeHalves: Bool
    }

    /// A long-press that chose a popup item.
    struct LongPress: Sendable {
        /// Down to up, seconds.
        var seconds: Double
        /// The popup move's distance and the item's width, mm.
        var distance: Double
        var width: Double
    }

    /// A touch's offset from its intended key's centre along one axis, mm.
    struct Offset: Sendable {
        /// The key's size along the axis, in tenths of a millimetre.
        var size: Int
        var offset: Double
    }

    var pairs: [Pair] = []
    var longPresses: [LongPress] = []
    var offsetsX: [Offset] = []
    var offsetsY: [Offset] = []
    /// Per touch whose intended key is known: its key's width (tenths of a mm) and whether it missed.
    var misses: [(size: Int, missed: Bool)] = []
}

/// Every test-block phrase of one posture, with where they came from.
struct PostureSamples: Sendable {
    var posture: Posture
    var logs: [String] = []
    var participants: Set<String> = []
    var phrases: [PhraseSamples] = []
    var touches = 0
    /// `settings.longPressMs` of each log.
    var longPressMs: [Double] = []
    /// Layout ids typed, for the hold's platform.
    var layoutIDs: Set<String> = []
    /// Test phrases left out because they were typed in the other orientation (`LogPhrase.turned`), per log.
    var turned: [(log: String, phrases: Int)] = []

    init(posture: Posture) { self.posture = posture }

    /// Adds the test-block phrases of `log`.
    mutating func add(_ log: TypingLog) {
        logs.append(log.file)
        participants.insert(log.participant)
        longPressMs.append(log.longPressMs)
        let halves = log.layouts.map(KeyboardHalves.init)
        let turnedPhrases = log.phrases.filter { $0.isTest && $0.turned && !$0.touches.isEmpty }.count
        if turnedPhrases > 0 { turned.append((log.file, turnedPhrases)) }
        for phrase in log.phrases where phrase.isTest && !phrase.turned && !phrase.touches.isEmpty {
            let layout = log.layouts[phrase.layout]
            layoutIDs.insert(layout.id)
            touches += phrase.touches.count
            phrases.append(Self.samples(phrase, layout, halves[phrase.layout], pxPerMm: log.pxPerMm))
        }
    }

    /// Whether a touch can be one end of a Fitts pair: a tap on the key meant, not ⌫.
    static func isCleanTap(_ touch: LogTouch, _ layout: LogLayout) -> LogKey? {
        guard touch.gesture == .tap, let intended = touch.intended, touch.key == intended,
            let key = layout.key(intended), key.role != .backspace
        else { return nil }
        return key
    }

    static func samples(_ phrase: LogPhrase, _ layout: LogLayout, _ halves: KeyboardHalves, pxPerMm: Double)
        -> PhraseSamples
    {
        var samples = PhraseSamples()
        var previous: LogKey?
        var previousDown = 0.0
        for touch in phrase.touches {
            let clean = isCleanTap(touch, layout)
            if let from = previous, let to = clean {
                let dx = to.rectMm.midX - from.rectMm.midX
                let dy = to.rectMm.midY - from.rectMm.midY
                let width = max(min(to.rectMm.width, to.rectMm.height), 1e-6)
                samples.pairs.append(
                    PhraseSamples.Pair(
                        bits: log2((dx * dx + dy * dy).squareRoot() / width + 1),
                        seconds: (touch.downT - previousDown) / 1000, toAccent: to.role == .accent,
                        oppositeHalves: halves.opposite(from, to)))
            }
            previous = clean
            previousDown = touch.downT
            guard let intended = touch.intended, let key = layout.key(intended) else { continue }
            let width = Int((key.rectMm.width * 10).rounded())
            samples.offsetsX.append(
                PhraseSamples.Offset(size: width, offset: (touch.downX - key.rectPx.midX) / pxPerMm))
            samples.offsetsY.append(
                PhraseSamples.Offset(
                    size: Int((key.rectMm.height * 10).rounded()), offset: (touch.downY - key.rectPx.midY) / pxPerMm))
            samples.misses.append((width, touch.key != intended))
            if touch.gesture == .longPress, touch.key == intended, let choice = touch.choice,
                let start = key.longPressDefault
            {
                samples.longPresses.append(
                    PhraseSamples.LongPress(
                        seconds: (touch.upT - touch.downT) / 1000,
                        distance: Double(abs(choice - start)) * key.rectMm.width, width: key.rectMm.width))
            }
        }
        return samples
    }
}

/// Which half of the keyboard a key is on, for two thumbs: as `MillimetreKeyboardGeometry`
/// decides, a key whose centre is within a quarter of a letter key's width of the middle
/// counts as either half.
struct KeyboardHalves: Sendable {
    let middle: Double
    let margin: Double

    init(_ layout: LogLayout) {
        middle = layout.keyboardWidthPx / 2
        let letters = layout.keys.filter { $0.role == .letter }.map(\.rectPx.width).sorted()
        let width = letters.isEmpty ? layout.keys.map(\.rectPx.width).min() ?? 0 : letters[letters.count / 2]
        margin = width / 4
    }

    /// -1 left, 1 right, 0 either.
    func side(_ key: LogKey) -> Int {
        let x = key.rectPx.midX
        return abs(x - middle) < margin ? 0 : x < middle ? -1 : 1
    }

    /// Whether `from` and `to` are on opposite halves.
    func opposite(_ from: LogKey, _ to: LogKey) -> Bool { side(from) * side(to) < 0 }
}
