import Foundation
import KeyboardSimulator
import LayoutEngine
import LayoutSources
import Testing

/// What `kbdsim --text T --trace` prints replays, on every kind of layout the resolver takes:
/// the key names of the trace, pressed again as `--keys` presses them, type the text `--text`
/// typed, and that is the sentence without what the layout cannot type. Over sentences written
/// here (so the test runs in a fresh clone) and, when `../shared/corpora` is there, a few dozen
/// real sentences per layout, evenly spaced through the corpus of the layout's language.
///
/// The library does what the CLI does (`KeyScript`, as `SimulatorBatch` uses it, resolved by
/// `LayoutResolver`); the exported `.xml` goes through the binary, the CLI's own route. Each
/// layout is planned once (a planner's tables take a second or two to build in a debug build
/// on a hardware layout), so the sentences are typed as one text, a sentence a line.
struct TraceReplayCorpusTests {
    static let shared = KbdsimBinary.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let corporaPresent = FileManager.default.fileExists(
        atPath: shared.appendingPathComponent("corpora/hu.txt").path)
    static let xkbPresent = FileManager.default.fileExists(atPath: "/usr/share/X11/xkb/rules/evdev")
    static let m17nPresent = FileManager.default.fileExists(atPath: "/usr/share/m17n/latn-post.mim")
    static let kmxFolder = shared.appendingPathComponent("keyman/kmx")
    static let kmxPresent = FileManager.default.fileExists(
        atPath: kmxFolder.appendingPathComponent("sil_ipa.kmx").path)
    static let cldrFolder = shared.appendingPathComponent("ldml/cldr-46/3.0")
    static let cldrPresent = FileManager.default.fileExists(atPath: cldrFolder.appendingPathComponent("fr.xml").path)

    /// Sentences written for this test, per language: letters with every accent of the
    /// language, capitals, digits and punctuation right after letters.
    static let fixture: [String: [String]] = [
        "hu": [
            "Győr, Pécs és Szeged: három város, egy ország.", "ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP, árvíztűrő tükörfúrógép!",
            "A kávéház 1896-ban nyílt; a vendégek (főleg írók) ott ültek.", "Ő is jön? Igen, ő, Ödön és Űrsula.",
        ],
        "cs": [
            "Příliš žluťoučký kůň úpěl ďábelské ódy.", "Ať už je to ČR, nebo SR, dům stojí 1 250 Kč.",
            "Řekl: „Ne.“ A šel domů, ještě než začalo pršet.",
        ],
        "da": [
            "Blåbærgrød med fløde, tak! ÆØÅ og æøå.", "Hun gik til Østerbro kl. 14.30; han blev hjemme.",
            "Det koster 25 kr., sagde købmanden på Ærø.",
        ],
    ]

    /// The lines of at most 160 characters of each shared corpus that is there, read once.
    static let corpusLines: [String: [Substring]] = {
        var result: [String: [Substring]] = [:]
        for language in ["hu", "cs", "da"] {
            let path = shared.appendingPathComponent("corpora/\(language).txt").path
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            result[language] = text.split(separator: "\n").filter { $0.utf8.count <= 320 && $0.count <= 160 }
        }
        return result
    }()

    /// The fixture's sentences in `language`, then `count` sentences of the shared corpus
    /// (at most 160 characters each, evenly spaced), when it is there.
    static func sentences(_ language: String, count: Int = 30) -> [String] {
        var result = fixture[language] ?? []
        guard let lines = corpusLines[language] else { return result }
        let step = max(1, lines.count / count)
        result += stride(from: step / 2, to: lines.count, by: step).prefix(count).map { String(lines[$0]) }
        return result
    }

