import Foundation
import LayoutEngine
import Testing

/// `kbdsim compare` as a user runs it: the built binary, its output and exit status.
@Suite("kbdsim compare")
struct CompareCommandTests {
    /// The built `kbdsim`: next to the test bundle (`swift test` builds it, being a product).
    static let binary: String? = {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates += [bundle, bundle.deletingLastPathComponent()]
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(repo.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("kbdsim").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TypingEfficiencyTests/Fixtures/sample-hu.txt").path

    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs `kbdsim COMMAND ARGUMENTS…` (`compare` unless told), with `input` on standard input.
    /// `kbdsim compare ARGUMENTS` is refused: exit 64, `message` and the usage line on
    /// standard error.
    static func expectUsageError(
        _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try run(arguments)
        #expect(result.status == 64, sourceLocation: sourceLocation)
        #expect(result.error.contains(message), "\(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.contains("usage: kbdsim compare"), sourceLocation: sourceLocation)
    }

    static func run(_ arguments: [String], input: Data? = nil, command: String = "compare") throws -> Run {
        let binary = try #require(Self.binary, "kbdsim is not built next to the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [command] + arguments
        let output = Pipe()
        let error = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            error: String(decoding: err, as: UTF8.self))
    }

    @Test(
        "wrong arguments exit 64 with a usage line",
        arguments: [
            (["--model", "three-thumbs"], "invalid value 'three-thumbs' for '--model'"),
            (["--format", "xml"], "invalid value 'xml' for '--format'"),
            (["--bogus"], "unknown option '--bogus'"),
            (["--layouts"], "missing value for '--layouts'"),
            (["--corpus", "a.txt", "--words", "b.tsv"], "give --corpus or --words, not both"),
            (["--corpus", "-", "--corpus", "-"], "--corpus - is given twice; standard input can be read once"),
            (["--set", "thumb.c=1"], "unknown constant 'thumb.c'"),
            (["--layouts", "hu-touch,cs-touch"], "different languages"),
            (["--jobs", "0"], "invalid value '0' for '--jobs': expected a whole number from 1 to 256"),
            (["--jobs", "100000000"], "for '--jobs': expected a whole number from 1 to 256"),
            (["--jobs", "99999999999999999999999"], "for '--jobs': expected a whole number from 1 to 256"),
            (["--set", "thumb.a=1e300"], "a number of seconds from 0 to 60"),
            (["--set", "thumb.a=nan"], "a number of seconds from 0 to 60"),
        ])
    func usage(_ arguments: [String], _ message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains(message))
        #expect(result.error.contains("usage: kbdsim compare"))
        #expect(result.output.isEmpty)
    }

    @Test("a missing corpus file exits 1 and names it")
    func missingFile() throws {
        let result = try Self.run(["--corpus", "/nonexistent/x.txt"])
        #expect(result.status == 1)
        #expect(result.error.contains("/nonexistent/x.txt: cannot open"))
    }

    @Test("an unknown layout id exits 64, as in the simulator, with its own code and the nearest id")
    func unknownLayout() throws {
        let result = try Self.run(["--layouts", "hu-tuoch", "--corpus", Self.sample])
        #expect(result.status == 64)
        #expect(result.error.contains("error: no layout \"hu-tuoch\"; did you mean \"hu-touch\"?"))
        #expect(result.error.contains("[KBD-E104]"))
        #expect(!result.error.contains("hu-tuoch: error"))
    }

    @Test("a layout file that does not exist exits 1 and names the file")
    func missingLayoutFile() throws {
        let result = try Self.run(["--layouts", "/nonexistent/x.json", "--corpus", Self.sample])
        #expect(result.status == 1)
        #expect(result.error.contains("/nonexistent/x.json: error: the file does not exist"))
    }

    @Test("a corpus on standard input, with invalid UTF-8 reported by byte offset and the rest measured")
    func standardInput() throws {
        var bytes = Data("Győr\n".utf8)
        bytes.append(contentsOf: [0xFF, 0x61, 0x0A])
        let result = try Self.run(["--layouts", "hu-touch", "--corpus", "-", "--format", "csv"], input: bytes)
        #expect(result.status == 0)
        #expect(result.error.contains("-: byte 6: invalid UTF-8 (1 byte skipped)"))
        let row = result.output.split(separator: "\r\n")[1]
        #expect(row.hasPrefix("standard input,running text,9,one-finger,hu-touch,ios,5,"))
    }

    @Test("an empty corpus says so")
    func emptyCorpus() throws {
        let result = try Self.run(["--corpus", "-"], input: Data())
        #expect(result.status == 1)
        #expect(result.error.contains("is empty"))
    }

    @Test("the table states the corpus, its size and the model, one row per layout")
    func table() throws {
        let result = try Self.run(["--corpus", Self.sample, "--model", "two-thumb"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines[0] == "Corpus: sample-hu.txt (running text; 210 B, 4 sentences, 176 characters)")
        #expect(lines[1].hasPrefix("Model: two-thumb (Fitts two thumbs, a 0.176 s, b 0.064 s/bit, floor 0.088 s"))
        #expect(lines[2].hasPrefix("layout "))
        #expect(lines[3...5].map { $0.split(separator: " ")[0] } == ["hu-touch", "hu-ios", "hu-extended"])
    }

    @Test("with no corpus, the embedded word list of the layouts' language")
    func embedded() throws {
        let result = try Self.run(["--layouts", "da-touch", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.output.contains("\"description\": \"embedded wordfreq da top 5000 words\""))
    }

    @Test("--svg writes a heatmap per layout and the bar chart")
    func svg() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cmp-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try Self.run(["--corpus", Self.sample, "--svg", directory])
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["comparison.svg", "hu-extended-heatmap.svg", "hu-ios-heatmap.svg", "hu-touch-heatmap.svg"])
    }

    @Test("--svg names each heatmap after its layout id made a plain file name, also for ids with : ( ) and /")
    func svgFileNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cmp-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let layoutFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Layouts/hu-ios.json").path
        let result = try Self.run([
            "--corpus", Self.sample, "--layouts", "cldr:fr,xkb:us(intl),\(layoutFile)", "--svg", directory,
        ])
        #expect(result.status == 0, "\(result.error)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["cldr-fr-heatmap.svg", "comparison.svg", "hu-ios-heatmap.svg", "xkb-us-intl-heatmap.svg"])
    }

    @Test("two layout ids that make the same file name get distinct ones")
    func distinctStems() {
        #expect(
            LayoutFileName.distinctStems(["cldr:fr", "cldr-fr", "kmx:/k/a.kmx", "cldr fr"]) == [
                "cldr-fr", "cldr-fr-2", "kmx-k-a.kmx", "cldr-fr-3",
            ])
    }

    @Test("--geometry says it leaves a hardware layout as it is")
    func geometryOnHardware() throws {
        let result = try Self.run(["--corpus", Self.sample, "--layouts", "hu-touch,xkb:hu", "--geometry", "tablet"])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "kbdsim compare: warning: --geometry tablet sizes touch layouts; xkb:hu is a hardware layout, "
                + "measured on its own keys\n")
        let touch = try Self.run(["--corpus", Self.sample, "--layouts", "hu-touch", "--geometry", "tablet"])
        #expect(touch.error.isEmpty)
    }
}
