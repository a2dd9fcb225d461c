import IBusEngine
import LayoutEngine
import TestSupport
import Testing

/// A terminal takes no deletions: the engine holds the letter an accent may still change as
/// preedit and commits it when the next key shows it is final, and never asks for a deletion.
struct IBusPreeditTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var layout = "hu-touch"
        let keys: [String]
        /// What the terminal has been given for good, and what it shows as preedit after it.
        let committed: String
        let preedit: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a ; → á held", keys: ["a", ";"], committed: "", preedit: "á"),
        Case(name: "G y o ' [ r → Győr", keys: ["G", "y", "o", "'", "[", "r"], committed: "Győ", preedit: "r"),
        Case(name: "e ; ⌫ → e: the accent comes off", keys: ["e", ";", "BackSpace"], committed: "", preedit: "e"),
        Case(name: "e ; ⌫ ⌫ → nothing", keys: ["e", ";", "BackSpace", "BackSpace"], committed: "", preedit: ""),
        Case(name: "a space: the space is final", keys: ["a", " "], committed: "a ", preedit: ""),
        Case(name: "a space ; → the symbol, nothing deleted", keys: ["a", " ", ";"], committed: "a ´", preedit: ""),
        Case(name: "capitals: A ; B → ÁB", keys: ["A", ";", "B"], committed: "Á", preedit: "B"),
        Case(name: "digits are final", keys: ["a", "1"], committed: "a1", preedit: ""),
        Case(name: "cs-touch: u ˇ → ů", layout: "cs-touch", keys: ["u", "ˇ"], committed: "", preedit: "ů"),
        Case(
            name: "hu-extended (no accent keys): only letters with alternates are held", layout: "hu-extended",
            keys: ["ő", "x", "a"], committed: "őx", preedit: "a"),
    ]

    @Test(arguments: cases)
    func types(_ testCase: Case) throws {
        var host = IBusInputHost(layout: Shipped.layout(testCase.layout))
        var terminal = TerminalClient()
        Keys.type(testCase.keys, host: &host, client: &terminal)
        #expect(terminal.committed == testCase.committed, "requests: \(terminal.requests)")
        #expect(terminal.preedit == testCase.preedit, "requests: \(terminal.requests)")
        #expect(host.preedit == terminal.preedit)
        #expect(!terminal.requests.contains { $0.hasPrefix("delete") }, "requests: \(terminal.requests)")
    }

    @Test func keysTheApplicationGetsComeAfterTheHeldLetter() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var terminal = ForwardingTerminal()
        Keys.type(["a", ";"], host: &host, client: &terminal)
        #expect(Keys.type(["Return"], host: &host, client: &terminal) == [true], "forwarded, after the commit")
        #expect(terminal.log == ["commit á", "forward 65293"])
        let control = IBusKey(keyval: 0x63, keycode: 46, state: IBusKey.Mask.control)
        Keys.type(["o"], host: &host, client: &terminal)
        #expect(host.process(control, client: &terminal))
        #expect(terminal.log.suffix(2) == ["commit o", "forward 99"])
        #expect(!host.process(control, client: &terminal), "with nothing held the key is the application's")
        #expect(!Keys.type(["BackSpace"], host: &host, client: &terminal)[0], "so is a backspace")
    }

    @Test func aLongPressReplacesTheHeldLetter() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var terminal = TerminalClient()
        let o = Keys.event("o")
        Keys.type(["x"], host: &host, client: &terminal)
        #expect(host.process(o, client: &terminal))
        #expect(host.process(o, client: &terminal), "the auto-repeat opens the list")
        Keys.type(["3"], host: &host, client: &terminal)
        #expect(terminal.screen == "xő" && terminal.preedit == "ő", "requests: \(terminal.requests)")
        Keys.type(["BackSpace"], host: &host, client: &terminal)
        #expect(terminal.screen == "xo")
    }

    @Test func focusOutLeavesTheHeldTextToTheClient() throws {
        var host = IBusInputHost(layout: Shipped.layout("hu-touch"))
        var terminal = TerminalClient()
        Keys.type(["e"], host: &host, client: &terminal)
        host.focusChanged(client: &terminal)
        #expect(host.preedit.isEmpty)
        #expect(terminal.committed.isEmpty, "IBus's commit mode: the client commits what it shows")
        terminal = TerminalClient()
        Keys.type([";"], host: &host, client: &terminal)
        #expect(terminal.screen == "´", "nothing is held after focus-out, so the accent types its symbol")
    }
}

/// A terminal that logs commits and forwarded keys in order.
struct ForwardingTerminal: IBusTextClient {
    var log: [String] = []
    mutating func textBeforeCaret() -> String? { nil }
    mutating func commit(_ text: String) { log.append("commit \(text)") }
    mutating func deleteBefore(_ count: Int) { log.append("delete \(count)") }
    mutating func showCandidates(_ labels: [String], selected: Int, title: String) {}
    mutating func hideCandidates() {}
    mutating func wantsPreedit() -> Bool { true }
    mutating func showPreedit(_ text: String) {}
    mutating func forward(_ key: IBusKey) { log.append("forward \(key.keyval)") }
}
