import Foundation
import LayoutEngine

/// Pictures of a comparison: per layout, its keyboard drawn to scale with each key shaded
/// by its share of all presses (`SVGWriter+Heatmap.swift`); and a bar chart comparing the
/// layouts (`SVGWriter+BarChart.swift`).
public enum SVGWriter {
    /// A file or folder that cannot be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The path.
        public let path: String
        /// Why, and what to do.
        public let failure: FileWriting.Failure
        public var description: String { "\(path): \(failure)" }
    }

    /// Writes `<layout>-heatmap.svg` per layout (its id as a plain file name,
    /// `LayoutFileName`: `cldr-fr-heatmap.svg`) and `comparison.svg` into `directory` (made
    /// if missing); returns the paths written.
    public static func write(_ report: ComparisonReport, to directory: String) throws(WriteError) -> [String] {
        do {
            try FileWriting.makeFolder(directory)
        } catch {
            throw WriteError(path: directory, failure: error)
        }
        let stems = LayoutFileName.distinctStems(report.results.map(\.layout.id))
        var files = zip(stems, report.results).map { ("\($0)-heatmap.svg", heatmap($1, report)) }
        files.append(("comparison.svg", barChart(report)))
        var written: [String] = []
        for (name, content) in files {
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                try FileWriting.write(Array(content.utf8), to: path)
            } catch {
                throw WriteError(path: path, failure: error)
            }
            written.append(path)
        }
        return written
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

    /// The widest a character of the sans-serif fonts SVG viewers use is on average, in em:
    /// lines are broken so that even wide text fits.
    static let characterWidth = 0.62

    /// `content` broken at spaces into lines that fit `width` px at font size `size`; a word
    /// longer than a line is cut between characters.
    static func wrap(_ content: String, width: Double, size: Double) -> [String] {
        let budget = max(8, Int(width / (size * characterWidth)))
        var lines: [String] = []
        var line = ""
        for word in content.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            if !line.isEmpty, line.count + 1 + word.count > budget {
                lines.append(line)
                line = ""
            }
            while word.count > budget {
                lines.append(String(word.prefix(budget)))
                word = word.dropFirst(budget)
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String { Escaping.xml(text) }
}
