/// The size a touch layout is measured and drawn at: the phone in portrait (the size the
/// layout file states), the same phone in landscape, an 11-inch tablet, or any width and
/// row pitch in millimetres.
///
/// Only the keyboard's width and row pitch change: the keys keep their key units, so a row
/// of 11 keys stays a row of 11 keys, each as wide as the device's keyboard allows, and the
/// gap between keys stays the layout's. Hardware layouts keep their own size.
///
/// ```swift
/// let landscape = try LayoutCatalog.load("hu-touch").with(.landscape)
/// landscape.geometry.widthMm   // 124.2
/// ```
public enum DeviceGeometry: Hashable, Sendable, CustomStringConvertible {
    /// The size in the layout file (the shipped touch layouts: a 6.1-inch phone in portrait).
    case portrait
    /// The same 6.1-inch phone in landscape.
    case landscape
    /// An 11-inch tablet in portrait.
    case tablet
    /// A keyboard this wide, with rows this far apart, in millimetres.
    case custom(widthMm: Double, rowPitchMm: Double)

    /// The names `--geometry` accepts besides `WIDTHxPITCH`.
    public static let names = ["portrait", "landscape", "tablet"]

    /// Millimetres per iOS point on the 6.1-inch phone: 3 pixels a point at 460 pixels an
    /// inch (1170 × 2532 pixels).
    public static let phoneMmPerPoint = 25.4 * 3 / 460
    /// Millimetres per iOS point on the 11-inch tablet: 2 pixels a point at 264 pixels an
    /// inch (1668 × 2388 pixels).
    public static let tabletMmPerPoint = 25.4 * 2 / 264

    /// Parses `portrait`, `landscape`, `tablet` or `WIDTHxPITCH` (millimetres, e.g. `58.1x8.9`),
    /// a width and row pitch that a layout file may state (`sizeProblem` says why not).
    public init?(_ text: String) {
        switch text {
        case "portrait": self = .portrait
        case "landscape": self = .landscape
        case "tablet": self = .tablet
        default:
            guard let (width, pitch) = Self.numbers(text), NumberRange.keyboardWidth.contains(width),
                NumberRange.rowPitch.contains(pitch)
            else { return nil }
            self = .custom(widthMm: width, rowPitchMm: pitch)
        }
    }

    /// For `WIDTHxPITCH` numbers no device has: which of them, its range and what was given
    /// (`the width must be a number from 10 to 2000 mm, found 0.1`); `nil` for every other text.
    public static func sizeProblem(_ text: String) -> String? {
        guard let (width, pitch) = numbers(text) else { return nil }
        if !NumberRange.keyboardWidth.contains(width) {
            return "the width must be \(NumberRange.keyboardWidth), found \(NumberRange.text(width))"
        }
        if !NumberRange.rowPitch.contains(pitch) {
            return "the row pitch must be \(NumberRange.rowPitch), found \(NumberRange.text(pitch))"
        }
        return nil
    }

    /// The two numbers of `WIDTHxPITCH`, if `text` has that form.
    private static func numbers(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let pitch = Double(parts[1]) else { return nil }
        return (width, pitch)
    }

    /// The keyboard's width and row pitch in millimetres, or `nil` for the layout's own.
    ///
    /// - landscape: the phone's 844-point long side less the 47-point safe areas on either
    ///   side (750 points, 124.2 mm); rows 40.5 points apart (6.71 mm), the 162-point-high
    ///   landscape keyboard of four rows (the portrait one is 216 points: 54-point rows).
    /// - tablet: the 834-point short side (160.5 mm); rows 66 points apart (12.70 mm), the
    ///   264-point-high portrait tablet keyboard of four rows.
    public var size: (widthMm: Double, rowPitchMm: Double)? {
        switch self {
        case .portrait: nil
        case .landscape: (750 * Self.phoneMmPerPoint, 40.5 * Self.phoneMmPerPoint)
        case .tablet: (834 * Self.tabletMmPerPoint, 66 * Self.tabletMmPerPoint)
        case .custom(let width, let pitch): (width, pitch)
        }
    }

    /// `landscape`, or `58.1x8.9` for a custom size.
    public var description: String {
        switch self {
        case .portrait: "portrait"
        case .landscape: "landscape"
        case .tablet: "tablet"
        case .custom(let width, let pitch): "\(Self.short(width))x\(Self.short(pitch))"
        }
    }

    private static func short(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension Layout {
    /// The same layout at another size (`DeviceGeometry`); a hardware layout, or `.portrait`,
    /// is returned as it is. A gap wider than the new key unit is narrowed to a tenth of it.
    public func with(_ device: DeviceGeometry) -> Layout {
        guard platform != .hardware, let size = device.size else { return self }
        var copy = self
        let unit = size.widthMm / geometry.unitsPerRow
        copy.geometry = Geometry(
            widthMm: size.widthMm, unitsPerRow: geometry.unitsPerRow, rowPitchMm: size.rowPitchMm,
            keyGapMm: geometry.keyGapMm < unit ? geometry.keyGapMm : unit / 10, keyShape: geometry.keyShape)
        return copy
    }
}
