import Foundation
import LayoutEngine

/// Where a finger lands when it aims at a key: a bivariate normal spread around the key's
/// centre, with standard deviation `sigmaX` across and `sigmaY` along the keyboard's height.
///
/// The default, 1.5 mm both ways, is the absolute precision of a finger touch (σa ≈ 1.5 mm)
/// in Bi, Li & Zhai, "FFitts law: modeling finger touch with Fitts' law", CHI 2013; it
/// leaves out the speed-accuracy part of the spread, so it is a low estimate for fast
/// typing. Reports show how the answers change with the spread.
public struct TouchErrorModel: Hashable, Sendable {
    /// Standard deviation of touches across the keyboard, mm.
    public var sigmaX: Double
    /// Standard deviation of touches along the keyboard's height, mm.
    public var sigmaY: Double

    /// The default spread, mm.
    public static let defaultSigma = 1.5

    /// A model with the same spread both ways (`sigma` mm).
    public init(sigma: Double = TouchErrorModel.defaultSigma) {
        sigmaX = sigma
        sigmaY = sigma
    }

    /// A model with its own spread each way, mm.
    public init(sigmaX: Double, sigmaY: Double) {
        self.sigmaX = sigmaX
        self.sigmaY = sigmaY
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

/// Which key a touch aimed at each key lands on, under a `TouchErrorModel`.
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
        var hit = [Double](repeating: 1, count: layout.keys.count)
        var strays = [[Stray]](repeating: [], count: layout.keys.count)
        let rowPitch = layout.geometry.rowPitchMm
        let unit = layout.geometry.keyUnitMm
        for (index, key) in layout.keys.enumerated() {
            let x = key.centerX * unit
            let y = (Double(key.row) + 0.5) * rowPitch
            let rows = layout.layers[key.layer].rows
            var list: [Stray] = []
            var inside = 0.0
            for (rowIndex, row) in rows.enumerated() {
                let top = Double(rowIndex) * rowPitch
                let bottom = rowIndex == rows.count - 1 ? Double.infinity : top + rowPitch
                let alongY = TouchErrorModel.share(top, bottom, mean: y, sigma: model.sigmaY)
                guard alongY > 1e-12 else { continue }
                for other in row {
                    let cell = cells[other.rawValue]
                    let probability =
                        alongY * TouchErrorModel.share(cell.left, cell.right, mean: x, sigma: model.sigmaX)
                    if other.rawValue == index {
                        inside = probability
                    } else if probability > 1e-6 {
                        list.append(Stray(key: other.rawValue, probability: probability))
                    }
                }
            }
            let above = TouchErrorModel.share(-.infinity, 0, mean: y, sigma: model.sigmaY)
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
