import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import PeerLayouts

/// m17n's latn-post through libm17n: postfix rules on its preedit, shown as text.
@Suite(.enabled(if: latnPostPresent, "needs m17n-db (latn-post.mim)"))
struct M17NPeerTests {
    static let table: [(presses: String, text: String)] = [
        ("AD09 AC11@shift", "ö"),  // o "
        ("AD09 AC10@shift", "ő"),  // o :
        ("AD07 AC10@shift", "ű"),
        ("AC01 AC11", "á"),  // a '
        ("AB03 AE01@shift", "c!"),
        ("AB03 TLDE@shift", "č"),  // c ~
        ("AC01 AB10", "å"),  // a /
        ("AD09 AC11@shift AC11@shift", "o\""),  // repeating the postfix reverts
        ("AC01 AB08 AB08", "a,"),
        ("AD09 AC11@shift AD09", "öo"),
        ("AD09 AC11@shift BKSP", ""),  // no rule for backspace: ö is committed, then deleted whole
        ("AD09 SPCE AC11@shift", "o \""),
        ("AC01 BKSP BKSP", ""),
    ]

    @Test("latn-post: postfix keys on the letter before the caret", arguments: table)
    func keySequences(presses: String, text: String) throws {
        let layout = try #require(Peers.latnPost)
        #expect(typePresses(layout, presses) == text)
    }

    @Test("the model: ' \" : ~ / are accent keys whose symbol is the key's own character")
    func model() throws {
        let layout = try #require(Peers.latnPost)
        let accents = Dictionary(layout.accents.map { ($0.symbol, $0.name) }, uniquingKeysWith: { a, _ in a })
        #expect(accents["'"] == .acute)
        #expect(accents["\""] == .diaeresis)
        #expect(accents[":"] == .doubleAcute)
        #expect(accents[","] == nil && accents["."] == nil)
        #expect(layout.keys.contains { $0.action == .text(",") })
    }

    @Test("on hardware a shifted accent key lets go of Shift: o ⇧ : r is 4 keys, and replays")
    func shiftedAccent() throws {
        let layout = try #require(Peers.latnPost)
        let plan = KeystrokePlanner(layout: layout).plan("őr")
        #expect(plan.keystrokes == 4)
        let replayed = replay(plan.events, on: layout)
        #expect(replayed == "őr")
    }

    @Test("latn-post never touches committed text")
    func committedText() throws {
        let layout = try #require(Peers.latnPost)
        #expect(typePresses(layout, "AC11", context: "a") == "a'")
        #expect(typePresses(layout, "BKSP", context: "á") == "")
    }

    @Test("an unknown input method lists the installed ones")
    func unknown() {
        do {
            _ = try PeerLayouts.load("m17n:latn-pots")
            Issue.record("loaded")
        } catch {
            #expect(error.description.hasPrefix("m17n has no input method latn-pots"))
            #expect(error.description.contains("latn-post"))
        }
        #expect(throws: PeerError.invalidID("m17n:../x")) { try PeerLayouts.load("m17n:../x") }
    }

    @Test("a copied session keeps the preedit in both")
    func copies() throws {
        let layout = try #require(Peers.latnPost)
        var first = TypingSession(layout: layout)
        _ = first.handle(.tap(try #require(key(layout, "AD09"))))
        var second = first
        #expect(first.handle(.tap(try #require(key(layout, "AC11", "shift")))).insert == "ö")
        #expect(second.handle(.tap(try #require(key(layout, "AC10", "shift")))).insert == "ő")
        #expect(first.text == "ö" && second.text == "ő")
    }

    /// Input methods that crashed kbdsim while their keys were probed (libm17n's reset wrote
    /// into freed memory once `/` had been typed), and a word each types.
    static let probed: [(id: String, text: String)] = [
        ("m17n:da-post", "Hej"), ("m17n:el-kbd", "αβγ"), ("m17n:ru-phonetic", "да"), ("m17n:hi-itrans", "अ"),
        ("m17n:vi-telex", "Vit"), ("m17n:ko-han2", "ㅎ"), ("m17n:latn1-pre", "naif"), ("m17n:rfc1345", "abc"),
    ]

    @Test("input methods whose probing crashed load, and type a word through libm17n", arguments: probed)
    func probedLoad(_ id: String, _ text: String) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/m17n/\(id.dropFirst(5)).mim") else { return }
        let layout = try PeerLayouts.load(id)
        let plan = KeystrokePlanner(layout: layout).plan(text)
        #expect(plan.untypeable.isEmpty, "\(id): \(plan.untypeable)")
        let replayed = replay(plan.events, on: layout)
        #expect(replayed == text, "\(id): \(plan.description)")
    }

    @Test("a file other input methods include is named as such, and is not counted as installed")
    func included() {
        #expect(throws: PeerError.self) { try PeerLayouts.load("m17n:global") }
        do {
            _ = try PeerLayouts.load("m17n:global")
        } catch {
            #expect(error.description.contains("global.mim is a part other input methods include"))
        }
        #expect(!PeerLayouts.availableIDs().contains("m17n:global"))
        #expect(PeerLayouts.availableIDs().contains("m17n:latn-post"))
    }
}
