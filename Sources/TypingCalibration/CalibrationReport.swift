import Foundation
import LayoutEngine

/// `kbdsim calibrate`'s report: for people a table per posture, for programs JSON.
public enum CalibrationReport {
    /// The report as text; `modelFile` names the file written (`-o`), if any.
    public static func table(_ result: CalibrationResult, modelFile: String?) -> String {
        var out =
            modelFile.map { "Report for \($0)\n" } ?? "Calibration report (no model file written; -o FILE writes one)\n"
        out +=
            "Logs: \(result.logs.count) (\(result.logs.joined(separator: ", "))); participants: "
            + "\(result.participants.count); test phrases: \(grouped(result.phrases)); touches: \(grouped(result.touches))\n"
        out +=
            "Intervals: 95% percentile bootstrap over phrases, \(result.resamples) resamples, seed \(result.seed)\n"
        for posture in result.postures { out += "\n" + section(posture) }
        if !result.warnings.isEmpty {
            out += "\nWarnings:\n" + result.warnings.map { "  - \($0)\n" }.joined()
        }
        return out
    }

    static func section(_ posture: PostureCalibration) -> String {
        var out =
            "\(posture.posture.rawValue): \(posture.logs.count) log\(posture.logs.count == 1 ? "" : "s"), "
            + "\(posture.participants.count) participant\(posture.participants.count == 1 ? "" : "s"), "
            + "\(grouped(posture.phrases)) test phrases, \(grouped(posture.touches)) touches\n"
        var rows = [["constant", "estimate", "95% interval", "R²", "n"]]
        var unsupported: [String] = []
        for (name, outcome) in posture.constants {
            switch outcome {
            case .fitted(let value):
                rows.append(
                    [
                        name, fixed(value.estimate, 4) + " s", "[\(fixed(value.low, 4)), \(fixed(value.high, 4))]",
                        value.rSquared.map { fixed($0, 3) } ?? "-", grouped(value.n),
                    ])
            case .unsupported(let reason): unsupported.append("  \(name): \(reason)\n")
            }
        }
        out += rows.count > 1 ? align(rows, indent: "  ") : ""
        out += unsupported.joined()
        let pressMs = posture.longPressMs.map { fixed($0, 0) }.joined(separator: ", ")
        out +=
            "  (\(posture.holdName): down to up of long-presses less the popup move; settings.longPressMs \(pressMs))\n"
        out += "\n  Touch spread: offsets of touches from the intended key's centre, mm (hits and misses)\n"
        for (axis, size, spread) in [("x", "width", posture.spreadX), ("y", "height", posture.spreadY)] {
            var groups = [["\(axis): key \(size)", "touches", "mean offset", "σ"]]
            for group in spread.groups {
                groups.append([
                    fixed(group.sizeMm, 1), grouped(group.n), fixed(group.meanOffset, 2), fixed(group.sigma, 2),
                ])
            }
            if spread.groups.count > 0 { out += align(groups, indent: "    ") }
            out += "    dual Gaussian σ\(axis)² = α·\(axis == "x" ? "W" : "H")² + σa²: "
            out += "α " + describe(spread.alpha, digits: 4) + "; σa " + describe(spread.sigmaA, digits: 3, unit: " mm")
            out += "\n"
            if let note = spread.note { out += "    note: \(note)\n" }
        }
        out += "\n  Misses per key width (share of touches on another key or none)\n"
        var misses = [["key width", "touches", "misses", "rate"]]
        for rate in posture.missRates {
            misses.append([
                fixed(rate.widthMm, 1), grouped(rate.touches), grouped(rate.misses), fixed(rate.rate * 100, 1) + "%",
            ])
        }
        out += align(misses, indent: "    ")
        for note in posture.notes { out += "  note: \(note)\n" }
        return out
    }

    /// `0.0075 [0.0050, 0.0101] (R² 0.912, n 1,200)` or the reason it is not fitted.
    static func describe(_ outcome: FitOutcome, digits: Int, unit: String = "") -> String {
        switch outcome {
        case .unsupported(let reason): return reason
        case .fitted(let value):
            var text =
                fixed(value.estimate, digits) + unit + " [\(fixed(value.low, digits)), \(fixed(value.high, digits))]"
            text += " (" + (value.rSquared.map { "R² \(fixed($0, 3)), " } ?? "") + "n \(grouped(value.n)))"
            return text
        }
    }

    /// Columns aligned: the first left, the others right.
    static func align(_ rows: [[String]], indent: String) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            indent
                + row.enumerated().map { column, cell in
                    let pad = String(repeating: " ", count: widths[column] - cell.count)
                    return column == 0 ? cell + pad : pad + cell
                }.joined(separator: "  ") + "\n"
        }.joined()
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "-" }
        let text = String(format: "%.\(digits)f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, char) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(char)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// The report as JSON.
    public static func json(_ result: CalibrationResult, modelFile: String?) -> String {
        let strings: ([String]) -> String = { "[" + $0.map(Escaping.jsonString).joined(separator: ", ") + "]" }
        var out = "{\n  \"modelFile\": \(modelFile.map(Escaping.jsonString) ?? "null"),\n"
        out += "  \"logs\": \(strings(result.logs)),\n  \"participants\": \(strings(result.participants)),\n"
        out += "  \"phrases\": \(result.phrases),\n  \"touches\": \(result.touches),\n"
        out += "  \"resamples\": \(result.resamples),\n  \"seed\": \(result.seed),\n"
        out += "  \"fits\": \(ModelFile.fitsJSON(result)),\n"
        let details = result.postures.map { posture in
            var items: [String] = []
            for (axis, spread) in [("x", posture.spreadX), ("y", posture.spreadY)] {
                let groups = spread.groups.map {
                    "{\"sizeMm\": \(ModelFile.number($0.sizeMm)), \"n\": \($0.n), "
                        + "\"meanOffsetMm\": \(ModelFile.number($0.meanOffset)), \"sigmaMm\": \(ModelFile.number($0.sigma))}"
                }
                items.append("\"spread\(axis.uppercased())\": [" + groups.joined(separator: ", ") + "]")
                items.append("\"spread\(axis.uppercased())Note\": \(spread.note.map(Escaping.jsonString) ?? "null")")
            }
            let misses = posture.missRates.map {
                "{\"widthMm\": \(ModelFile.number($0.widthMm)), \"touches\": \($0.touches), \"misses\": \($0.misses)}"
            }
            items.append("\"misses\": [" + misses.joined(separator: ", ") + "]")
            items.append("\"longPressMs\": [" + posture.longPressMs.map(ModelFile.number).joined(separator: ", ") + "]")
            items.append("\"notes\": \(strings(posture.notes))")
            return "    \(Escaping.jsonString(posture.posture.rawValue)): {\n      "
                + items.joined(separator: ",\n      ") + "\n    }"
        }
        out += "  \"details\": {\n" + details.joined(separator: ",\n") + "\n  },\n"
        out += "  \"warnings\": \(strings(result.warnings))\n}\n"
        return out
    }
}
