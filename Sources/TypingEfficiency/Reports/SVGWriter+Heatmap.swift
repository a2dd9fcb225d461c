import Foundation
import LayoutEngine

extension SVGWriter {
    /// Scale: SVG units (px) per millimetre.
    static let scale = 10.0

    /// The outline and figure colour of keys that were long-pressed.
    static let heldColour = "#1f5fbf"

    /// The keyboard of one layout, every layer with presses, drawn to scale.
    ///
    /// Each key is shaded by its presses (taps and long-presses) against the most pressed
    /// key, and shows its share of all presses at the bottom. A key that was long-pressed has
    /// a blue outline and, at the top, the share of all presses that were its long-presses.
    /// One convention for figures: a key never pressed shows none (and a grey label); a key
    /// pressed shows its share, `<0.1%` when it rounds to nothing.
    public static func heatmap(_ result: LayoutResult, _ report: ComparisonReport) -> String {
        let layout = result.layout
        let geometry = MillimetreKeyboardGeometry(layout)
        let presses = result.tally.keyPresses
        let held = result.tally.keyLongPresses
        let total = max(presses.reduce(0, +), 1)
        let maximum = max(presses.max() ?? 0, 1)
        let layers = layout.layers.indices.filter { layer in
            layer == layout.baseLayer
                || layout.keys.indices.contains { layout.keys[$0].layer == layer && presses[$0] > 0 }
        }
        let width = layout.geometry.widthMm * scale + 20
        let rowPitch = layout.geometry.rowPitchMm * scale
        let subtitle = wrap(
            "\(report.corpus.description), \(report.model.rawValue) model", width: width - 20, size: 11)
        let legend = wrap(
            "Darker: more presses. Figures: share of all presses; no figure: never pressed. "
                + "Blue outline and figure at the top: long-presses.", width: width - 20, size: 11)
        let lines = subtitle + legend
        let titleHeight = 40 + Double(lines.count) * 14
        let layerHeights = layers.map { Double(layout.layers[$0].rows.count) * rowPitch + 28 }
        let height = titleHeight + layerHeights.reduce(0, +) + 40
        var svg = header(width: width, height: height)
        svg += text(10, 22, "\(escape(layout.id)): share of key presses", size: 16, weight: "bold")
        for (index, line) in lines.enumerated() {
            svg += text(
                10, 42 + Double(index) * 14, escape(line), size: 11, fill: index < subtitle.count ? "#555" : "#777")
        }
        var top = titleHeight
        for (layer, layerHeight) in zip(layers, layerHeights) {
            svg += text(10, top + 14, "layer \(escape(layout.layers[layer].id))", size: 11, fill: "#555")
            let origin = top + 22
            for index in layout.keys.indices where layout.keys[index].layer == layer {
                // Drawn as its row's rectangle, hexagons too (theirs would overlap the next row).
                let rowHeight = layout.geometry.rowPitchMm - layout.geometry.keyGapMm
                let drawnHeight = min(geometry.height[index], max(0.5, rowHeight))
                let box = (
                    x: 10 + (geometry.centerX[index] - geometry.width[index] / 2) * scale,
                    y: origin + (geometry.centerY[index] - drawnHeight / 2) * scale,
                    w: geometry.width[index] * scale, h: drawnHeight * scale
                )
                svg += key(
                    layout.keys[index].label, box, presses: presses[index], held: held[index], total: total,
                    maximum: maximum)
            }
            top += layerHeight
        }
        svg += text(
            10, height - 12, "drawn to scale: \(ReportNumber.plain(layout.geometry.widthMm)) mm wide", size: 10,
            fill: "#777")
        return svg + "</svg>\n"
    }

    /// One key: its rectangle with a tooltip, its label, and its figures.
    static func key(
        _ label: String, _ box: (x: Double, y: Double, w: Double, h: Double), presses: Double, held: Double,
        total: Double, maximum: Double
    ) -> String {
        let level = presses / maximum
        let ink = presses == 0 ? "#999" : level > 0.55 ? "#fff" : "#111"
        let stroke = held > 0 ? "stroke=\"\(heldColour)\" stroke-width=\"2.5\"" : "stroke=\"#999\" stroke-width=\"1\""
        var tip = "\(escape(label)): "
        if presses == 0 {
            tip += "never pressed"
        } else {
            tip += "\(share(presses, of: total)) of presses"
            if held > 0 { tip += ", long-presses \(share(held, of: total))" }
        }
        var svg =
            "<rect x=\"\(f(box.x))\" y=\"\(f(box.y))\" width=\"\(f(box.w))\" height=\"\(f(box.h))\" rx=\"6\" "
            + "fill=\"\(shade(level))\" \(stroke)><title>\(tip)</title></rect>\n"
        svg += text(box.x + box.w / 2, box.y + box.h / 2 + 3, escape(label), size: 15, anchor: "middle", fill: ink)
        if presses > 0 {
            svg += text(
                box.x + box.w / 2, box.y + box.h - 7, share(presses, of: total), size: 9, anchor: "middle", fill: ink)
        }
        if held > 0 {
            let fill = level > 0.55 ? "#fff" : heldColour
            svg += text(
                box.x + box.w / 2, box.y + 12, "held " + share(held, of: total), size: 8, anchor: "middle",
                weight: "bold", fill: fill)
        }
        return svg
    }

    /// `count` as a share of `total` with one decimal, escaped for SVG; a share that rounds
    /// to nothing is `<0.1%`, so that `0.0%` never stands for presses (a key never pressed
    /// shows nothing).
    static func share(_ count: Double, of total: Double) -> String {
        let value = count / total
        return value < 0.0005 ? "&lt;0.1%" : ReportNumber.percent(value)
    }

    /// White to dark red by `level` in 0…1 (a square root, so rare keys still show).
    static func shade(_ level: Double) -> String {
        let t = max(0, min(1, level)).squareRoot()
        let r = Int((255 - t * (255 - 150)).rounded())
        let g = Int((255 - t * 245).rounded())
        let b = Int((255 - t * 235).rounded())
        return "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
    }
}
