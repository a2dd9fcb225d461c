import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import PeerLayouts

/// basic_kbdhu through Keyman Core: the Windows Hungarian layout, direct letters and
/// AltGr dead keys, typed by the peer behind the session.
@Suite(.enabled(if: PackagePaths.sharedKeymanPresent, "needs ../shared/keyman/kmx (Keyman keyboards)"))
struct KeymanPeerTests {
    static let table: [(presses: String, text: String)] = [
        ("AE10 AE11 AE12", "öüó"),
        ("AD11 AD12 AC10 AC11 BKSL LSGT", "őúéáűí"),
        ("AD11@shift BKSL@shift AC11@shift", "ŐŰÁ"),
        ("AD06 AB01", "zy"),  // QWERTZ
        ("AE09@altgr AD03", "é"),  // dead acute + e
        ("AE10@altgr AD09", "ő"),  // dead double acute + o
        ("AE10@altgr AD09@shift", "Ő"),
        ("AE11@altgr AC01", "ä"),  // dead diaeresis + a
        ("AE02@altgr AB03", "č"),  // dead caron + c
        ("AE05@altgr AD07", "ů"),  // dead ring + u
        ("AE09@altgr SPCE", "´"),  // dead acute + space: the accent itself
        ("AC11 AC11 BKSP", "á"),
        ("AD11 BKSP BKSP", ""),
        ("AC01 RTRN AC02", "a\ns"),
    ]

    @Test("basic_kbdhu types Hungarian letters and AltGr dead keys", arguments: table)
    func keySequences(presses: String, text: String) throws {
        let layout = try #require(Peers.basicHU)
        #expect(typePresses(layout, presses) == text)
    }

    @Test("the model the planner reads: direct letters are text keys, dead keys compose")
    func model() throws {
        let layout = try #require(Peers.basicHU)
        #expect(layout.platform == .hardware)
        #expect(layout.locale == "hu")
        let texts = Set(
            layout.keys.compactMap { key -> String? in if case .text(let t) = key.action { t } else { nil } })
        for letter in "aábcdeéfghiíjklmnoóöőpqrstuúüűvwxyz" { #expect(texts.contains(String(letter))) }
        let doubleAcute = try #require(layout.deadKeys.first { $0.compositions[" "] == "˝" })
        #expect(doubleAcute.compositions["o"] == "ő" && doubleAcute.compositions["U"] == "Ű")
    }

    @Test("the session's context and the host's text stay the same through the peer's edits")
    func contextFollowsEdits() throws {
        let layout = try #require(Peers.basicHU)
        var session = TypingSession(layout: layout)
        var buffer = TextBuffer()
        for press in "AC11 AE10@altgr AD09 AD11 BKSP AE09@altgr AD03 SPCE AC10 BKSP BKSP".split(separator: " ") {
            let parts = press.split(separator: "@")
            let id = try #require(key(layout, String(parts[0]), parts.count > 1 ? String(parts[1]) : "base"))
            buffer.apply(session.handle(.tap(id)))
            #expect(session.text == buffer.text)
            #expect(session.invariantViolations().isEmpty)
        }
        #expect(buffer.text == "áőé")
    }

    @Test("a copied session types on its own: the dead key waits in both")
    func copiesAreIndependent() throws {
        let layout = try #require(Peers.basicHU)
        var first = TypingSession(layout: layout)
        _ = first.handle(.tap(try #require(key(layout, "AE09", "altgr"))))  // dead acute waits
        var second = first
        let e = try #require(key(layout, "AD03"))
        let o = try #require(key(layout, "AD09"))
        #expect(first.handle(.tap(e)).insert == "é")
        #expect(second.handle(.tap(o)).insert == "ó")
        #expect(first.handle(.tap(o)).insert == "o")
    }

    @Test("text the host already holds is the peer's context")
    func hostContext() throws {
        let layout = try #require(Peers.basicHU)
        #expect(typePresses(layout, "BKSP", context: "ab") == "a")
        #expect(typePresses(layout, "BKSP", context: "ő") == "")
    }

    @Test("bad kmx ids say what was looked for")
    func badInput() throws {
        #expect(throws: PeerError.missingFile(path: "/nonexistent.kmx")) {
            try PeerLayouts.load("kmx:/nonexistent.kmx")
        }
        #expect(throws: PeerError.invalidID("kmx:")) { try PeerLayouts.load("kmx:") }
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("peer-garbage-\(getpid()).kmx")
        try Data("not a keyboard".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        do {
            _ = try PeerLayouts.load("kmx:" + garbage.path)
            Issue.record("a text file loaded as a keyboard")
        } catch {
            #expect(error.description.hasPrefix("Keyman Core cannot load \(garbage.path)"))
        }
    }
}
