import LayoutEngine
import TypingEfficiency

/// A model file (`format: "kbdsim-model"`, version 1): the constants `kbdsim calibrate` fitted,
/// keyed by `--set` names in seconds, the touch spread, and the fits' details. `kbdsim compare
/// --model-file` and `kbdsim optimize --model-file` use it in place of the built-in constants.
///
/// ```json
/// {"format": "kbdsim-model", "version": 1, "logs": ["p01.json"], "participants": ["p01"],
///  "constants": {"one-finger.a": 0.091, "one-finger.b": 0.118},
///  "touch": {"x": {"alpha": 0.0081, "sigmaA": 1.21}}, "fits": {…}}
/// ```
public struct ModelFile: Sendable {
    /// The logs fitted, as given.
    public var logs: [String]
    /// The participants' codes.
    public var participants: [String]
    /// Fitted constants by `--set` name, seconds, in file order.
    public var constants: [(name: String, value: Double)]
    /// The dual Gaussian per axis, only for axes fitted.
    public var touchX: TouchErrorModel.Axis?
    public var touchY: TouchErrorModel.Axis?
    /// The `fits` object as JSON text (written by `calibrate`; read back unchecked beyond being an object).
    public var fits: String

    /// The format and version written and read.
    public static let format = "kbdsim-model"
    public static let version = 1

    /// The model file of a calibration: per posture Fitts' a and b (and the floor); the hold,
    /// the accent cost and the spread from the posture with the most touches that has them.
    public init(_ result: CalibrationResult) {
        logs = result.logs
        participants = result.participants
        var constants: [(name: String, value: Double)] = []
        let byTouches = result.postures.sorted { $0.touches > $1.touches }
        for posture in result.postures {
            for (name, outcome) in posture.constants.prefix(posture.floor == nil ? 2 : 3) {
                if let value = outcome.value { constants.append((name, value.estimate)) }
            }
        }
        if let posture = byTouches.first(where: { $0.hold.value != nil }) {
            constants.append((posture.holdName, posture.hold.value!.estimate))
        }
        if let value = byTouches.lazy.compactMap(\.accentExtra.value).first {
            constants.append(("accent.extra", value.estimate))
        }
        self.constants = constants
        func axis(_ spread: (PostureCalibration) -> AxisSpread) -> TouchErrorModel.Axis? {
            guard let posture = byTouches.first(where: { spread($0).sigmaA.value != nil }) else { return nil }
            let fitted = spread(posture)
            return TouchErrorModel.Axis(alpha: fitted.alpha.value?.estimate ?? 0, sigmaA: fitted.sigmaA.value!.estimate)
        }
        touchX = axis(\.spreadX)
        touchY = axis(\.spreadY)
        fits = Self.fitsJSON(result)
    }

    init(
        logs: [String], participants: [String], constants: [(name: String, value: Double)],
        touchX: TouchErrorModel.Axis?, touchY: TouchErrorModel.Axis?, fits: String
    ) {
        self.logs = logs
        self.participants = participants
        self.constants = constants
        self.touchX = touchX
        self.touchY = touchY
        self.fits = fits
    }

    /// Sets the file's constants in `constants` (then `--set` goes on top).
    public func apply(to constants: inout ModelConstants) {
        for (name, value) in self.constants { _ = constants.set(name, to: value) }
    }

    /// The touch model: the file's axes, Bi & Zhai's default for an axis it lacks; `nil`
    /// when it has neither.
    public func touchModel(named name: String) -> TouchErrorModel? {
        guard touchX != nil || touchY != nil else { return nil }
        let preset = TouchErrorModel.biZhai2013
        return TouchErrorModel(x: touchX ?? preset.x, y: touchY ?? preset.y, source: name)
    }

    /// The file's text.
    public var json: String {
        var out = "{\n"
        out += "  \"format\": \"\(Self.format)\",\n  \"version\": \(Self.version),\n"
        out += "  \"logs\": [" + logs.map(Escaping.jsonString).joined(separator: ", ") + "],\n"
        out += "  \"participants\": [" + participants.map(Escaping.jsonString).joined(separator: ", ") + "],\n"
        out += "  \"constants\": {"
        out += constants.map { "\n    \(Escaping.jsonString($0.name)): \(Self.number($0.value))" }.joined(
            separator: ",")
        out += constants.isEmpty ? "},\n" : "\n  },\n"
        let axes = [("x", touchX), ("y", touchY)].compactMap { name, axis in
            axis.map { "\"\(name)\": {\"alpha\": \(Self.number($0.alpha)), \"sigmaA\": \(Self.number($0.sigmaA))}" }
        }
        out += "  \"touch\": {" + axes.joined(separator: ", ") + "},\n"
        out += "  \"fits\": \(fits)\n}\n"
        return out
    }

    /// A number as JSON: the shortest text that reads back as the same double; null if not finite.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// The `fits` object: per posture, each fit's estimate, interval, R² and n, or why not.
    static func fitsJSON(_ result: CalibrationResult) -> String {
        func outcome(_ outcome: FitOutcome) -> String {
            switch outcome {
            case .unsupported(let reason): return "{\"unsupported\": \(Escaping.jsonString(reason))}"
            case .fitted(let value):
                return "{\"estimate\": \(number(value.estimate)), \"low\": \(number(value.low)), "
                    + "\"high\": \(number(value.high)), \"r2\": \(value.rSquared.map(number) ?? "null"), "
                    + "\"n\": \(value.n)}"
            }
        }
        let postures = result.postures.map { posture in
            var items = [
                "\"logs\": \(posture.logs.count)", "\"participants\": \(posture.participants.count)",
                "\"phrases\": \(posture.phrases)", "\"touches\": \(posture.touches)",
            ]
            items += posture.constants.map { "\(Escaping.jsonString($0.name)): \(outcome($0.outcome))" }
            for (axis, spread) in [("x", posture.spreadX), ("y", posture.spreadY)] {
                items.append("\"touch.\(axis).alpha\": \(outcome(spread.alpha))")
                items.append("\"touch.\(axis).sigmaA\": \(outcome(spread.sigmaA))")
            }
            return "    \(Escaping.jsonString(posture.posture.rawValue)): {\n      "
                + items.joined(separator: ",\n      ") + "\n    }"
        }
        return "{\n" + postures.joined(separator: ",\n") + "\n  }"
    }
}
