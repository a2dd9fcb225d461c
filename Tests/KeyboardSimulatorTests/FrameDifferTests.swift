import KeyboardSimulator
import Testing

/// Only the lines that changed are written.
struct FrameDifferTests {
    @Test("an unchanged frame writes nothing")
    func unchanged() {
        #expect(FrameDiffer.diff(from: ["ab", "cd"], to: ["ab", "cd"]) == "")
    }

    @Test("a changed line is rewritten at its row, the others are not")
    func changedLine() {
        #expect(FrameDiffer.diff(from: ["ab", "cd", "ef"], to: ["ab", "cX", "ef"]) == "\u{1B}[2;1HcX\u{1B}[0m")
    }

    @Test("a new size clears the screen and writes every line")
    func resized() {
        let output = FrameDiffer.diff(from: [], to: ["a", "b"])
        #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Ha\u{1B}[0m\u{1B}[2;1Hb\u{1B}[0m")
    }

    @Test("typing one letter rewrites only a few lines of the screen")
    func oneKey() {
        var driver = Driver()
        let before = ScreenRenderer.render(driver.controller.screen())
        driver.send("k")
        let after = ScreenRenderer.render(driver.controller.screen())
        let changed = zip(before, after).filter { $0 != $1 }.count
        #expect(changed > 0 && changed <= 8)
    }
}
