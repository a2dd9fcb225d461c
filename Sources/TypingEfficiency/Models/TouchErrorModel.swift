import Foundation
import LayoutEngine

/// Where a finger lands when it aims at a key: a bivariate normal spread around the key's
/// centre, across (x) and along the keyboard's height (y), each with a standard deviation that
/// grows with the key's size: Bi & Zhai's dual Gaussian, σ² = α·W² + σa², W the key's
/// visible width (x) or height (y).
///
/// The default is Bi & Zhai's fit, σx² = 0.0075·W² + 1.68 mm², σy² = 0.0108·H² + 1.33 mm²
/// (Bi & Zhai, Bayesian Touch, UIST 2013, as read from a public implementation of their
/// model, not yet checked against the paper): on a 5.5 mm wide, 7.9 mm high key,
/// σx ≈ 1.38 mm and σy ≈ 1.42 mm. `--touch-sigma MM` gives a fixed σ instead (α = 0; σa ≈
/// 1.5 mm is the absolute precision of a finger touch in Bi, Li & Zhai, "FFitts law", CHI
/// 2013), and a model file of `kbdsim calibrate` its own fit.
public struct TouchErrorModel: Hashable, Sendable {
    /// One axis of the dual Gaussian: σ² = α·W² + σa².
    public struct Axis: Hashable, Sendable {
        /// α, dimensionless (0: a fixed σ).
        public var alpha: Double
        /// σa, mm.
        public var sigmaA: Double

        public init(alpha: Double, sigmaA: Double) {
            self.alpha = alpha
            self.sigmaA = sigmaA
        }

        /// The standard deviation of touches on a key `size` mm wide (x) or high (y), mm.
        public func sigma(size: Double) -> Double { (alpha * size * size + sigmaA * sigmaA).squareRoot() }
    }

    /// Across the keyboard (by the key's width).
    public var x: Axis
    /// Along the keyboard's height (by the key's height).
    public var y: Axis
    /// Where the constants come from when not built in or given with `--touch-sigma`: the model
    /// file's name, for reports.
    public var source: String?

    /// Bi & Zhai's dual Gaussian (UIST 2013), the default.
    public static let biZhai2013 = TouchErrorModel(
        x: Axis(alpha: 0.0075, sigmaA: 1.68.squareRoot()), y: Axis(alpha: 0.0108, sigmaA: 1.33.squareRoot()))

    /// The fixed spread `--touch-sigma` used before the dual Gaussian, mm (a common value).
    public static let defaultSigma = 1.5

    /// The default: Bi & Zhai's dual Gaussian.
    public init() { self = .biZhai2013 }

    /// A fixed spread of `sigma` mm both ways, whatever the key's size.
    public init(sigma: Double) { self.init(sigmaX: sigma, sigmaY: sigma) }

    /// A fixed spread each way, mm.
    public init(sigmaX: Double, sigmaY: Double) {
        x = Axis(alpha: 0, sigmaA: sigmaX)
        y = Axis(alpha: 0, sigmaA: sigmaY)
    }

    /// A dual Gaussian with these axes; `source` names where they come from.
    public init(x: Axis, y: Axis, source: String? = nil) {
        self.x = x
        self.y = y
        self.source = source
    }

    /// Whether σ is the same for every key size (`--touch-sigma`).
    public var isFixed: Bool { x.alpha == 0 && y.alpha == 0 }

    /// The model in words, for reports: `σ 1.5 mm`, `σx 1 mm, σy 2 mm`, or the dual Gaussian's
    /// constants and where they come from.
    public var summary: String {
        func plain(_ value: Double) -> String { ReportNumber.plain((value * 10_000).rounded() / 10_000) }
        if isFixed && source == nil {
            return x.sigmaA == y.sigmaA
                ? "σ \(plain(x.sigmaA)) mm" : "σx \(plain(x.sigmaA)) mm, σy \(plain(y.sigmaA)) mm"
        }
        let text =
            "dual Gaussian σx² = \(plain(x.alpha))·W² + \(plain(x.sigmaA * x.sigmaA)) mm², "
            + "σy² = \(plain(y.alpha))·H² + \(plain(y.sigmaA * y.sigmaA)) mm²"
        if let source { return text + " from \(source)" }
        return self == .biZhai2013 ? text + " (Bi & Zhai 2013)" : text
    }

