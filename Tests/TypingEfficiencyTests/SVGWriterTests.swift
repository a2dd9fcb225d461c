import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import TypingEfficiency

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The pictures of `kbdsim compare --svg`: long-presses visible, one convention for keys
/// never pressed and keys pressed rarely, text that fits, and well-formed XML.
@Suite("SVG pictures")
struct SVGWriterTests {
    /// A comparison of `text` (running text named `name`) on the layouts.
    static func report(_ text: String, name: String = "text", on ids: [String]) throws -> ComparisonReport {
        let comparison = Comparison(layouts: ids.map(Shipped.layout), model: .oneFinger)
        return try comparison.run(.runningText([.text(name: name, bytes: Array(text.utf8))]), workers: 1)
    }

    /// 3,000 `a`, one `q` and one `á`: `q` and the long-press are under 0.05% of presses.
    static let rare = String(repeating: "a", count: 3000) + " q á"

    /// Whether `svg` parses as XML.
    static func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    /// `áá a` on hu-ios: two long-presses of `a`, a space and a tap of `a`.
    @Test("hu-ios: long-presses are counted per key and shown on the key (outline and figure)")
    func longPresses() throws {
        let report = try Self.report("áá a", on: ["hu-ios"])
        let result = report.results[0]
        let layout = result.layout
        let a = try #require(layout.keys.indices.first { layout.keys[$0].label == "a" && layout.keys[$0].layer == 0 })
        #expect(result.tally.keyLongPresses[a] == 2)
        #expect(result.tally.keyPresses[a] == 3)
        #expect(result.tally.keyLongPresses.reduce(0, +) == 2)
        let svg = SVGWriter.heatmap(result, report)
        #expect(svg.contains("<title>a: 75.0% of presses, long-presses 50.0%</title>"))
        #expect(svg.contains(">held 50.0%</text>"))
        #expect(svg.contains("stroke=\"\(SVGWriter.heldColour)\""))
        #expect(Self.isWellFormed(svg))
    }

    @Test("never pressed: no figure; pressed under 0.05%: <0.1%, never 0.0%")
    func pressedOrNot() throws {
        let report = try Self.report(Self.rare, on: ["hu-touch", "hu-ios"])
        for result in report.results {
            let svg = SVGWriter.heatmap(result, report)
            #expect(!svg.contains(">0.0%<") && !svg.contains(" 0.0%"), "\(result.layout.id)")
            #expect(svg.contains("<title>q: &lt;0.1% of presses</title>"))
            #expect(svg.contains(">&lt;0.1%</text>"))
            #expect(svg.contains("<title>w: never pressed</title>"))
            #expect(Self.isWellFormed(svg), "\(result.layout.id)")
        }
        let ios = SVGWriter.heatmap(report.results[1], report)
        #expect(ios.contains(">held &lt;0.1%</text>"))
    }

    /// The text lines of an SVG that start at their x, with their font size and characters.
    static func startAnchoredLines(_ svg: String) -> [(x: Double, size: Double, count: Int)] {
        svg.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("<text x=\""), line.contains("text-anchor=\"start\"") else { return nil }
            let fields = line.split(separator: "\"")
            guard let x = Double(fields[1]), let size = Double(fields[5]),
                let open = line.firstIndex(of: ">"), let close = line.range(of: "</text>")
            else { return nil }
            let content = line[line.index(after: open)..<close.lowerBound]
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            return (x, size, content.count)
        }
    }

    /// The SVG's width.
    static func width(_ svg: String) -> Double {
        Double(svg.split(separator: "\"")[3]) ?? 0
    }

    @Test("a long corpus name: the subtitles wrap inside the picture")
    func longSubtitle() throws {
        let name =
            "a corpus whose name is long, as several files or a long path make it, "
            + "longer than the picture is wide at any font size we use.txt"
        let report = try Self.report("Győr", name: name, on: ["hu-touch", "hu-ios"])
        let pictures = [SVGWriter.barChart(report)] + report.results.map { SVGWriter.heatmap($0, report) }
        for svg in pictures {
            let width = Self.width(svg)
            for line in Self.startAnchoredLines(svg) {
                // Wide glyphs average under 0.62 em in Helvetica, Arial and DejaVu Sans.
                #expect(line.x + Double(line.count) * line.size * 0.62 <= width + 0.5, "\(line) in \(width)")
            }
            #expect(svg.contains("picture"))
            #expect(Self.isWellFormed(svg))
        }
    }

    @Test("hu-ios on sample-hu.txt: the heatmap against its golden (checked by eye when recorded)")
    func heatmapGolden() throws {
        let report = try ReportGoldenTests.report(.oneFinger)
        goldenFiles.check(SVGWriter.heatmap(report.results[1], report), "sample-hu.hu-ios-heatmap.svg")
    }
}
