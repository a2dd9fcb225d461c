import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// The simulator's behaviour, driven with terminal bytes and a test clock.
struct SimulatorControllerTests {
    @Test("hu-touch: a ; o ' [ ⌫ types á, then o with ¨ then ˝, and backspace takes the accent off")
    func physicalAccentKeys() {
        var driver = Driver()
        driver.send("a;o'[")
        #expect(driver.controller.text == "áő")
        #expect(driver.controller.status.lastEdit == "ö ˝ → ő (accent replaced)")
        driver.send("\u{7F}")
        #expect(driver.controller.text == "áo")
        #expect(driver.controller.status.lastEdit == "ő ⌫ → o (accent removed)")
        #expect(driver.controller.status.keystrokes == 6)
        #expect(driver.controller.status.characters == 2)
    }

    @Test("cs-touch: Ahoj, světe types a comma through 123, not ˇ on the US , key")
    func csTouchComma() {
        var driver = Driver(Shipped.layout("cs-touch"))
        driver.send("Ahoj, světe. 42?")
        driver.wait(5)
        #expect(driver.controller.text == "Ahoj, světe. 42?")
        driver.send("c'")
        driver.wait(1)
        #expect(driver.controller.text == "Ahoj, světe. 42?č", "' presses ˇ")
    }

    @Test("typing the literal ´ presses the ´ key, also from the number layer (ABC, then ´)")
    func literalAccent() {
        var driver = Driver()
        driver.send("a´e¨")
        #expect(driver.controller.text == "áë")
        driver.send("o`")
        #expect(driver.controller.session.visibleLayer == Shipped.huTouch.layerIndex("numbers"))
        driver.send("˝")
        driver.wait(1)
        #expect(driver.controller.text == "áëő")
    }

    @Test(
        "a terminal reporting up to 65,535 × 65,535 is drawn at most 4,096 × 2,048",
        arguments: [
            (TerminalSize(columns: 65_535, lines: 65_535), TerminalSize(columns: 4096, lines: 2048)),
            (TerminalSize(columns: 5000, lines: 40), TerminalSize(columns: 4096, lines: 40)),
            (TerminalSize(columns: 80, lines: 24), TerminalSize(columns: 80, lines: 24)),
        ])
    func largestScreen(_ reported: TerminalSize, _ drawn: TerminalSize) {
        #expect(reported.limited == drawn)
    }

    @Test("while the terminal is too small, typed keys, pastes and clicks are ignored; Esc quits")
    func tooSmallIgnoresKeys() {
        var driver = Driver(size: TerminalSize(columns: 30, lines: 10))
        driver.send("ab;")
        driver.handle(.paste("Győr"))
        driver.handle(.mouse(MouseEvent(.press, column: 5, line: 5)))
        driver.wait(2)
        #expect(driver.controller.text == "")
        #expect(driver.controller.status.keystrokes == 0)
        driver.controller.size = TerminalSize(columns: 80, lines: 24)
        driver.send("a;")
        #expect(driver.controller.text == "á")
        driver.controller.size = TerminalSize(columns: 30, lines: 10)
        driver.send("\u{1B}")
        #expect(driver.controller.quitRequested)
    }

    @Test("planned keys wait while the terminal is too small, and go on when it fits again")
    func tooSmallPausesPlannedKeys() {
        var driver = Driver()
        driver.send("Győr")
        driver.controller.size = TerminalSize(columns: 30, lines: 10)
        let typedBefore = driver.controller.text
        driver.wait(3)
        #expect(driver.controller.text == typedBefore)
        #expect(driver.controller.nextDeadline == nil || driver.controller.nextDeadline! > driver.clock)
        driver.controller.size = TerminalSize(columns: 80, lines: 24)
        driver.wait(3)
        #expect(driver.controller.text == "Győr")
    }

    @Test("grapheme backspace deletes the whole letter")
    func graphemeBackspace() {
        var driver = Driver()
        driver.controller = SimulatorController(
            layout: Shipped.huTouch, backspacePolicy: .grapheme, size: TerminalSize(columns: 80, lines: 24))
        driver.send("a;\u{7F}")
        #expect(driver.controller.text == "")
        #expect(driver.controller.status.lastEdit == "á ⌫ → deleted")
    }