    /// The chance that a normal value with mean `mean` and spread `sigma` lies in
    /// [`low`, `high`] (either end may be infinite).
    static func share(_ low: Double, _ high: Double, mean: Double, sigma: Double) -> Double {
        guard sigma > 0 else { return mean >= low && mean < high ? 1 : 0 }
        let scale = sigma * 2.0.squareRoot()
        let upper = high == .infinity ? 2.0 : erfc(-(high - mean) / scale)
        let lower = low == -.infinity ? 0.0 : erfc(-(low - mean) / scale)
        return max(0, (upper - lower) / 2)
    }
}

/// Which key a touch aimed at each key lands on, under a `TouchErrorModel` (σ per key from its
/// visible width and height, `MillimetreKeyboardGeometry`).
///
/// A touch belongs to the key whose *cell* it lands in: a key's cell is its pitch (the key
/// and half the gaps beside it) across and its row pitch up and down; a gap wider than the
/// key gap (the half-key indents of the home row) goes half to each neighbour; the first and
/// last keys of a row reach to the edge of the screen, and the bottom row to its bottom. A
/// touch above the top row lands on no key. Only keys of the same layer are hit.
public struct TouchTargets: Sendable {
    /// A key a touch can land on instead of the one aimed at; `key` is `nil` for no key.
    public struct Stray: Hashable, Sendable {
        /// The key hit, or `nil` when the touch lands above the keyboard.
        public let key: Int?
        /// Its chance.
        public let probability: Double
    }

    /// Per key (by `KeyID.rawValue`): the chance that a touch aimed at it lands on it.
    public let hit: [Double]
    /// Per key: where else a touch aimed at it lands, chances above one in a million.
    public let strays: [[Stray]]

    /// Per key: the chance that a touch aimed at it lands elsewhere.
    public func miss(_ key: Int) -> Double { 1 - hit[key] }

    /// The cells of `layout`'s keys at its geometry, and the chances under `model`.
    public init(layout: Layout, model: TouchErrorModel) {
        let cells = Self.cells(layout)
        let geometry = MillimetreKeyboardGeometry(layout)
        var hit = [Double](repeating: 1, count: layout.keys.count)
        var strays = [[Stray]](repeating: [], count: layout.keys.count)
        let rowPitch = layout.geometry.rowPitchMm
        let unit = layout.geometry.keyUnitMm
        for (index, key) in layout.keys.enumerated() {
            let x = key.centerX * unit
            let y = (Double(key.row) + 0.5) * rowPitch
            let rows = layout.layers[key.layer].rows
            let sigmaX = model.x.sigma(size: geometry.width[index])
            let sigmaY = model.y.sigma(size: geometry.height[index])
            var list: [Stray] = []
            var inside = 0.0
            for (rowIndex, row) in rows.enumerated() {
                let top = Double(rowIndex) * rowPitch
                let bottom = rowIndex == rows.count - 1 ? Double.infinity : top + rowPitch
                let alongY = TouchErrorModel.share(top, bottom, mean: y, sigma: sigmaY)
                guard alongY > 1e-12 else { continue }
                for other in row {
                    let cell = cells[other.rawValue]
                    let probability =
                        alongY * TouchErrorModel.share(cell.left, cell.right, mean: x, sigma: sigmaX)
                    if other.rawValue == index {
                        inside = probability
                    } else if probability > 1e-6 {
                        list.append(Stray(key: other.rawValue, probability: probability))
                    }
                }
            }
            let above = TouchErrorModel.share(-.infinity, 0, mean: y, sigma: sigmaY)
            if above > 1e-6 { list.append(Stray(key: nil, probability: above)) }
            hit[index] = inside
            strays[index] = list
        }
        self.hit = hit
        self.strays = strays
    }

    /// Per key: the left and right edges of its cell, mm.
    static func cells(_ layout: Layout) -> [(left: Double, right: Double)] {
        let unit = layout.geometry.keyUnitMm
        var cells = [(left: Double, right: Double)](repeating: (0, 0), count: layout.keys.count)
        for layer in layout.layers {
            for row in layer.rows {
                let ordered = row.sorted { layout.keys[$0.rawValue].x < layout.keys[$1.rawValue].x }
                for (position, id) in ordered.enumerated() {
                    let key = layout.keys[id.rawValue]
                    var left = -Double.infinity
                    var right = Double.infinity
                    if position > 0 {
                        let before = layout.keys[ordered[position - 1].rawValue]
                        left = (before.x + before.width + key.x) / 2 * unit
                    }
                    if position < ordered.count - 1 {
                        let after = layout.keys[ordered[position + 1].rawValue]
                        right = (key.x + key.width + after.x) / 2 * unit
                    }
                    cells[id.rawValue] = (left, right)
                }
            }
        }
        return cells
    }
}
