import Foundation
import LayoutEngine

/// Pictures of a comparison: per layout, its keyboard drawn to scale with each key shaded
/// by its share of all presses; and a bar chart comparing the layouts.
public enum SVGWriter {
    /// A file that cannot be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The path.
        public let path: String
        /// Why.
        public let reason: String
        public var description: String { "\(path): cannot write: \(reason)" }
    }

    /// Writes `<layout>-heatmap.svg` per layout and `comparison.svg` into `directory`
    /// (made if missing); returns the paths written.
    public static func write(_ report: ComparisonReport, to directory: String) throws(WriteError) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory, reason: error.localizedDescription)
        }
        var files = report.results.map { ("\($0.layout.id)-heatmap.svg", heatmap($0, report)) }
        files.append(("comparison.svg", barChart(report)))
        var written: [String] = []
        for (name, content) in files {
            let path = (directory as NSString).appendingPathComponent(name)
            guard FileManager.default.createFile(atPath: path, contents: Data(content.utf8)) else {
                throw WriteError(path: path, reason: "the file cannot be created")
            }
            written.append(path)
        }
        return written
    }

    /// Scale: SVG units (px) per millimetre.
    static let scale = 10.0

    /// The keyboard of one layout, every layer with presses, keys shaded by share of presses.
    public static func heatmap(_ result: LayoutResult, _ report: ComparisonReport) -> String {
        let layout = result.layout
        let geometry = KeyboardGeometry(layout)
        let presses = result.tally.keyPresses
        let total = max(presses.reduce(0, +), 1)
        let maximum = max(presses.max() ?? 0, 1)
        let layers = layout.layers.indices.filter { layer in
            layer == layout.baseLayer
                || layout.keys.indices.contains { layout.keys[$0].layer == layer && presses[$0] > 0 }
        }
        let width = layout.geometry.widthMm * scale
        let rowPitch = layout.geometry.rowPitchMm * scale
        let titleHeight = 56.0
        let layerHeights = layers.map { Double(layout.layers[$0].rows.count) * rowPitch + 28 }
        let height = titleHeight + layerHeights.reduce(0, +) + 40
        var svg = header(width: width + 20, height: height)
        svg += text(
            10, 22, "\(layout.id): share of key presses", size: 16, weight: "bold")
        svg += text(
            10, 42, "\(report.corpus.description), \(report.model.rawValue) model; darker = more presses", size: 11,
            fill: "#555")
        var top = titleHeight
        for (layer, layerHeight) in zip(layers, layerHeights) {
            svg += text(10, top + 14, "layer \(layout.layers[layer].id)", size: 11, fill: "#555")
            let origin = top + 22
            for index in layout.keys.indices where layout.keys[index].layer == layer {
                let key = layout.keys[index]
                let share = presses[index] / total
                let x = 10 + (geometry.centerX[index] - geometry.width[index] / 2) * scale
                let y = origin + (geometry.centerY[index] - geometry.height[index] / 2) * scale
                let w = geometry.width[index] * scale
                let h = geometry.height[index] * scale
                let fill = shade(presses[index] / maximum)
                let ink = presses[index] / maximum > 0.55 ? "#fff" : "#111"
                svg +=
                    "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" rx=\"6\" "
                    + "fill=\"\(fill)\" stroke=\"#999\" stroke-width=\"1\"><title>\(escape(key.label)): "
                    + "\(ReportNumber.percent(share)) of presses</title></rect>\n"
                svg += text(x + w / 2, y + h / 2 - 2, escape(key.label), size: 15, anchor: "middle", fill: ink)
                if presses[index] > 0 {
                    svg += text(
                        x + w / 2, y + h - 7, ReportNumber.percent(share), size: 9, anchor: "middle", fill: ink)
                }
            }
            top += layerHeight
        }
        svg += text(
            10, height - 12, "drawn to scale: \(ReportNumber.plain(layout.geometry.widthMm)) mm wide", size: 10,
            fill: "#777")
        return svg + "</svg>\n"
    }

    /// Bars per layout: keystrokes per character, and words per minute (or seconds per
    /// character under the keystrokes model), each bar labelled with its value.
    public static func barChart(_ report: ComparisonReport) -> String {
        let results = report.results
        let labelWidth = 150.0
        let barWidth = 360.0
        let rowHeight = 26.0
        let panels: [(String, (LayoutTotals) -> Double, Int)] = [
            ("Keystrokes per character (fewer is better)", { $0.kspc }, 3),
            ("Predicted words per minute, \(report.model.rawValue) (more is better)", { $0.wordsPerMinute }, 1),
            (
                "Long-presses per 100 characters",
                { $0.typedCharacters > 0 ? $0.longPresses / $0.typedCharacters * 100 : 0 }, 2
            ),
        ]
        let panelHeight = 34 + Double(results.count) * rowHeight + 16
        let height = 70 + Double(panels.count) * panelHeight
        var svg = header(width: labelWidth + barWidth + 90, height: height)
        svg += text(10, 24, "Typing cost by layout", size: 18, weight: "bold")
        svg += text(10, 44, escape(ReportFormatter.heading(report)[0]), size: 11, fill: "#555")
        let colours = ["#3366aa", "#cc6633", "#449944", "#aa3377", "#777777", "#bbaa22"]
        var top = 64.0
        for (title, value, digits) in panels {
            svg += text(10, top + 18, escape(title), size: 13, weight: "bold")
            let values = results.map { value($0.totals) }
            let maximum = max(values.max() ?? 0, 1e-9)
            for (row, result) in results.enumerated() {
                let y = top + 30 + Double(row) * rowHeight
                let length = values[row] / maximum * barWidth
                svg += text(labelWidth, y + 15, escape(result.layout.id), size: 12, anchor: "end")
                svg +=
                    "<rect x=\"\(f(labelWidth + 8))\" y=\"\(f(y + 2))\" width=\"\(f(length))\" height=\"18\" "
                    + "fill=\"\(colours[row % colours.count])\"/>\n"
                svg += text(labelWidth + 14 + length, y + 15, ReportNumber.fixed(values[row], digits), size: 12)
            }
            top += panelHeight
        }
        return svg + "</svg>\n"
    }

    static func header(width: Double, height: Double) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
            + "viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
    }

    static func text(
        _ x: Double, _ y: Double, _ content: String, size: Double, anchor: String = "start", weight: String = "normal",
        fill: String = "#111"
    ) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\" text-anchor=\"\(anchor)\" "
            + "font-weight=\"\(weight)\" fill=\"\(fill)\">\(content)</text>\n"
    }

    /// White to dark red by `level` in 0…1 (a square root, so rare keys still show).
    static func shade(_ level: Double) -> String {
        let t = max(0, min(1, level)).squareRoot()
        let r = Int((255 - t * (255 - 150)).rounded())
        let g = Int((255 - t * 245).rounded())
        let b = Int((255 - t * 235).rounded())
        return "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
    }

    static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