    @Test("ő typed on the real keyboard is planned as o ˝ and typed key by key")
    func plannedCharacter() {
        var driver = Driver()
        driver.send("ő")
        #expect(driver.controller.isTypingPlannedKeys)
        #expect(driver.controller.text == "o")
        #expect(driver.controller.status.notice == "typing ő as o ˝")
        driver.wait(1)
        #expect(driver.controller.text == "ő")
        #expect(!driver.controller.isTypingPlannedKeys)
        #expect(driver.controller.status.notice == nil)
        #expect(driver.controller.status.lastEdit == "o ˝ → ő (accent added)")
        #expect(driver.controller.status.keystrokes == 2)
    }

    @Test("keys typed while planned keys are shown wait their turn")
    func typingOrder() {
        var driver = Driver()
        driver.send("Á")
        driver.send("b")
        #expect(driver.controller.text == "")  // ⇧ first, nothing typed yet
        driver.wait(1)
        #expect(driver.controller.text == "Áb")
        #expect(driver.controller.session.state.shift == .off)
    }

    @Test("capitals press shift, then the letter; the screen shows the capital layer in between")
    func capitals() {
        var driver = Driver()
        driver.send("G")
        #expect(driver.controller.session.state.shift == .once)
        #expect(driver.screen.contains("│  Q  │"))
        driver.wait(1)
        #expect(driver.controller.text == "G")
        #expect(driver.screen.contains("│  q  │"))
    }

    @Test("pasted text is planned as a whole and typed")
    func paste() {
        var driver = Driver()
        driver.handle(.paste("Győr, ő!"))
        driver.wait(5)
        #expect(driver.controller.text == "Győr, ő!")
    }

    /// `^` on a second layer, and `^` then `e` makes `ê` (as fr-t-k0-test's transforms do).
    static let circumflexLayout = Layout.built(
        LayoutDefinition(
            id: "test-circumflex", name: "Test circumflex", locale: "fr",
            geometry: Geometry(widthMm: 60, unitsPerRow: 6, rowPitchMm: 9),
            layers: [
                LayerDefinition(
                    "base",
                    [
                        ["f", "e", "t"].map { KeyDefinition(.text($0)) },
                        [KeyDefinition(.layer("symbols"), label: "123"), KeyDefinition(.space)],
                    ]),
                LayerDefinition(
                    "symbols",
                    [
                        [KeyDefinition(.text("^"))],
                        [KeyDefinition(.layer("base"), label: "ABC"), KeyDefinition(.space)],
                    ]),
            ],
            textCompositions: ["^": ["e": "ê"]]))

    @Test("a typed key gives what the keyboard makes of it after the text; pasted text stays as it is")
    func typedKeyComposes() {
        var driver = Driver(Self.circumflexLayout)
        driver.send("f^")
        driver.wait(2)
        driver.send("e")
        driver.wait(2)
        #expect(driver.controller.text == "fê")
        var pasting = Driver(Self.circumflexLayout)
        pasting.handle(.paste("f^et"))
        pasting.wait(5)
        #expect(pasting.controller.text == "f^t")
        #expect(pasting.controller.status.notice == "test-circumflex cannot type e")
    }

    @Test("a character the layout cannot type is named, and nothing is typed")
    func untypeable() {
        var driver = Driver()
        driver.send("😀")
        driver.wait(1)
        #expect(driver.controller.text == "")
        #expect(driver.controller.status.notice == "hu-touch cannot type 😀")
    }

    @Test("in one fast read, a character the layout cannot type is still named after the planned ones that follow")
    func untypeableInRead() {
        var driver = Driver()
        driver.send("a😀Őb")
        driver.wait(2)
        #expect(driver.controller.text == "aŐb")
        #expect(driver.controller.status.notice == "hu-touch cannot type 😀")
        driver.send("c")
        #expect(driver.controller.status.notice == nil, "the next read clears it")
    }

    @Test("` switches to the number layer and back")
    func numberLayerKey() {
        var driver = Driver()
        driver.send("`")
        #expect(driver.controller.session.state.layer == Shipped.huTouch.layerIndex("numbers"))
        #expect(driver.controller.status.lastEdit == "123 → layer numbers")
        driver.send("`")
        #expect(driver.controller.session.state.layer == Shipped.huTouch.baseLayer)
    }

    @Test("a click taps the key under the pointer")
    func click() {
        var driver = Driver()
        let (column, line) = driver.centre(of: "k")
        driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
        #expect(driver.controller.text == "")
        driver.wait(0.1)
        driver.handle(.mouse(MouseEvent(.release, column: column, line: line)))
        #expect(driver.controller.text == "k")
    }

