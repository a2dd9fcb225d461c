import IBusEngine
import LDMLKeyboards
import LayoutEngine
import TestSupport
import Testing

/// The engine's behaviour on a plain field, without a daemon: physical keys, postfix accents on
/// the field's own text (NFC or NFD), its own record without surrounding text, keys it leaves
/// to the application, long-press.
struct IBusInputHostTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var layout = "hu-touch"
        var before = ""
        var reportsText = true
        let keys: [String]
        let after: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "hu-touch: G y o ' [ r → Győr", keys: ["G", "y", "o", "'", "[", "r"], after: "Győr"),
        Case(name: "hu-touch: a ; ⌫ → a", keys: ["a", ";", "BackSpace"], after: "a"),
        Case(name: "pasted á, ⌫ → a", before: "xá", keys: ["BackSpace"], after: "xa"),
        Case(name: "pasted a + U+0301 (NFD), ⌫ → a", before: "xa\u{301}", keys: ["BackSpace"], after: "xa"),
        Case(name: "NFD ö then ˝ → ő (both scalars go)", before: "o\u{308}", keys: ["["], after: "ő"),
        Case(name: "NFD a + U+0301 + U+0323: ⌫ keeps ạ", before: "a\u{323}\u{301}", keys: ["BackSpace"], after: "ạ"),
        Case(name: "cs-touch: r ˇ → ř", layout: "cs-touch", keys: ["r", "ˇ"], after: "ř"),
        Case(name: "cs-touch: u ˇ → ů (layout override)", layout: "cs-touch", keys: ["u", "ˇ"], after: "ů"),
        Case(name: "literal ´ presses the ´ key", keys: ["e", "´"], after: "é"),
        Case(
            name: "no surrounding text: Győr from its own record", reportsText: false,
            keys: ["G", "y", "o", "'", "[", "r"], after: "Győr"),
        Case(
            name: "no surrounding text: e ; ⌫ → e", reportsText: false, keys: ["e", ";", "BackSpace"], after: "e"),
        Case(
            name: "no surrounding text: pasted á is not touched", before: "á", reportsText: false, keys: [";"],
            after: "á´"),
        Case(name: "space after an accent letter", keys: ["a", ";", " ", "b"], after: "á b"),
        Case(
            name: "hu-extended: its accent letters type as themselves", layout: "hu-extended", keys: ["ő"], after: "ő"),
        Case(name: "hu-ios: ő is planned (long-press) as one key", layout: "hu-ios", keys: ["ő"], after: "ő"),
        Case(
            name: "digits and punctuation are planned (123), letters come back", keys: ["a", "1", "?", "b"],
            after: "a1?b"),
        Case(name: "capitals take their accents: A ; → Á", keys: ["A", ";", "B"], after: "ÁB"),
    ]

    @Test(arguments: cases)
    func types(_ testCase: Case) throws {
        var host = IBusInputHost(layout: Shipped.layout(testCase.layout))
        var client = FieldClient(testCase.before, reportsText: testCase.reportsText)
        Keys.type(testCase.keys, host: &host, client: &client)
        #expect(client.text == testCase.after, "requests: \(client.requests)")
    }

    /// A CLDR keyboard types through its transforms (`^` then `a` is `â`), and its own
    /// backspace applies: one code point of `â` leaves `a` (it had gone to the application,
    /// which deleted `â` while the engine's record kept `a`).
    @Test func aCLDRKeyboardTypesAndDeletesAsItSays() throws {
        let layout = try LDMLLoader.shipped("fr-t-k0-test").typingLayout(id: "cldr:fr-t-k0-test")
        for reportsText in [true, false] {
            var host = IBusInputHost(layout: layout)
            var client = FieldClient("", reportsText: reportsText)
            Keys.type(["f", "^", "a"], host: &host, client: &client)
            #expect(client.text == "fâ", "requests: \(client.requests)")
            #expect(Keys.type(["BackSpace"], host: &host, client: &client) == [true])
            #expect(client.text == "fa", "requests: \(client.requests)")
        }
    }

    @Test func capsLockSendsCapitalsThatAreTypedAsCapitals() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient()
        for (keyval, keycode): (UInt32, UInt32) in [(0x47, 34), (0x59, 21), (0x4F, 24)] {  // G Y O, caps lock on
            let press = IBusKey(keyval: keyval, keycode: keycode, state: IBusKey.Mask.lock)
            #expect(host.process(press, client: &client))
            _ = host.process(
                IBusKey(keyval: keyval, keycode: keycode, state: press.state | IBusKey.Mask.release), client: &client)
        }
        Keys.type(["'", "[", "r"], host: &host, client: &client)
        #expect(client.text == "GYŐr")
    }

    @Test func aReportOlderThanTheLastCommitIsNotBelieved() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient()
        Keys.type(["G", "y", "o"], host: &host, client: &client)
        // The application reports its text from before the last commit, then the accent comes.
        let stale = FieldClient("Gy")
        var lagging = StaleClient(field: client, report: stale.text)
        #expect(host.process(Keys.event("'"), client: &lagging))
        #expect(lagging.field.text == "Gyö")
    }

    @Test func keysTheEngineDoesNotUseReachTheApplication() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient("ab")
        let control = IBusKey(keyval: 0x63, keycode: 46, state: IBusKey.Mask.control)
        let alt = IBusKey(keyval: 0x66, keycode: 33, state: IBusKey.Mask.alt)
        let keys =
            [control, alt] + [0xFF51, 0xFF53, 0xFFC2, 0xFF0D, 0xFF09, 0xFF1B, 0xFFE1].map { IBusKey(keyval: $0) }
        for key in keys { #expect(!host.process(key, client: &client), "keyval \(key.keyval)") }
        #expect(!Keys.type(["BackSpace"], host: &host, client: &client)[0], "a plain backspace is the application's")
        #expect(client.requests.isEmpty)
    }

    @Test func unknownKeyvalsChangeNothing() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient("a")
        for keyval: UInt32 in [0, 0xFFFFFF, 0x1234_5678, 0x10F_FFFF, 0x0100_D800, 0xFFFF_FFFF] {
            #expect(!host.process(IBusKey(keyval: keyval), client: &client))
        }
        Keys.type([";"], host: &host, client: &client)
        #expect(client.text == "á")
    }

    @Test func aMegabyteBeforeTheCaret() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        let text = String(repeating: "árvíztűrő tükörfúrógép ", count: 45_000) + "o\u{308}"
        var client = FieldClient(text)
        Keys.type(["[", "BackSpace"], host: &host, client: &client)
        let scalars = client.text.unicodeScalars.count
        let end = String(client.text.suffix(5))
        #expect(scalars == text.unicodeScalars.count - 1 && end == "gép o", "ends \(end), \(scalars) scalars")
    }

    @Test func ownRecordIsForgottenWhenTheCaretMayMove() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient(reportsText: false)
        Keys.type(["a", "Left", ";"], host: &host, client: &client)
        #expect(client.text == "a´", "after an arrow key the record is gone")
        client = FieldClient(reportsText: false)
        Keys.type(["e"], host: &host, client: &client)
        host.reset(client: &client)
        Keys.type([";"], host: &host, client: &client)
        #expect(client.text == "e´", "after a reset the record is gone")
    }

    @Test func holdingOShowsItsAlternatesAndAPickReplacesTheO() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient("x")
        let o = Keys.event("o")
        #expect(host.process(o, client: &client))
        #expect(host.process(o, client: &client), "the auto-repeat opens the list")
        #expect(client.shownChoices?.prefix(3) == ["ó", "ö", "ő"])
        #expect(host.shownAlternates == client.shownChoices)
        Keys.type(["3"], host: &host, client: &client)
        #expect(client.text == "xő")
        #expect(client.shownChoices == nil)
        Keys.type(["BackSpace"], host: &host, client: &client)
        #expect(client.text == "xo", "backspace takes the alternate's accent off")
    }

    @Test func arrowsAndSpacePickFromTheList() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient(reportsText: false)
        let e = Keys.event("e")
        _ = host.process(e, client: &client)
        _ = host.process(e, client: &client)
        let first = try #require(client.shownChoices?.first)
        _ = host.process(IBusKey(keyval: IBusKey.Keysym.right), client: &client)
        _ = host.process(IBusKey(keyval: IBusKey.Keysym.left), client: &client)
        _ = host.process(IBusKey(keyval: IBusKey.Keysym.space), client: &client)
        #expect(client.text == first)
        _ = host.process(e, client: &client)
        _ = host.process(e, client: &client)
        #expect(host.process(IBusKey(keyval: IBusKey.Keysym.escape), client: &client), "Esc closes the list")
        #expect(client.shownChoices == nil)
        #expect(client.text == first + "e")
    }

    @Test(arguments: [(Int.max, "œ"), (Int.min, "ő"), (-1, "ó")])
    func aMoveOfAnySizeGoesRoundTheList(step: Int, picked: String) throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient("x")
        let o = Keys.event("o")
        _ = host.process(o, client: &client)
        _ = host.process(o, client: &client)
        #expect(client.shownChoices == ["ó", "ö", "ő", "ô", "ò", "õ", "ø", "ō", "œ"])
        host.move(by: 1, client: &client)
        host.move(by: step, client: &client)
        _ = host.process(IBusKey(keyval: IBusKey.Keysym.space), client: &client)
        #expect(client.text == "x" + picked)
    }

    @Test func pressingTheHeldKeyAgainClosesTheListAndTypes() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var client = FieldClient("")
        let o = Keys.event("o")
        var release = o
        release.state |= IBusKey.Mask.release
        _ = host.process(o, client: &client)
        _ = host.process(o, client: &client)
        _ = host.process(o, client: &client)
        #expect(client.text == "o" && client.shownChoices != nil, "auto-repeat while the list is open types nothing")
        _ = host.process(release, client: &client)
        _ = host.process(o, client: &client)
        #expect(client.text == "oo" && client.shownChoices == nil)
    }

    @Test(arguments: LayoutCatalog.shippedIDs())
    func everyLetterKeyTypesItsLetter(_ id: String) throws {
        var host = IBusInputHost(layout: Shipped.layout(id))
        var client = FieldClient()
        let letters = "qwertyuiopasdfghjklzxcvbnm".map(String.init)
        Keys.type(letters, host: &host, client: &client)
        #expect(client.text == letters.joined())
    }
}
