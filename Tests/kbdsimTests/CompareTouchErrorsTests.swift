import Foundation
import Testing

/// `kbdsim compare --geometry … --touch-errors`: the new table, and the main table left as it
/// was when the options are not given.
@Suite("kbdsim compare --touch-errors and --geometry")
struct CompareTouchErrorsTests {
    static func run(_ arguments: [String]) throws -> CompareCommandTests.Run {
        try CompareCommandTests.run(arguments)
    }

    @Test(
        "wrong values exit 64 with a usage line",
        arguments: [
            (["--geometry", "sideways"], "invalid value 'sideways' for '--geometry'"),
            (
                ["--geometry", "0x8"],
                "invalid value '0x8' for '--geometry': the width must be a number from 10 to 2000 mm, found 0"
            ),
            (["--touch-sigma", "0"], "invalid value '0' for '--touch-sigma': expected MM or MM,MM"),
            (["--touch-sigma", "1,2,3"], "invalid value '1,2,3' for '--touch-sigma': expected MM or MM,MM"),
            (
                ["--touch-sigma", "100.5"],
                "invalid value '100.5' for '--touch-sigma': expected MM or MM,MM, each above 0 up to 100 mm"
            ),
            (
                ["--bootstrap", "-1"],
                "invalid value '-1' for '--bootstrap': expected a number of resamples from 0 to 100000"
            ),
            (["--touch-errors"], "--touch-errors measures running text line by line"),
            (["--touch-errors", "--corpus", "-"], "give --corpus with files"),
        ])
    func usage(_ arguments: [String], _ message: String) throws {
        try CompareCommandTests.expectUsageError(arguments, message)
    }

    @Test("--touch-errors adds its table after the main one, which stays as it was")
    func table() throws {
        let plain = try Self.run(["--corpus", CompareCommandTests.sample, "--layouts", "hu-touch,hu-squeezed,xkb:hu"])
        let touched = try Self.run([
            "--corpus", CompareCommandTests.sample, "--layouts", "hu-touch,hu-squeezed,xkb:hu", "--touch-errors",
            "--bootstrap", "50",
        ])
        #expect(plain.status == 0 && touched.status == 0)
        #expect(touched.output.hasPrefix(plain.output))
        let added = String(touched.output.dropFirst(plain.output.count))
        // The title wraps at spaces: read it as one line.
        #expect(
            added.replacingOccurrences(of: "\n", with: " ").contains(
                "Touch errors (touches spread normally around the key's centre, dual Gaussian σx² = 0.0075·W² + "
                    + "1.68 mm², σy² = 0.0108·H² + 1.33 mm² (Bi & Zhai 2013)): per 100"))
        #expect(added.contains("95% intervals, from 50 bootstrap resamples of 4 lines:"))
        #expect(added.contains("WPM fixed"))
        let rows = added.split(separator: "\n")
        let squeezed = try #require(rows.firstIndex { $0.hasPrefix("hu-squeezed ") })
        #expect(rows[squeezed + 1].hasPrefix("    ") && rows[squeezed + 1].contains("–"), "its intervals below")
        let hardware = try #require(rows.firstIndex { $0.hasPrefix("xkb:hu ") })
        #expect(!rows[hardware].contains("–") && rows.count == hardware + 1, "no figures, so no intervals")
        for row in rows { #expect(row.count <= 100, "\(row)") }
        #expect(touched.output.components(separatedBy: "Fitts one finger").count == 2, "each model once")
    }

    @Test("--geometry landscape: the heading says so, and wider keys mean fewer expected errors")
    func landscape() throws {
        func errors(_ geometry: String) throws -> Double {
            let result = try Self.run([
                "--corpus", CompareCommandTests.sample, "--layouts", "hu-touch", "--geometry", geometry,
                "--touch-errors", "--bootstrap", "0", "--format", "json",
            ])
            #expect(result.status == 0)
            #expect(result.output.contains("\"geometry\": \"\(geometry)"))
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let touch = try #require(json["touchErrors"] as? [String: Any])
            let layouts = try #require(touch["layouts"] as? [[String: Any]])
            let per100 = try #require(layouts.first?["errorsPer100"] as? [String: Any])
            return try #require(per100["estimate"] as? Double)
        }
        let portrait = try errors("portrait")
        let landscape = try errors("landscape")
        #expect(landscape < portrait)
        #expect(landscape > 0)
    }
}
