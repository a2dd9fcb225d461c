import Foundation
import Testing

/// `kbdsim compare`'s intervals (`--ci`, on by default in markdown and JSON) and `--sweep`,
/// as a user runs them.
@Suite("kbdsim compare: intervals and sweeps")
struct CompareConfidenceTests {
    static let sample = CompareCommandTests.sample
    static let title = "95% intervals from 1000 bootstrap resamples of 4 lines"

    @Test("intervals by default in markdown and JSON, with --ci in the table, not with --no-ci")
    func defaults() throws {
        let markdown = try CompareCommandTests.run(["--corpus", Self.sample, "--format", "markdown"])
        #expect(markdown.status == 0 && markdown.output.contains(Self.title))
        #expect(markdown.output.contains("| `hu-ios` − `hu-touch` | 0.0000 |"))
        let table = try CompareCommandTests.run(["--corpus", Self.sample])
        #expect(table.status == 0 && !table.output.contains("intervals"))
        let asked = try CompareCommandTests.run(["--corpus", Self.sample, "--ci", "--seed", "7"])
        #expect(asked.output.contains("seed 7;") && asked.output.contains("hu-extended − hu-ios"))
        let off = try CompareCommandTests.run(["--corpus", Self.sample, "--format", "markdown", "--no-ci"])
        #expect(off.status == 0 && !off.output.contains("intervals"))
        let json = try CompareCommandTests.run(["--corpus", Self.sample, "--format", "json", "--bootstrap", "200"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let confidence = try #require(object["confidence"] as? [String: Any])
        #expect(confidence["resamples"] as? Int == 200 && (confidence["differences"] as? [Any])?.count == 3)
        // A word list has no lines: no intervals, and no complaint unless --ci asks for them.
        let words = try CompareCommandTests.run(["--layouts", "hu-touch", "--format", "json"])
        #expect(words.status == 0 && !words.output.contains("confidence"))
    }

    @Test(
        "wrong interval and sweep options exit 64 and say why",
        arguments: [
            (["--ci", "--no-ci"], "give --ci or --no-ci, not both"),
            (["--ci"], "--ci resamples the lines of running text: give --corpus"),
            (["--corpus", sample, "--ci", "--bootstrap", "0"], "--ci needs --bootstrap above 0"),
            (["--seed", "-1"], "invalid value '-1' for '--seed': expected a whole number"),
            (["--seeed", "1"], "unknown option '--seeed'; did you mean '--seed'?"),
            (["--swep", "hold.ios=0:1:0.5"], "did you mean '--sweep'?"),
            (["--sweep", "hold.iso=0:1:0.5"], "unknown constant \"hold.iso\" in --sweep; did you mean \"hold.ios\"?"),
            (["--sweep", "hold.ios=1:0:0.5"], "FROM must not exceed TO"),
            (["--sweep", "hold.ios=0:1:0.5", "--detail"], "--sweep prints the sweep alone: drop --detail"),
            (["--sweep", "hold.ios=0:1:0.5", "--sweep", "thumb.a=0:1:0.5"], "--sweep is given twice"),
        ])
    func errors(_ arguments: [String], _ message: String) throws {
        try CompareCommandTests.expectUsageError(arguments, message)
    }

    @Test("a sweep prints each value's figures and ranking, and marks a change")
    func sweep() throws {
        let result = try CompareCommandTests.run(["--corpus", Self.sample, "--sweep", "hold.ios=0:0.4:0.1"])
        #expect(result.status == 0)
        #expect(result.output.contains("hold.ios  hu-touch  hu-ios  hu-extended  ranking"))
        #expect(result.output.contains("hu-extended > hu-touch > hu-ios  ← ranking changes"))
        let csv = try CompareCommandTests.run([
            "--corpus", Self.sample, "--sweep", "hold.ios=0:0.4:0.1", "--format", "csv", "--layouts", "hu-touch",
        ])
        #expect(csv.output.split(separator: "\r\n").count == 6)
    }
}
