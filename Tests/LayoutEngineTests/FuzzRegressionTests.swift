import Foundation
import FuzzChecks
import LayoutEngine
import TestSupport
import Testing

/// Inputs that fuzzing once found to fail, kept in `Fixtures/fuzz/` (named after their
/// target: `loader-*`, `session-*`, `ldml-session-*`, `planner-*`, `reader-*`, `decoder-*`,
/// `capi-*`, `typing-log-*`) and replayed through the same checks; the session inputs through
/// the plain checks too, which must agree.
struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz")

    static let inputs: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()

    @Test("every kept input passes its fuzz target's checks", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let problems: [String]
        if name.hasPrefix("loader-") {
            problems = FuzzChecks.layoutLoader(bytes)
        } else if name.hasPrefix("session-") {
            problems = FuzzChecks.typingSession(bytes)
            #expect(FuzzChecks.typingSession(bytes, wholeText: true) == problems, "\(name): the plain checks differ")
        } else if name.hasPrefix("ldml-session-") {
            problems = FuzzChecks.ldmlSession(bytes)
            #expect(FuzzChecks.ldmlSession(bytes, wholeText: true) == problems, "\(name): the plain checks differ")
        } else if name.hasPrefix("planner-") {
            problems = FuzzChecks.planner(bytes)
        } else if name.hasPrefix("reader-") {
            problems = FuzzChecks.corpusReader(bytes)
        } else if name.hasPrefix("decoder-") {
            problems = FuzzChecks.inputDecoder(bytes)
        } else if name.hasPrefix("capi-") {
            problems = FuzzChecks.cInterface(bytes)
        } else if name.hasPrefix("typing-log-") {
            problems = FuzzChecks.typingLog(bytes)
        } else {
            let targets = "loader-, session-, ldml-session-, planner-, reader-, decoder-, capi-, typing-log-"
            Issue.record("\(name): name it after its target (\(targets))")
            return
        }
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))")
    }

    @Test("the shipped layouts and the invalid fixtures pass the loader's checks")
    func seeds() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/invalid")
        let paths =
            Shipped.ids.map(Shipped.sourcePath)
            + ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).map {
                fixtures.appendingPathComponent($0).path
            }
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(FuzzChecks.layoutLoader(bytes).isEmpty, "\(path)")
        }
    }

    /// Corpora at the reader's edges, each read in chunks of 16, 17, 23, 66 and 271 bytes
    /// (the check's first byte) on every layout and model in turn (its second).
    static let corpora: [(String, [UInt8])] = [
        ("empty", []),
        ("line breaks only", Array("\n\n\n".utf8)),
        ("short, no final line break", Array("abc".utf8)),
        ("no final line break after a line", Array("0123456789\nabcdefghi".utf8)),
        ("CR LF", Array("Árvíztűrő tükörfúrógép\r\nsecond line\r\n\r\nthird".utf8)),
        ("Hungarian", Array(String(repeating: "Őszi éjjel izzik a galagonya ruhája.\nŰ\n", count: 8).utf8)),
        ("a long line with spaces", Array(String(repeating: "árvíztűrő ", count: 60).utf8)),
        ("a long line without spaces", Array(String(repeating: "ő", count: 300).utf8)),
        ("CRs in a long line", Array(String(repeating: "a\r", count: 200).utf8)),
        ("invalid bytes", [0x61, 0xFF, 0x62, 0x0A, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x0A, 0xF4, 0x90, 0x80, 0x80, 0xC3]),
        ("more invalid sequences than are kept", Array(repeating: [0x61, 0xFE], count: 40).flatMap { $0 }),
        ("a long run of invalid bytes", Array(repeating: 0xFF, count: 700) + Array("ok\n".utf8)),
        ("continuation bytes only", Array(repeating: 0x80, count: 400)),
        ("a sequence cut by every chunk size", Array(repeating: Array("ab\u{1F642}".utf8), count: 90).flatMap { $0 }),
        ("NUL bytes", Array("a\u{0}b\n\u{0}\u{0}c".utf8)),
        ("flags", Array(String(repeating: "🇭🇺🇨🇿🇩🇰", count: 30).utf8)),
        ("an odd run of regional indicators", Array(("x" + String(repeating: "\u{1F1ED}", count: 99)).utf8)),
        ("emoji ZWJ sequences", Array(String(repeating: "👩‍👩‍👧", count: 40).utf8)),
        ("one grapheme longer than a chunk", Array(("e" + String(repeating: "\u{301}", count: 400) + " é").utf8)),
        ("a prepend mark before invalid bytes", Array(repeating: [0xD8, 0x80, 0xFF, 0x61], count: 100).flatMap { $0 }),
        ("Hangul jamo", Array(String(repeating: "\u{1100}\u{1161}\u{11A8}", count: 80).utf8)),
    ]

    @Test("the corpus reader's check passes on handmade corpora", arguments: corpora.map(\.0))
    func readerCorpora(_ name: String) throws {
        let corpus = try #require(Self.corpora.first { $0.0 == name }).1
        for (index, sizeByte) in [UInt8(0), 1, 7, 50, 255].enumerated() {
            let problems = FuzzChecks.corpusReader([sizeByte, UInt8(index * 4 + name.count % 3)] + corpus)
            #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))")
        }
    }

    /// Terminal input at the decoder's edges, each after a byte that picks how it is cut into reads.
    static let terminalInputs: [(String, [UInt8])] = [
        ("keys and arrows", Array("Győr\u{7F}\u{1B}[D\u{1B}OA\r\u{1B}[3~\u{1B}[Z\u{3}".utf8)),
        ("mouse reports", Array("\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;11;5m\u{1B}[<64;1;1M\u{1B}[<0;0;0M".utf8)),
        ("a bracketed paste", Array("\u{1B}[200~első\r\nmásodik\u{1B}[201~ő\u{1B}\u{1B}[A".utf8)),
        (
            "broken UTF-8 before escapes",
            [0x61, 0xC3, 0x1B, 0x5B, 0x42, 0x62, 0xE2, 0x82, 0x1B, 0x78, 0xFF, 0xF0, 0x9F, 0x0D]
        ),
        ("a sequence too long to parse", Array(("\u{1B}[" + String(repeating: "1", count: 100) + "Mz").utf8)),
        ("a paste that never ends", Array("\u{1B}[200~abc\u{1B}[201".utf8)),
        ("C1 controls and a lone ESC", Array("x\u{85}\u{9B}y\u{1B}".utf8)),
    ]

    @Test("the input decoder's check passes on handmade terminal input", arguments: terminalInputs.map(\.0))
    func decoderInputs(_ name: String) throws {
        let bytes = try #require(Self.terminalInputs.first { $0.0 == name }).1
        for seed: UInt8 in [0, 1, 9, 200] {
            let problems = FuzzChecks.inputDecoder([seed] + bytes)
            #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))")
        }
    }
}
