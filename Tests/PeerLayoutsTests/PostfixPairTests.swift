import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import PeerLayouts

/// latn-post's rules on keys that stay text keys (`r` `,` → ŗ, `e` `-` → ē, `l` `.` → ŀ):
/// the pair types the character, and where the text has the letter and the key's text side
/// by side the plan types the method's escape (the key again), found by the probe.
@Suite(.enabled(if: latnPostPresent, "needs m17n-db's latn-post.mim"))
struct LatnPostEscapeTests {
    @Test("the model carries the comma's rules and their escapes as text compositions")
    func model() throws {
        let layout = try #require(Peers.latnPost)
        #expect(layout.textCompositions["r"]?[","] == "ŗ")
        #expect(layout.textCompositions["ŗ"]?[","] == "r,")
        #expect(layout.textCompositions["e"]?["-"] == "ē")
        #expect(layout.textCompositions["ē"]?["-"] == "e-")
    }

    @Test(
        "a text with letters before , . - types through libm17n as planned",
        arguments: ["Pár, egy r, és ŗ.", "e-mail, tel. 12", "Bal, jobb. Ő, ű; al-", "ŗ ē ŀ ą ę ģ"])
    func replays(_ text: String) throws {
        let layout = try #require(Peers.latnPost)
        let plan = KeystrokePlanner(layout: layout).plan(text)
        #expect(plan.untypeable.isEmpty, "\(plan.untypeable)")
        #expect(replay(plan.events, on: layout) == text, "\(plan)")
    }

    @Test(
        "an accent key's own character after a character it has a rule for is the key twice (ß and ø are s / and o /)",
        arguments: [
            "Ho: u: e'", "l'eau, o\"k\"", "KÖVETKEZŐK: Ö: A: O:", "s/ ß ø o/ ð þ km/h",
            "http://x.hu ¡Hola! ¿Qué? «a» <<b>>",
        ])
    func accentEscape(_ text: String) throws {
        let layout = try #require(Peers.latnPost)
        let plan = KeystrokePlanner(layout: layout).plan(text)
        #expect(plan.untypeable.isEmpty, "\(plan.untypeable)")
        #expect(replay(plan.events, on: layout) == text, "\(plan)")
    }

    @Test("r then a comma is r , , (the trigger typed twice)")
    func escapePlan() throws {
        let layout = try #require(Peers.latnPost)
        #expect(KeystrokePlanner(layout: layout).plan("r,").keyNames == ["r", ",", ","])
    }
}

/// SIL IPA's rules on keys that stay text keys (`<` `>` `^` on the Shift level add no
/// combining mark): `a` then Shift + comma types æ, and every letter the `<` and `>` rules
/// make from a letter key's letter (the probe's bound: `ꜛ >` → ↗ is beyond it) is typed with
/// its pair.
@Suite(.enabled(if: PackagePaths.sharedKeymanPresent, "needs ../shared/keyman/kmx/sil_ipa.kmx and .kmn"))
struct SILIPAPairTests {
    @Test("æ is a ⇧ <, and replays")
    func ash() throws {
        let layout = try #require(Peers.silIPA)
        let plan = KeystrokePlanner(layout: layout).plan("æ")
        #expect(plan.untypeable.isEmpty)
        #expect(plan.keyNames == ["a", "⇧", "<"])
        #expect(replay(plan.events, on: layout) == "æ")
    }

    @Test("every letter's < and > rule is planned as its pair and types its result", arguments: [">", "<"])
    func everyRule(key: String) throws {
        let layout = try #require(Peers.silIPA)
        let planner = KeystrokePlanner(layout: layout)
        let source = try String(
            contentsOf: PackagePaths.shared.appendingPathComponent("keyman/kmx/sil_ipa.kmn"), encoding: .utf8)
        let name = [">": "great", "<": "less"][key]!
        let pairs = zip(SILIPATests.store(name + "D", in: source), SILIPATests.store(name + "U", in: source))
            .filter { $0.0.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic } && $0.1.count == 1 }
        #expect(pairs.count > 15)
        for (_, result) in pairs {
            let plan = planner.plan(result)
            #expect(plan.untypeable.isEmpty, "\(result)")
            #expect(replay(plan.events, on: layout) == result, "\(result): \(plan)")
        }
    }
}
