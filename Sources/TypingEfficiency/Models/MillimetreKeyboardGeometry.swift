import LayoutEngine

/// Where each key of a layout is, in millimetres, for the movement-time models.
///
/// Row r of a layer is centred at y = (r + ½)·rowPitch; a key's centre x is its centre in
/// key units times the key unit. A key's visible size is its pitch less the key gap; the
/// target width W in Fitts' law is the smaller of its visible width and height (the
/// "smaller-of" model of MacKenzie & Buxton 1992). A rectangular key is as high as the row
/// pitch less the gap; a hexagonal one (`KeyShape.hexagon`) 2/√3 of its width, point to point,
/// so its W is its width across the flats.
public struct MillimetreKeyboardGeometry: Sendable {
    /// Per key (indexed by `KeyID.rawValue`): centre x and y, mm.
    public let centerX: [Double]
    public let centerY: [Double]
    /// Per key: visible width and height, mm.
    public let width: [Double]
    public let height: [Double]
    /// Per key: the key pitch (width including the gap), mm; a long-press popup item is this wide.
    public let pitch: [Double]
    /// Keyboard width, mm.
    public let keyboardWidth: Double
    /// Per key: 0 left thumb, 1 right thumb, 2 either (a key centred on the middle, like space).
    public let side: [UInt8]
    /// The space key of the base layer (where each sentence starts), if any.
    public let spaceKey: Int?

    /// Measures a layout.
    public init(_ layout: Layout) {
        let unit = layout.geometry.keyUnitMm
        let gap = layout.geometry.keyGapMm
        let rowPitch = layout.geometry.rowPitchMm
        centerX = layout.keys.map { $0.centerX * unit }
        centerY = layout.keys.map { (Double($0.row) + 0.5) * rowPitch }
        width = layout.keys.map { max(0.5, $0.width * unit - gap) }
        height = layout.keys.map { key in
            switch layout.geometry.keyShape {
            case .rectangle: max(0.5, rowPitch - gap)
            case .hexagon: max(0.5, key.width * unit - gap) * 2 / 3.0.squareRoot()
            }
        }
        pitch = layout.keys.map { $0.width * unit }
        keyboardWidth = layout.geometry.widthMm
        let middle = layout.geometry.widthMm / 2
        side = layout.keys.map { key in
            let x = key.centerX * unit
            return abs(x - middle) < 0.25 * unit ? 2 : x < middle ? 0 : 1
        }
        spaceKey = layout.keys.indices.first { index in
            layout.keys[index].layer == layout.baseLayer && layout.keys[index].action == .space
        }
    }

    /// The distance between two keys' centres, mm.
    public func distance(_ from: Int, _ to: Int) -> Double {
        let dx = centerX[from] - centerX[to]
        let dy = centerY[from] - centerY[to]
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The target width of a key for Fitts' law, mm.
    public func targetWidth(_ key: Int) -> Double { min(width[key], height[key]) }

    /// The distance from a key to item `item` of its long-press popup, when the popup opens
    /// with item `start` under the finger and its items are one key pitch wide.
    public func popupDistance(_ key: Int, from start: Int, to item: Int) -> Double {
        Double(abs(item - start)) * pitch[key]
    }
}
