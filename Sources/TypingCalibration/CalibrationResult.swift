/// A fitted number with its 95% percentile-bootstrap interval over phrases, its R² where it
/// comes from a regression, and the number of data it rests on.
public struct FittedValue: Hashable, Sendable {
    public var estimate: Double
    public var low: Double
    public var high: Double
    /// R² of the regression it comes from, if it does.
    public var rSquared: Double?
    /// How many intervals, touches or long-presses.
    public var n: Int

    public init(estimate: Double, low: Double, high: Double, rSquared: Double? = nil, n: Int) {
        self.estimate = estimate
        self.low = low
        self.high = high
        self.rSquared = rSquared
        self.n = n
    }
}

/// A fit, or why the data cannot support it.
public enum FitOutcome: Hashable, Sendable {
    case fitted(FittedValue)
    /// The reason, as the report prints it: `not enough data: 12 intervals, at least 20 needed`.
    case unsupported(String)

    /// The value, when fitted.
    public var value: FittedValue? {
        if case .fitted(let value) = self { return value }
        return nil
    }
}

/// The spread of touches along one axis: per key size, and Bi & Zhai's dual Gaussian
/// σ² = α·W² + σa² fitted over the sizes.
public struct AxisSpread: Sendable {
    /// One key size (width for x, height for y, to 0.1 mm).
    public struct SizeGroup: Hashable, Sendable {
        public var sizeMm: Double
        public var n: Int
        /// The mean offset from the key's centre (the systematic offset), mm.
        public var meanOffset: Double
        /// The standard deviation of the offsets, mm.
        public var sigma: Double
    }

    /// Every size seen, with its touches.
    public var groups: [SizeGroup]
    /// α, dimensionless.
    public var alpha: FitOutcome
    /// σa, mm.
    public var sigmaA: FitOutcome
    /// A note on the fit (one size only: α cannot be fitted).
    public var note: String?
}

/// The share of touches that missed, for keys of one width.
public struct MissRate: Hashable, Sendable {
    public var widthMm: Double
    public var touches: Int
    public var misses: Int
    public var rate: Double { touches > 0 ? Double(misses) / Double(touches) : 0 }
}

/// Everything fitted for one posture.
public struct PostureCalibration: Sendable {
    public var posture: Posture
    public var logs: [String]
    public var participants: [String]
    public var phrases: Int
    public var touches: Int
    /// Fitts' a and b: `one-finger.a`, `thumb.b`, … by posture.
    public var fittsA: FitOutcome
    public var fittsB: FitOutcome
    /// Two thumbs: the median interval between taps on opposite halves (`two-thumb.floor`).
    public var floor: FitOutcome?
    public var spreadX: AxisSpread
    public var spreadY: AxisSpread
    /// The long-press hold (`hold.ios` or `hold.android`, `holdName`).
    public var hold: FitOutcome
    public var holdName: String
    /// `settings.longPressMs` of the logs (distinct values).
    public var longPressMs: [Double]
    /// The accent key's cost (`accent.extra`).
    public var accentExtra: FitOutcome
    public var missRates: [MissRate]
    /// Notes on how the fits were made (the Fitts time the hold used, …).
    public var notes: [String]

    /// The `--set` names of Fitts' constants for this posture.
    public var fittsNames: (a: String, b: String) {
        switch posture {
        case .oneFinger: ("one-finger.a", "one-finger.b")
        case .twoThumbs: ("thumb.a", "thumb.b")
        case .oneThumb: ("one-thumb.a", "one-thumb.b")
        }
    }

    /// Every constant fitted, by `--set` name, in report order.
    public var constants: [(name: String, outcome: FitOutcome)] {
        var list = [(fittsNames.a, fittsA), (fittsNames.b, fittsB)]
        if let floor { list.append(("two-thumb.floor", floor)) }
        list.append((holdName, hold))
        list.append(("accent.extra", accentExtra))
        return list
    }
}

/// What `kbdsim calibrate` fitted: one part per posture, and the warnings.
public struct CalibrationResult: Sendable {
    public var logs: [String]
    public var participants: [String]
    public var phrases: Int
    public var touches: Int
    /// Per posture seen, in `Posture` order.
    public var postures: [PostureCalibration]
    /// Warnings (not fatal): one participant, assumed millimetres, several postures.
    public var warnings: [String]
    public var resamples: Int
    public var seed: UInt64
}
