import Foundation
import LayoutEngine

/// The model a comparison plans and times by (`--model`).
public enum ComparisonModel: String, CaseIterable, Sendable {
    /// One finger (the index finger) taps every key: Fitts' law with the one-finger preset.
    case oneFinger = "one-finger"
    /// Two thumbs, each taking its half of the keyboard: Fitts' law per thumb, with a floor
    /// between taps.
    case twoThumb = "two-thumb"
    /// One thumb (the phone held in the same hand) taps every key: Fitts' law with the
    /// one-thumb constants, timed as a single pointer like one finger.
    case oneThumb = "one-thumb"
    /// Counts keystrokes (a long-press is two); time is keystrokes × the per-keystroke preset.
    case keystrokes
}

/// The intercept and slope of Fitts' law, MT = a + b·log2(D/W + 1) (MacKenzie 1992).
public struct FittsConstants: Hashable, Sendable {
    /// Intercept, seconds.
    public var a: Double
    /// Slope, seconds per bit.
    public var b: Double

    /// Creates constants.
    public init(a: Double, b: Double) {
        self.a = a
        self.b = b
    }

    /// Movement time over distance `distance` to a target of width `width` (same unit).
    public func movementTime(distance: Double, width: Double) -> Double {
        a + b * log2(distance / max(width, 1e-9) + 1)
    }
}

/// Every constant of the time models: named presets, each overridable (`--set NAME=VALUE`).
/// docs/comparing.md names the source of each.
public struct ModelConstants: Hashable, Sendable {
    /// One finger: a = 0.083 s, b = 0.127 s/bit.
    public var oneFinger = FittsConstants(a: 0.083, b: 0.127)
    /// One thumb of two: a = 0.176 s, b = 0.064 s/bit.
    public var thumb = FittsConstants(a: 0.176, b: 0.064)
    /// One thumb of the hand holding the phone: no published figure; the one-finger preset
    /// (a = 0.083 s, b = 0.127 s/bit) until measured (`kbdsim calibrate`).
    public var oneThumb = FittsConstants(a: 0.083, b: 0.127)
    /// Seconds added to every tap of an accent key (the decision to reach for a mark after its
    /// letter): 0, not modelled until measured (`kbdsim calibrate`).
    public var accentExtra = 0.0
    /// The shortest time between two taps with two thumbs, seconds (also a repeated key).
    public var twoThumbFloor = 0.088
    /// How long a key is held before its long-press popup opens on iOS, seconds.
    public var iosHold = 0.5
    /// The same on Android, seconds.
    public var androidHold = 0.3
    /// Time per keystroke where movement is not modelled (hardware keyboards, and the
    /// `keystrokes` model), seconds.
    public var perKeystroke = 0.231

    /// The presets.
    public init() {}

    /// The names `--set` accepts, with their current values.
    public var named: [(name: String, value: Double)] {
        [
            ("one-finger.a", oneFinger.a), ("one-finger.b", oneFinger.b), ("thumb.a", thumb.a),
            ("thumb.b", thumb.b), ("two-thumb.floor", twoThumbFloor), ("hold.ios", iosHold),
            ("hold.android", androidHold), ("per-keystroke", perKeystroke), ("one-thumb.a", oneThumb.a),
            ("one-thumb.b", oneThumb.b), ("accent.extra", accentExtra),
        ]
    }

    /// Sets the constant with this name; `false` when there is none.
    public mutating func set(_ name: String, to value: Double) -> Bool {
        switch name {
        case "one-finger.a": oneFinger.a = value
        case "one-finger.b": oneFinger.b = value
        case "thumb.a": thumb.a = value
        case "thumb.b": thumb.b = value
        case "two-thumb.floor": twoThumbFloor = value
        case "hold.ios": iosHold = value
        case "hold.android": androidHold = value
        case "per-keystroke": perKeystroke = value
        case "one-thumb.a": oneThumb.a = value
        case "one-thumb.b": oneThumb.b = value
        case "accent.extra": accentExtra = value
        default: return false
        }
        return true
    }

    /// The long-press hold on a platform (hardware keys have none; iOS's is used).
    public func hold(on platform: Platform) -> Double {
        platform == .android ? androidHold : iosHold
    }
}

/// How a layout's presses turn into seconds: chosen per layout by the model and the
/// layout's platform, so a hardware layout is timed per keystroke under every model.
public enum TimeModel: Hashable, Sendable {
    /// Fitts' law for one pointer (one finger, or one thumb) over the layout's geometry;
    /// long-press adds `hold`.
    case oneFinger(FittsConstants, hold: Double)
    /// Fitts' law per thumb, thumbs by keyboard half, at least `floor` between taps.
    case twoThumb(FittsConstants, floor: Double, hold: Double)
    /// A fixed time per keystroke (a long-press counts two).
    case perKeystroke(Double)

    /// The time model for `model` on a layout of `platform`.
    public static func select(_ model: ComparisonModel, platform: Platform, constants: ModelConstants) -> TimeModel {
        if platform == .hardware || model == .keystrokes { return .perKeystroke(constants.perKeystroke) }
        let hold = constants.hold(on: platform)
        switch model {
        case .oneFinger: return .oneFinger(constants.oneFinger, hold: hold)
        case .oneThumb: return .oneFinger(constants.oneThumb, hold: hold)
        case .twoThumb: return .twoThumb(constants.thumb, floor: constants.twoThumbFloor, hold: hold)
        case .keystrokes: return .perKeystroke(constants.perKeystroke)
        }
    }

    /// When its constants let a tap take no time at all (so that no speed can be measured
    /// and every plan costs the same): which constants, as `--set` names them, and the fix;
    /// `nil` otherwise. (A Fitts slope of 0 alone, or an intercept of 0 alone, still times
    /// every move between two keys.) `model` names the constants of a single pointer: the
    /// one-thumb model is timed as one finger is, by its own constants.
    public func timelessTap(under model: ComparisonModel = .oneFinger) -> String? {
        switch self {
        case .oneFinger(let fitts, _):
            guard fitts.a == 0, fitts.b == 0 else { return nil }
            let prefix = model == .oneThumb ? "one-thumb" : "one-finger"
            return "\(prefix).a and \(prefix).b are both 0; set one of them above 0"
        case .twoThumb(let fitts, let floor, _):
            guard fitts.a == 0, fitts.b == 0, floor == 0 else { return nil }
            return "thumb.a, thumb.b and two-thumb.floor are all 0; set one of them above 0"
        case .perKeystroke(let seconds):
            return seconds == 0 ? "per-keystroke is 0; set it above 0" : nil
        }
    }

    /// A short description for reports.
    public var summary: String { summary(under: .oneFinger) }

    /// A short description for reports of a comparison under `model` (the one-thumb model is
    /// timed as one finger is, by its own constants, and says so).
    public func summary(under model: ComparisonModel) -> String {
        func format(_ value: Double) -> String { ReportNumber.plain(value) }
        switch self {
        case .oneFinger(let fitts, let hold):
            let pointer = model == .oneThumb ? "one thumb" : "one finger"
            return "Fitts \(pointer), a \(format(fitts.a)) s, b \(format(fitts.b)) s/bit, hold \(format(hold)) s"
        case .twoThumb(let fitts, let floor, let hold):
            return "Fitts two thumbs, a \(format(fitts.a)) s, b \(format(fitts.b)) s/bit, floor \(format(floor)) s, "
                + "hold \(format(hold)) s"
        case .perKeystroke(let seconds):
            return "\(format(seconds)) s per keystroke"
        }
    }
}
