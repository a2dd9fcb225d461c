import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// Whole screens, compared with files under Golden/ (`RECORD_SNAPSHOTS=1` re-records them).
struct GoldenScreenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let layout: String
        let shift: ShiftState
        let columns: Int
        let lines: Int
        var testDescription: String { "\(layout) \(shift == .off ? "base" : "shift") at \(columns)×\(lines)" }
        var file: String { "\(layout)-\(shift == .off ? "base" : "shift")-\(columns)x\(lines).txt" }
    }

    static let cases: [Case] = Shipped.ids.flatMap { id in
        [ShiftState.off, .once].flatMap { shift in
            [(80, 24), (120, 40)].map { Case(layout: id, shift: shift, columns: $0.0, lines: $0.1) }
        }
    }

    @Test("every shipped layout, base and shift, at 80×24 and 120×40", arguments: cases)
    func shippedLayout(_ testCase: Case) {
        let layout = Shipped.layout(testCase.layout)
        var state = SessionState.initial(layout)
        state.shift = testCase.shift
        let model = ScreenModel(
            layout: layout, state: state, text: testCase.shift == .off ? "" : "Typed text",
            size: TerminalSize(columns: testCase.columns, lines: testCase.lines),
            hints: PhysicalKeyMap(layout: layout, layer: state.visibleLayer(in: layout)).hints,
            status: StatusInfo(keystrokes: 11, characters: 10, lastEdit: "t → t"))
        let lines = ScreenRenderer.render(model)
        #expect(lines.count == testCase.lines)
        #expect(lines.allSatisfy { TerminalWidth.width(of: $0) == testCase.columns })
        goldenFiles.check(lines.joined(separator: "\n") + "\n", testCase.file)
    }

    @Test("hu-touch after a ; o ' [ ⌫: the text, the lit key, the status")
    func typedSequence() {
        var driver = Driver()
        driver.send("a;o'[\u{7F}")
        goldenFiles.check(driver.screen, "hu-touch-typed-80x24.txt")
    }

    @Test("hu-touch: the long-press popup of o over the row above")
    func popup() {
        var driver = Driver()
        driver.send("Go")
        driver.wait(1)
        driver.send("\to")
        driver.handle(.arrowRight)
        driver.handle(.arrowRight)
        goldenFiles.check(driver.screen, "hu-touch-popup-80x24.txt")
    }

    @Test("the number layer, after ` (the 123 key)")
    func numberLayer() {
        var driver = Driver()
        driver.send("`")
        goldenFiles.check(driver.screen, "hu-touch-numbers-80x24.txt")
    }

    /// A peer that types `x` for every key: enough for a layout typed by another engine.
    final class LabelPeer: PeerEngine {
        func press(_ key: KeyID) -> Edit { Edit(deleteCount: 0, insert: "x", effect: .typed) }
        func setContext(_ text: String) {}
        func copy() -> any PeerEngine { LabelPeer() }
    }

    @Test("a layout typed by another engine says that backspace is the keyboard's, whatever the policy")
    func peerBackspace() {
        let layout = Shipped.huTouch.typed(by: PeerHook(engineName: "test peer") { LabelPeer() })
        for policy in [BackspacePolicy.accent, .grapheme] {
            let model = ScreenModel(layout: layout, size: TerminalSize(columns: 80, lines: 24), backspacePolicy: policy)
            let title = ScreenRenderer.render(model)[0]
            #expect(title.hasSuffix("backspace: the keyboard's "), "\(title)")
        }
        let own = ScreenRenderer.render(
            ScreenModel(layout: Shipped.huTouch, size: TerminalSize(columns: 80, lines: 24)))
        #expect(own[0].hasSuffix("backspace: accent "))
    }

    @Test("a terminal too small says so instead of drawing the keyboard")
    func tooSmall() {
        let model = ScreenModel(layout: Shipped.huTouch, size: TerminalSize(columns: 40, lines: 12))
        let screen = ScreenRenderer.render(model).joined(separator: "\n") + "\n"
        #expect(screen.contains("Terminal too small: 40×12."))
        #expect(!screen.contains("┌"))
        goldenFiles.check(screen, "hu-touch-too-small-40x12.txt")
    }

    @Test("a narrow terminal too small wraps the message at spaces, whole, when its lines allow")
    func tooSmallWrapped() {
        let model = ScreenModel(layout: Shipped.huTouch, size: TerminalSize(columns: 30, lines: 8))
        let lines = ScreenRenderer.render(model)
        #expect(lines.count == 8 && lines.allSatisfy { TerminalWidth.width(of: $0) == 30 })
        let words = lines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        #expect(
            words
                == "Terminal too small: 30×8. hu-touch needs at least 45×18. Enlarge it, or press Esc to quit. "
                + "Keys typed meanwhile are ignored.")
        goldenFiles.check(lines.joined(separator: "\n") + "\n", "hu-touch-too-small-30x8.txt")
    }

    @Test(
        "wrapping breaks at spaces and cuts only a word wider than the line",
        arguments: [
            ("Enlarge it, or press Esc to quit.", 30, ["Enlarge it, or press Esc to", "quit."]),
            ("Enlarge it, or press Esc to quit.", 40, ["Enlarge it, or press Esc to quit."]),
            ("Keys typed", 5, ["Keys", "typed"]),
            ("a hu-touch-extended b", 8, ["a", "hu-touc…", "b"]),
            ("átíró ő", 7, ["átíró ő"]),
            ("", 10, [""]),
            ("word", 0, []),
        ])
    func wrapped(_ text: String, _ columns: Int, _ expected: [String]) {
        #expect(TerminalWidth.wrapped(text, to: columns) == expected)
    }

    @Test("at the stated minimum size every layout shows its key hints and the whole help line", arguments: Shipped.ids)
    func minimumSize(_ id: String) {
        let layout = Shipped.layout(id)
        let minimum = ScreenLayout(layout: layout, layer: layout.baseLayer, size: TerminalSize(columns: 1, lines: 1))
            .minimumSize
        for layer in layout.layers.indices {
            let map = PhysicalKeyMap(layout: layout, layer: layer)
            let state = SessionState(layer: layer)
            let model = ScreenModel(layout: layout, state: state, size: minimum, hints: map.hints)
            let lines = ScreenRenderer.render(model)
            #expect(!lines.joined().contains("too small"), "\(id) at \(minimum)")
            let help = ScreenRenderer.help(layout, hints: map.hints).trimmingCharacters(in: .whitespaces)
            #expect(lines.last?.hasSuffix(help + " ") == true, "\(id) \(layout.layers[layer].id): \(lines.last ?? "")")
            for hint in Set(map.hints.values) {
                #expect(lines.contains { $0.contains("┌" + hint) }, "\(id) \(layout.layers[layer].id): hint \(hint)")
            }
        }
        let smaller = TerminalSize(columns: minimum.columns - 1, lines: minimum.lines)
        #expect(ScreenRenderer.render(ScreenModel(layout: layout, size: smaller)).joined().contains("too small"))
    }

    @Test("the help line names what is true on the layer shown")
    func helpLine() {
        let huTouch = Shipped.huTouch
        let base = PhysicalKeyMap(layout: huTouch, layer: huTouch.baseLayer)
        let numbers = PhysicalKeyMap(layout: huTouch, layer: huTouch.layerIndex("numbers")!)
        #expect(ScreenRenderer.help(huTouch, hints: base.hints) == "Esc quit · Tab long-press · ` 123 ")
        #expect(ScreenRenderer.help(huTouch, hints: numbers.hints) == "Esc quit · Tab long-press · ` ABC · \\ #+= ")
        let plain = Custom.layout(
            id: "plain", rows: #"[{"keys": [{"text": "a"}, {"text": "b"}]}, {"keys": [{"action": "space"}]}]"#)
        let plainMap = PhysicalKeyMap(layout: plain, layer: plain.baseLayer)
        #expect(ScreenRenderer.help(plain, hints: plainMap.hints) == "Esc quit ")
    }

    @Test("the title says backspace: accent only where backspace can take an accent off")
    func backspaceTitle() {
        func title(_ layout: Layout) -> String {
            ScreenRenderer.render(ScreenModel(layout: layout, size: TerminalSize(columns: 80, lines: 24)))[0]
        }
        #expect(title(Shipped.huTouch).hasSuffix("backspace: accent "))
        #expect(title(Shipped.layout("cs-touch")).hasSuffix("backspace: accent "))
        #expect(title(Shipped.layout("hu-ios")).hasSuffix("backspace: grapheme "), "no accent keys")
        #expect(title(Shipped.layout("da-touch")).hasSuffix("backspace: grapheme "))
    }

    @Test("colour: styled with SGR, the same characters as without")
    func colour() {
        var driver = Driver()
        driver.send("a;")
        var model = driver.controller.screen()
        model.color = true
        let coloured = ScreenRenderer.render(model)
        #expect(coloured.joined().contains("\u{1B}[0;1;30;43m"))  // the lit ´ key
        let stripped = coloured.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
        model.color = false
        let plain = ScreenRenderer.render(model).map { $0.replacing("█", with: " ") }
        #expect(stripped == plain)
    }

    @Test("a long text scrolls: the last lines stay, with the caret after the last character")
    func longText() {
        let model = ScreenModel(
            layout: Shipped.huTouch, text: (1...40).map { "line \($0)" }.joined(separator: "\n"),
            size: TerminalSize(columns: 80, lines: 24))
        let lines = ScreenRenderer.render(model)
        #expect(lines[8] == " line 40█" + String(repeating: " ", count: 71))
        #expect(lines[1].hasPrefix(" line 33"))
    }
}