    /// Types the sentences, one a line, as `--text` does, then presses the trace's names as
    /// `--keys` does: the two texts are the same, and each line is its sentence without what
    /// the layout cannot type. `tolerated`: a sentence the peer may type otherwise than planned
    /// (beyond the probe's bound); its replay must still match what `--text` typed.
    static func check(
        _ layout: Layout, _ sentences: [String], tolerated: (String) -> Bool = { _ in false },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = sentences.joined(separator: "\n")
        var script = KeyScript(layout: layout)
        let (trace, untypeable) = script.type(text: text)
        let names = trace.map { String($0.prefix { $0 != " " }) }
        #expect(!names.contains(""), "\(layout.id): a trace line without a name", sourceLocation: sourceLocation)
        let expected = UntypeableGrapheme.text(text, without: untypeable) ?? ""
        let typedLines = script.text.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        if typedLines.count == sentences.count, expectedLines.count == sentences.count {
            for (index, sentence) in sentences.enumerated()
            where typedLines[index] != expectedLines[index] && !tolerated(sentence) {
                let typed = String(typedLines[index]).debugDescription
                Issue.record(
                    "\(layout.id): --text typed \(typed) for \(sentence.debugDescription)",
                    sourceLocation: sourceLocation)
            }
        } else if !sentences.contains(where: tolerated) {
            #expect(script.text == expected, "\(layout.id)", sourceLocation: sourceLocation)
        }
        var replay = KeyScript(layout: layout)
        do {
            for name in names { _ = try replay.press(name) }
        } catch {
            Issue.record("\(layout.id): \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(
            replay.text == script.text, "\(layout.id): the trace does not replay", sourceLocation: sourceLocation)
    }

    @Test(
        "shipped layouts",
        arguments: [
            ("hu-touch", "hu"), ("hu-ios", "hu"), ("hu-extended", "hu"), ("cs-touch", "cs"), ("da-touch", "da"),
        ])
    func shipped(_ id: String, _ language: String) throws {
        Self.check(try LayoutResolver.resolve(id), Self.sentences(language))
    }

    @Test(
        "xkb: hardware layouts", .enabled(if: xkbPresent, "needs the XKB data (xkb-data)"),
        arguments: [("xkb:hu", "hu"), ("xkb:cz", "cs")])
    func xkb(_ id: String, _ language: String) throws {
        Self.check(try LayoutResolver.resolve(id), Self.sentences(language))
    }

    @Test(
        "cldr: shipped CLDR keyboards, touch and hardware forms",
        arguments: ["cldr:fr-t-k0-test", "cldr:fr-t-k0-test(hardware)", "cldr:mt", "cldr:pt-t-k0-abnt2"])
    func cldr(_ id: String) throws {
        Self.check(try LayoutResolver.resolve(id), Self.sentences("da", count: 8) + Self.sentences("hu", count: 8))
    }

    @Test(
        "CLDR 46 keyboard files from ../shared/ldml, touch and hardware forms",
        .enabled(if: cldrPresent, "needs ../shared/ldml/cldr-46"), arguments: ["fr.xml", "fr.xml(hardware)"])
    func cldrFiles(_ name: String) throws {
        let layout = try LayoutResolver.resolve(Self.cldrFolder.path + "/" + name)
        Self.check(layout, Self.sentences("da", count: 8) + Self.sentences("cs", count: 8))
    }

    /// `kbdsim export --format ldml ID -o FILE.xml`, resolved as a user gives it.
    static func exported(_ id: String) throws -> (path: String, layout: Layout) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(getpid())-\(id).xml").path
        let run = try KbdsimBinary.run(["export", "--format", "ldml", id, "-o", path])
        #expect(run.status == 0, "\(run.error)")
        return (path, try LayoutResolver.resolve(path))
    }

    @Test("an exported .xml, through the binary: kbdsim export, then --text --trace fed to --keys")
    func exportedXML() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(getpid())-hu-touch.xml")
            .path
        let export = try KbdsimBinary.run(["export", "--format", "ldml", "hu-touch", "-o", path])
        #expect(export.status == 0, "\(export.error)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = Self.sentences("hu").joined(separator: " ")
        let traced = try KbdsimBinary.run(["--layout", path, "--text", text, "--trace"])
        #expect(traced.status == 0 && traced.error.isEmpty, "\(traced.error)")
        var lines = traced.output.split(separator: "\n").map(String.init)
        let typed = lines.popLast()
        #expect(typed == text)
        let names = lines.map { String($0.prefix { $0 != " " }) }
        #expect(names.contains("˝") && !names.contains("\u{30B}"), "accent keys are named by their spacing accents")
        let replayed = try KbdsimBinary.run(["--layout", path, "--keys", names.joined(separator: " ")])
        #expect(replayed.status == 0, "\(replayed.error)")
        #expect(replayed.output == text + "\n")
    }

    @Test("m17n: latn-post, typed by libm17n", .enabled(if: m17nPresent, "needs m17n-db"))
    func m17n() throws {
        // `a e` (and `o e`, `i j`) wait in latn-post's preedit for its three-key `ae/` → æ, so
        // an accent key after them is no accent: beyond the probe's bound (see PeerProbe).
        let threeKeyStarts = ["ae", "oe", "ij", "AE", "OE", "IJ", "Ae", "Oe", "Ij"]
        Self.check(
            try LayoutResolver.resolve("m17n:latn-post"), Self.sentences("hu") + Self.sentences("cs", count: 10),
            tolerated: { sentence in threeKeyStarts.contains { sentence.contains($0) } })
    }

    @Test(
        "kmx: Keyman keyboards, typed by Keyman Core", .enabled(if: kmxPresent, "needs ../shared/keyman/kmx"),
        arguments: [("sil_ipa", "hu"), ("sil_euro_latin", "da")])
    func kmx(_ name: String, _ language: String) throws {
        // basic_kbdhu's plans are replayed on the corpus by PeerLayoutsTests' differential test.
        // Debian's Keyman Core logs every key to syslog; without a daemon that is most of its time.
        _ = setlogmask((1 << (LOG_WARNING + 1)) - 1)
        let layout = try LayoutResolver.resolve("kmx:" + Self.kmxFolder.appendingPathComponent(name + ".kmx").path)
        // sil_euro_latin's `n \ o` is № (a rule on two characters before the key, beyond the
        // probe's bound), so `nø`, planned as `n` then `\ o`, types №.
        let beyondBound = name == "sil_euro_latin" ? ["nø", "Nø", "NØ"] : []
        Self.check(
            layout, Self.sentences(language, count: 10),
            tolerated: { sentence in beyondBound.contains { sentence.contains($0) } })
    }

    @Test(
        "the real sentences of ../shared/corpora are part of every case above",
        .enabled(if: corporaPresent, "needs ../shared/corpora: without it only the sentences written here run"))
    func corporaUsed() {
        #expect(Self.sentences("hu").count > Self.fixture["hu"]!.count + 20)
    }
}
