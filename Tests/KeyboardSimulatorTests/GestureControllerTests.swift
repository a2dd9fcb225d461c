import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// Multi-tap and flicks in the simulator, from the keyboard and the mouse, with a test clock.
@Suite("Simulator gestures")
struct GestureControllerTests {
    /// `2` cycles ² ₂ by multi-tap; `a` flicks à (nw), á (nw, se) and ǎ (e).
    static let layout = TestLayouts.gestures(
        platform: .android,
        flicks: [
            Flick(directions: [.nw], text: "à"), Flick(directions: [.nw, .se], text: "á"),
            Flick(directions: [.e], text: "ǎ"),
        ])

    @Test("a key repeated within the interval is a multi-tap: 2 2 → ², 2 2 2 → ₂; after a pause a new tap")
    func keyboardMultiTap() {
        var driver = Driver(Self.layout)
        driver.send("2")
        driver.wait(0.2)
        driver.send("2")
        #expect(driver.controller.text == "²")
        driver.wait(0.2)
        driver.send("2")
        #expect(driver.controller.text == "₂")
        #expect(driver.controller.status.lastEdit == "2*3 → ₂ (multi-tap)")
        #expect(driver.controller.status.keystrokes == 3)
        driver.wait(1)
        driver.send("2")
        #expect(driver.controller.text == "₂2")
        driver.send("b2")
        #expect(driver.controller.text == "₂2b2", "another key between ends the run")
    }

    @Test("clicks on a key within the interval make a multi-tap")
    func mouseMultiTap() {
        var driver = Driver(Self.layout)
        let (column, line) = driver.centre(of: "2")
        for _ in 0..<2 {
            driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
            driver.wait(0.1)
            driver.handle(.mouse(MouseEvent(.release, column: column, line: line)))
            driver.wait(0.1)
        }
        #expect(driver.controller.text == "²")
    }

    @Test("Tab Tab, the key, then keypad digits or arrows flick it; Esc cancels")
    func keyboardFlick() {
        var driver = Driver(Self.layout)
        driver.send("\t\ta")
        #expect(driver.controller.screen().status.prompt?.hasPrefix("flick a~") == true)
        driver.send("73")
        #expect(driver.controller.text == "á")
        driver.send("\t\ta\u{1B}[C")
        #expect(driver.controller.text == "áǎ")
        driver.send("\t\ta7\r")
        #expect(driver.controller.text == "áǎà", "Enter flicks what is entered")
        driver.send("\t\ta")
        driver.send("\u{1B}")
        driver.wait(0.1)
        driver.send("b")
        #expect(driver.controller.text == "áǎàb")
        #expect(!driver.controller.quitRequested)
        driver.send("\t\tb")
        #expect(driver.controller.status.notice == "“b” has no flicks")
    }

    @Test("a drag from a key flicks it, a direction per turn; the help line names the gestures")
    func mouseFlick() {
        var driver = Driver(Self.layout)
        let (column, line) = driver.centre(of: "a")
        driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
        driver.handle(.mouse(MouseEvent(.drag, column: column - 3, line: line - 2)))
        driver.handle(.mouse(MouseEvent(.drag, column: column, line: line)))
        driver.handle(.mouse(MouseEvent(.release, column: column, line: line)))
        #expect(driver.controller.text == "á")
        driver.handle(.mouse(MouseEvent(.press, column: column, line: line)))
        driver.handle(.mouse(MouseEvent(.drag, column: column + 4, line: line)))
        driver.wait(1)
        driver.handle(.mouse(MouseEvent(.release, column: column + 4, line: line)))
        #expect(driver.controller.text == "áǎ", "no long-press popup once the drag began")
        #expect(driver.screen.contains("Tab Tab flick"))
        #expect(
            driver.screen.contains("*┐") && (driver.screen.contains("~┐") || driver.screen.contains("~┓")),
            "the keys mark their gestures")
        #expect(driver.screen.contains("a key again: multi-tap"))
    }
}
