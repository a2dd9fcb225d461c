/// The sufficient statistics of a weighted least-squares line y = a + b·x: Σw, Σwx, Σwy,
/// Σwx², Σwxy, Σwy². Sums add, so a bootstrap resample is a weighted sum of per-phrase sums
/// instead of a refit over every point.
struct LinearSums: Sendable {
    var n = 0.0
    var x = 0.0
    var y = 0.0
    var xx = 0.0
    var xy = 0.0
    var yy = 0.0

    /// The number of columns `values` gives.
    static let width = 6

    /// Adds a point with weight `weight`.
    mutating func add(x: Double, y: Double, weight: Double = 1) {
        n += weight
        self.x += weight * x
        self.y += weight * y
        xx += weight * x * x
        xy += weight * x * y
        yy += weight * y * y
    }

    /// The sums as a row of bootstrap columns.
    var values: [Double] { [n, x, y, xx, xy, yy] }

    /// Sums from `width` columns starting at `start`.
    init(_ columns: [Double], at start: Int) {
        (n, x, y, xx, xy, yy) = (
            columns[start], columns[start + 1], columns[start + 2], columns[start + 3], columns[start + 4],
            columns[start + 5]
        )
    }

    init() {}

    /// The least-squares line, `nil` when x does not vary.
    var line: (a: Double, b: Double)? {
        let sxx = n * xx - x * x
        guard n > 0, sxx > 1e-12 * max(1, n * xx) else { return nil }
        let b = (n * xy - x * y) / sxx
        return ((y - b * x) / n, b)
    }

    /// The coefficient of determination of the line, R².
    var rSquared: Double? {
        let sxx = n * xx - x * x
        let syy = n * yy - y * y
        guard sxx > 0, syy > 0 else { return nil }
        let sxy = n * xy - x * y
        return sxy * sxy / (sxx * syy)
    }

    /// R² of the line y = `intercept` + `slope`·x, which need not be the least-squares one
    /// (a fit under constraints): 1 − residual / total sum of squares, `nil` when y does not vary.
    func rSquared(intercept: Double, slope: Double) -> Double? {
        let total = yy - y * y / max(n, 1e-300)
        guard n > 0, total > 0 else { return nil }
        // Σw(y − a − bx)², expanded into the sums.
        let residual =
            yy - 2 * intercept * y - 2 * slope * xy + n * intercept * intercept + 2 * intercept * slope * x
            + slope * slope * xx
        return 1 - max(0, residual) / total
    }
}

/// Medians of values grouped by phrase, and their percentile-bootstrap intervals over the
/// phrases: the values are sorted once, and each resample walks them with its phrase counts
/// as weights, so a resample costs O(values) and no sort.
struct GroupedMedian: Sendable {
    /// Every value with its phrase, sorted by value.
    let sorted: [(value: Double, group: Int32)]
    let groups: Int

    init(_ valuesByGroup: [[Double]]) {
        var all: [(value: Double, group: Int32)] = []
        for (group, values) in valuesByGroup.enumerated() {
            for value in values { all.append((value, Int32(group))) }
        }
        sorted = all.sorted { $0.value < $1.value }
        groups = valuesByGroup.count
    }

    var count: Int { sorted.count }

    /// The median when each phrase counts `weights[phrase]` times (lower median for an even total).
    func median(weights: [UInt32]?) -> Double {
        var total = 0
        if let weights {
            for item in sorted { total += Int(weights[Int(item.group)]) }
        } else {
            total = sorted.count
        }
        guard total > 0 else { return .nan }
        let half = (total + 1) / 2
        var seen = 0
        for item in sorted {
            seen += weights.map { Int($0[Int(item.group)]) } ?? 1
            if seen >= half { return item.value }
        }
        return sorted.last!.value
    }
}
