/// The spread of touches around the intended key's centre, per axis, as Bi & Zhai's dual
/// Gaussian ("Bayesian touch", UIST 2013): σ² = α·W² + σa², W the key's size along the axis.
///
/// Offsets are grouped by the key's size to 0.1 mm; each group with enough touches gives its
/// n, mean offset and σ (about its mean), and α and σa² are the least-squares line of σ² on
/// W² over the groups, weighted by n. Every touch whose intended key is known counts, hits and
/// misses alike, so the spread is not cut at the key's edges. With one size only, α cannot be
/// fitted: σa is that size's σ and α is 0.
struct SpreadFit {
    var x: AxisSpread
    var y: AxisSpread

    init(_ calibration: Calibration, _ phrases: [PhraseSamples]) {
        x = Self.axis(calibration, phrases.map(\.offsetsX), name: "width")
        y = Self.axis(calibration, phrases.map(\.offsetsY), name: "height")
    }

    static func axis(_ calibration: Calibration, _ offsets: [[PhraseSamples.Offset]], name: String) -> AxisSpread {
        var counts: [Int: Int] = [:]
        for phrase in offsets { for offset in phrase { counts[offset.size, default: 0] += 1 } }
        let minimum = calibration.minimums.touchesPerSize
        let sizes = counts.keys.filter { counts[$0]! >= minimum }.sorted()
        let column = Dictionary(uniqueKeysWithValues: sizes.enumerated().map { ($1, $0) })
        // Per phrase and size: n, Σd, Σd².
        let width = sizes.count * 3
        var rows = [Double](repeating: 0, count: offsets.count * width)
        for (index, phrase) in offsets.enumerated() {
            for offset in phrase {
                guard let group = column[offset.size] else { continue }
                let start = index * width + group * 3
                rows[start] += 1
                rows[start + 1] += offset.offset
                rows[start + 2] += offset.offset * offset.offset
            }
        }
        var totals = [Double](repeating: 0, count: width)
        for index in offsets.indices { for item in 0..<width { totals[item] += rows[index * width + item] } }
        let groups = sizes.enumerated().map { group, size in
            let (n, sum, squares) = (totals[group * 3], totals[group * 3 + 1], totals[group * 3 + 2])
            return AxisSpread.SizeGroup(
                sizeMm: Double(size) / 10, n: Int(n), meanOffset: sum / n,
                sigma: (max(0, squares - sum * sum / n) / max(1, n - 1)).squareRoot())
        }
        let smaller = counts.filter { $0.value < minimum }
        var note: String?
        if !smaller.isEmpty {
            note =
                "\(smaller.count) key \(name)\(smaller.count == 1 ? "" : "s") with fewer than \(minimum) touches "
                + "left out (\(smaller.values.reduce(0, +)) touches)"
        }
        if sizes.isEmpty {
            let total = counts.values.reduce(0, +)
            let reason = FitOutcome.unsupported(
                "not enough data: \(counts.values.max() ?? 0) touches on the most-touched key \(name), "
                    + "at least \(minimum) needed (\(total) touches in all)")
            return AxisSpread(groups: [], alpha: reason, sigmaA: reason, note: note)
        }
        let usedPhrases = offsets.filter { phrase in phrase.contains { column[$0.size] != nil } }.count
        if let short = calibration.shortfall(usedPhrases, calibration.minimums.phrases, "phrases with touches") {
            return AxisSpread(groups: groups, alpha: short, sigmaA: short, note: note)
        }
        let sizesMm = sizes.map { Double($0) / 10 }
        let n = groups.reduce(0) { $0 + $1.n }
        let estimate = fit(totals, sizesMm)
        var alphas: [Double] = []
        var sigmas: [Double] = []
        var sums = [Double](repeating: 0, count: width)
        PhraseResampler(phrases: offsets.count, resamples: calibration.resamples, seed: calibration.seed).run {
            counts in
            PhraseResampler.weightedSums(rows, width: width, counts: counts, into: &sums)
            guard let draw = fit(sums, sizesMm) else { return }
            alphas.append(draw.alpha)
            sigmas.append(draw.sigmaA)
        }
        guard let estimate else {
            let reason = FitOutcome.unsupported("the spread cannot be fitted (no touches vary)")
            return AxisSpread(groups: groups, alpha: reason, sigmaA: reason, note: note)
        }
        let (aLow, aHigh) = PhraseResampler.interval(alphas, estimate: estimate.alpha)
        let (sLow, sHigh) = PhraseResampler.interval(sigmas, estimate: estimate.sigmaA)
        if sizes.count == 1 {
            let one = "one key \(name) only (\(groups[0].sizeMm) mm): α cannot be fitted; σa is that size's σ, α 0"
            note = note.map { one + "; " + $0 } ?? one
            return AxisSpread(
                groups: groups, alpha: .unsupported("not fitted (one key \(name) only), 0 in the model file"),
                sigmaA: .fitted(FittedValue(estimate: estimate.sigmaA, low: sLow, high: sHigh, n: n)), note: note)
        }
        return AxisSpread(
            groups: groups,
            alpha: .fitted(FittedValue(estimate: estimate.alpha, low: aLow, high: aHigh, rSquared: estimate.r2, n: n)),
            sigmaA: .fitted(
                FittedValue(estimate: estimate.sigmaA, low: sLow, high: sHigh, rSquared: estimate.r2, n: n)),
            note: note)
    }

    /// α and σa from per-size sums (n, Σd, Σd²): the n-weighted line of σ² on W², or with one
    /// size, α 0 and σa that size's σ. `nil` when no size has two touches.
    ///
    /// Both constants are variances' parts and cannot be negative, so the line is fitted under
    /// α ≥ 0 and σa² ≥ 0 (Bi & Zhai's form): where the free line falls with W² (smaller keys
    /// spread more, as happens with few sizes and noise), α is 0 and σa² the weighted mean of
    /// the variances; where it crosses below 0 at W = 0, σa is 0 and α the line through the
    /// origin. R² is then that of the constrained fit.
    static func fit(_ sums: [Double], _ sizes: [Double]) -> (alpha: Double, sigmaA: Double, r2: Double?)? {
        var line = LinearSums()
        for (group, size) in sizes.enumerated() {
            let n = sums[group * 3]
            guard n > 1 else { continue }
            let variance = max(0, sums[group * 3 + 2] - sums[group * 3 + 1] * sums[group * 3 + 1] / n) / (n - 1)
            line.add(x: size * size, y: variance, weight: n)
        }
        guard line.n > 0 else { return nil }
        guard sizes.count > 1, let fitted = line.line else { return (0, (line.y / line.n).squareRoot(), nil) }
        if fitted.b < 0 { return (0, (line.y / line.n).squareRoot(), 0) }
        if fitted.a < 0, line.xx > 0 {
            let alpha = line.xy / line.xx
            return (alpha, 0, line.rSquared(intercept: 0, slope: alpha))
        }
        return (fitted.b, fitted.a.squareRoot(), line.rSquared)
    }
}