    @Test("a press released off the key is no tap")
    func releasedElsewhere() {
        var driver = Driver()
        let (column, line) = driver.centre(of: "k")
        driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
        driver.handle(.mouse(MouseEvent(.release, column: 0, line: 0)))
        #expect(driver.controller.text == "")
    }

    @Test("holding half a second opens the popup; moving selects; release picks")
    func longPressWithMouse() {
        var driver = Driver()
        let (column, line) = driver.centre(of: "o")
        driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
        driver.wait(0.4)
        #expect(driver.controller.popup == nil)
        driver.wait(0.2)
        #expect(driver.controller.popup?.selection == 0)
        #expect(driver.screen.contains("[ó]"))
        let box = driver.controller.screenLayout.popup(for: driver.controller.popup!.key, count: 9)!
        driver.handle(.mouse(MouseEvent(.drag, column: box.cellColumn(2) + 1, line: box.line + 1)))
        #expect(driver.screen.contains("[ő]"))
        driver.handle(.mouse(MouseEvent(.release, column: box.cellColumn(2) + 1, line: box.line + 1)))
        #expect(driver.controller.text == "ő")
        #expect(driver.controller.status.keystrokes == 2)
        #expect(driver.controller.status.lastEdit == "o:ő → ő (long-press)")
    }

    @Test("Tab, then a key, opens its popup; → moves; Enter picks")
    func longPressWithKeyboard() {
        var driver = Driver()
        driver.send("\t")
        #expect(driver.controller.screen().status.prompt != nil)
        driver.send("u")
        #expect(driver.controller.popup?.selection == 0)
        driver.handle(.arrowRight)
        driver.handle(.arrowRight)
        driver.send("\r")
        #expect(driver.controller.text == "ű")
    }

    @Test("Tab, a key, then a digit picks that alternate at once, as the prompt says: an Enter after it is a new line")
    func longPressDigit() {
        var driver = Driver()
        driver.send("\ta")
        let prompt = driver.controller.screen().status.prompt ?? ""
        #expect(prompt.contains("1–9 picks that one at once") && prompt.contains("Enter or Space picks"), "\(prompt)")
        driver.send("2")
        #expect(driver.controller.text == "à")
        #expect(driver.controller.popup == nil)
        driver.send("\r")
        #expect(driver.controller.text == "à\n")
    }

    @Test("Esc closes the popup first, and quits only when nothing is open")
    func escape() {
        var driver = Driver()
        driver.send("\to")
        driver.handle(.escape)
        #expect(driver.controller.popup == nil)
        #expect(!driver.controller.quitRequested)
        driver.handle(.escape)
        #expect(driver.controller.quitRequested)
    }

    @Test("Ctrl-C quits at once")
    func interrupt() {
        var driver = Driver()
        driver.send("\to\u{3}")
        #expect(driver.controller.quitRequested)
    }

    @Test("a key without alternates says so after Tab")
    func noAlternates() {
        var driver = Driver()
        driver.send("\tq")
        #expect(driver.controller.popup == nil)
        #expect(driver.controller.status.notice == "“q” has no long-press alternates")
    }

    @Test("the pressed key lights up for a moment, an accent key with what it made")
    func highlight() {
        var driver = Driver()
        driver.send("e;")
        #expect(driver.screen.contains("┃ →é  ┃"))
        driver.wait(SimulatorController.highlightDuration + 0.01)
        #expect(!driver.screen.contains("┃"))
        #expect(driver.controller.nextDeadline == nil)
    }

    @Test("Enter and Space press ⏎ and ␣")
    func enterAndSpace() {
        var driver = Driver()
        driver.send("a b\rc")
        #expect(driver.controller.text == "a b\nc")
    }

    @Test("with shift on, a lower-case letter presses its capital key, as the screen shows")
    func shiftedLowerCase() {
        var driver = Driver()
        let (column, line) = driver.centre(of: "⇧")
        driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
        driver.handle(.mouse(MouseEvent(.release, column: column, line: line)))
        driver.send("ab")
        #expect(driver.controller.text == "Ab")
    }

    @Test("a resize re-places the keys for hit-testing")
    func resize() {
        var driver = Driver()
        driver.controller.size = TerminalSize(columns: 120, lines: 40)
        let (column, line) = driver.centre(of: "p")
        driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
        driver.handle(.mouse(MouseEvent(.release, column: column, line: line)))
        #expect(driver.controller.text == "p")
        #expect(line > 24)
    }
}
