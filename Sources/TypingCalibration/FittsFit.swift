/// Fitts' law, MT = a + b·log2(D/W + 1) (MacKenzie 1992), fitted by least squares to the
/// intervals between successive correct taps, with the accent key's extra time and the
/// two-thumb floor.
///
/// Pairs into an accent key are left out of the line and make the accent cost: their mean
/// residual, observed less fitted. With two thumbs the line takes pairs on the same half
/// (one thumb moving) and the floor is the median interval of pairs on opposite halves.
/// The bootstrap resamples phrases; each phrase keeps its sums (`LinearSums`), so a resample
/// is a weighted sum of rows.
struct FittsFit {
    var a: FitOutcome
    var b: FitOutcome
    var accent: FitOutcome
    var floor: FitOutcome?
    var notes: [String] = []
    /// Each resample's a and b (NaN where x did not vary), in draw order: the hold's bootstrap
    /// times its popup moves with them, so that its interval carries the doubt about the line.
    var lineDraws: [(a: Double, b: Double)] = []

    /// Columns per phrase: the line's six sums, then the accent pairs' n, Σx, Σy.
    static let width = LinearSums.width + 3

    init(_ calibration: Calibration, _ samples: PostureSamples) {
        let twoThumbs = samples.posture == .twoThumbs
        let phrases = samples.phrases
        var rows: [Double] = []
        rows.reserveCapacity(phrases.count * Self.width)
        var total = LinearSums()
        var accentTotal = (n: 0.0, x: 0.0, y: 0.0)
        var bits = Set<Int>()
        var usedPhrases = 0
        var opposite: [[Double]] = []
        for phrase in phrases {
            var sums = LinearSums()
            var accent = (n: 0.0, x: 0.0, y: 0.0)
            var across: [Double] = []
            for pair in phrase.pairs {
                if twoThumbs && pair.oppositeHalves {
                    if !pair.toAccent { across.append(pair.seconds) }
                } else if pair.toAccent {
                    accent = (accent.n + 1, accent.x + pair.bits, accent.y + pair.seconds)
                } else {
                    sums.add(x: pair.bits, y: pair.seconds)
                    bits.insert(Int((pair.bits * 100).rounded()))
                }
            }
            if sums.n > 0 { usedPhrases += 1 }
            rows += sums.values + [accent.n, accent.x, accent.y]
            total.add(sums)
            accentTotal = (accentTotal.n + accent.n, accentTotal.x + accent.x, accentTotal.y + accent.y)
            opposite.append(across)
        }
        let minimums = calibration.minimums
        let count = Int(total.n)
        if twoThumbs {
            let across = opposite.reduce(0) { $0 + $1.count }
            let phrasesAcross = opposite.filter { !$0.isEmpty }.count
            floor =
                calibration.shortfall(across, minimums.fittsPairs, "intervals between the halves")
                ?? calibration.shortfall(phrasesAcross, minimums.phrases, "phrases with intervals between the halves")
                ?? calibration.medianFit(opposite, n: across)
        }
        let short =
            calibration.shortfall(count, minimums.fittsPairs, "intervals")
            ?? calibration.shortfall(bits.count, minimums.distinctIDs, "distinct indices of difficulty")
            ?? calibration.shortfall(usedPhrases, minimums.phrases, "phrases with intervals")
        guard short == nil, let line = total.line else {
            let reason = short ?? .unsupported("not enough data: the index of difficulty does not vary")
            (a, b) = (reason, reason)
            accent = .unsupported("needs Fitts' a and b of this posture, which are not fitted")
            return
        }
        var draws: [[Double]] = [[], [], []]
        var sums = [Double](repeating: 0, count: Self.width)
        PhraseResampler(phrases: phrases.count, resamples: calibration.resamples, seed: calibration.seed).run {
            counts in
            PhraseResampler.weightedSums(rows, width: Self.width, counts: counts, into: &sums)
            guard let fitted = LinearSums(sums, at: 0).line else {
                for index in draws.indices { draws[index].append(.nan) }
                return
            }
            draws[0].append(fitted.a)
            draws[1].append(fitted.b)
            let n = sums[LinearSums.width]
            draws[2].append(
                n > 0 ? (sums[LinearSums.width + 2] - fitted.a * n - fitted.b * sums[LinearSums.width + 1]) / n : .nan)
        }
        lineDraws = zip(draws[0], draws[1]).map { ($0, $1) }
        let r2 = total.rSquared
        let (aLow, aHigh) = PhraseResampler.interval(draws[0], estimate: line.a)
        let (bLow, bHigh) = PhraseResampler.interval(draws[1], estimate: line.b)
        a = .fitted(FittedValue(estimate: line.a, low: aLow, high: aHigh, rSquared: r2, n: count))
        b = .fitted(FittedValue(estimate: line.b, low: bLow, high: bHigh, rSquared: r2, n: count))
        let accentCount = Int(accentTotal.n)
        if let short = calibration.shortfall(accentCount, minimums.accentPairs, "intervals into an accent key") {
            accent = short
        } else {
            let residual = (accentTotal.y - line.a * accentTotal.n - line.b * accentTotal.x) / accentTotal.n
            let (low, high) = PhraseResampler.interval(draws[2], estimate: residual)
            accent = .fitted(FittedValue(estimate: residual, low: low, high: high, n: accentCount))
        }
        if line.a < 0 { notes.append("Fitts' a came out below 0: the intervals hardly grow with the distance") }
    }
}

extension LinearSums {
    /// Adds another set of sums.
    mutating func add(_ other: LinearSums) {
        n += other.n
        x += other.x
        y += other.y
        xx += other.xx
        xy += other.xy
        yy += other.yy
    }
}
