import Foundation
import LayoutEngine
import TestSupport
import Testing

/// The page's engine is the native one: `engine.wasm`, run in Node through `web/src/engine.js`,
/// answers every call of a script exactly as `TypingSession` does here (every `Edit`, every
/// unknown-key message, every key name shown, every loader diagnostic).
@Suite("the same engine in WebAssembly", .serialized)
struct SameEngineTests {
    /// Replays `replay`'s script on the `.wasm` and expects the native answers.
    static func expectSame(_ replay: Replay, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        guard WebEngine.node != nil else {
            Issue.record(Comment(rawValue: WebEngine.nodeMissing), sourceLocation: sourceLocation)
            return
        }
        let answers = try await WebEngine.replay(replay.script)
        let problems = replay.mismatches(answers)
        #expect(
            problems.isEmpty, "\(problems.count) differ:\n\(problems.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }

    /// A few sentences of each language with all their accents, for a fresh clone.
    static let fixture: [String: [String]] = [
        "hu": [
            "Győr és Pécs között ülő öt tűzoltó", "Árvíztűrő tükörfúrógép, ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP!", "Ő a 12. helyen.",
        ],
        "cs": ["Příliš žluťoučký kůň úpěl ďábelské ódy.", "Dělníci šli do továrny v 6:30.", "ÚŽASNÉ: Ťuk-ťuk, ňadra."],
        "da": ["Højt over havet flyver måger og ænder.", "Blåbærgrød på Ærø, 3 kr.", "ØSTERBRO Å Æ"],
    ]

    static func language(of layout: Layout) -> String { String(layout.locale.prefix(2)) }

    @Test(
        "every shipped layout: fixture sentences typed key by key, and random calls",
        arguments: LayoutCatalog.builtInIDs())
    func fixtureAndRandom(_ id: String) async throws {
        var replay = Replay()
        replay.open(id)
        let layout = try #require(replay.session?.layout)
        replay.view()
        replay.type(Self.fixture[Self.language(of: layout)] ?? Self.fixture["hu"]!)
        for seed in 1...3 {
            replay.open(id)
            replay.randomCalls(1500, seed: UInt64(seed) * 7919 + UInt64(id.utf8.count))
        }
        #expect(replay.eventCount > 3000)
        try await Self.expectSame(replay)
    }

    @Test(
        "every shipped layout types its language's corpus as the native session does",
        .enabled(if: SharedCorpora.present, "\(SharedCorpora.absent(skipping: "the corpus replays"))"),
        arguments: LayoutCatalog.builtInIDs())
    func corpus(_ id: String) async throws {
        var replay = Replay()
        replay.open(id)
        let layout = try #require(replay.session?.layout)
        let lines = SharedCorpora.lines(Self.language(of: layout), characters: 25_000)
        try #require(!lines.isEmpty, "no \(Self.language(of: layout)).txt in ../shared/corpora")
        replay.type(lines)
        #expect(replay.eventCount > 10_000)
        try await Self.expectSame(replay)
    }

    @Test("unknown key names: near names suggested as natively, no keys that type the name (no planner in the .wasm)")
    func unknownNames() async throws {
        var replay = Replay()
        replay.open("hu-touch")
        for name in ["shfit", "ő", "Ő", "ű", "bksp", "x:y", "123", "ő", "shift*9", "a~q"] { replay.press(name) }
        replay.open("hu-ios")
        replay.press("ő")
        #expect(replay.typingSuggestions >= 3, "natively, ő suggests the keys that type it (o ˝, o:ő)")
        try await Self.expectSame(replay)
    }

    @Test("layouts: unknown ids, broken and good layout files, and the layout kept when one fails")
    func loading() async throws {
        var replay = Replay()
        replay.open("hu-tuoch")
        replay.open("cs-touch")
        replay.openJSON("{\"formatVersion\": 1, \"id\": \"x\"}", fileName: "x.json")
        replay.openJSON("{ not json", fileName: "broken.json")
        let huTouch = String(decoding: try #require(LayoutCatalog.builtInFile("hu-touch")), as: UTF8.self)
        replay.openJSON(huTouch.replacingOccurrences(of: "\"acute\"", with: "\"acutee\""), fileName: "hu-touch.json")
        replay.openJSON(huTouch, fileName: "other-name.json")
        replay.view()  // still cs-touch
        replay.openJSON(huTouch, fileName: "hu-touch.json")
        replay.view()
        replay.type(["ő"])
        try await Self.expectSame(replay)
    }
}
