import KeyboardSimulator
import LayoutEngine
import TestSupport
import Testing

/// The keyboard typed on is not always a US one: on a Hungarian keyboard the keys at the US
/// `[ ] ; '` places type `ő ú é á`, and those press the on-screen keys at their places.
struct PhysicalLayoutTests {
    /// A Hungarian keyboard's letter rows without modifiers (xkeyboard-config's `hu`).
    static let hungarian = PhysicalLayout(
        id: "xkb:hu",
        rows: [Array("qwertzuiopőú"), Array("asdfghjkléáű"), Array("yxcvbnm,.-")].map { $0.map { $0 } })

    struct Case: CustomTestStringConvertible, Sendable {
        let layout: String
        let typed: Character
        let pressed: String?
        var testDescription: String { "\(layout) on a Hungarian keyboard: \(typed) presses \(pressed ?? "nothing")" }
    }

    static let cases: [Case] = [
        Case(layout: "hu-touch", typed: "é", pressed: "´"),
        Case(layout: "hu-touch", typed: "á", pressed: "¨"),
        Case(layout: "hu-touch", typed: "ő", pressed: "˝"),
        Case(layout: "hu-touch", typed: ";", pressed: nil),
        Case(layout: "hu-touch", typed: "z", pressed: "z"),
        Case(layout: "hu-touch", typed: "y", pressed: "y"),
        Case(layout: "hu-touch", typed: "ö", pressed: nil),
        Case(layout: "cs-touch", typed: "é", pressed: "´"),
        Case(layout: "cs-touch", typed: "á", pressed: "ˇ"),
        Case(layout: "da-touch", typed: "ő", pressed: "å"),
        Case(layout: "da-touch", typed: "é", pressed: "æ"),
        Case(layout: "da-touch", typed: "á", pressed: "ø"),
        Case(layout: "hu-extended", typed: "é", pressed: "é"),
    ]

    @Test(arguments: cases)
    func press(_ testCase: Case) {
        let layout = Shipped.layout(testCase.layout)
        let map = PhysicalKeyMap(layout: layout, layer: layout.baseLayer, physical: Self.hungarian)
        #expect(map.key(for: testCase.typed).map { layout.keys[$0.rawValue].label } == testCase.pressed)
    }

    @Test("hu-touch on a Hungarian keyboard: a é types á, o á ő types ő; the hints are é á ő")
    func typing() {
        var driver = Driver()
        driver.controller = SimulatorController(
            layout: Shipped.huTouch, size: TerminalSize(columns: 80, lines: 24), physical: Self.hungarian)
        driver.send("aé")
        driver.wait(1)
        #expect(driver.controller.text == "á")
        driver.send("oáő")
        driver.wait(1)
        #expect(driver.controller.text == "áő")
        let hints = Set(driver.controller.screen().hints.values)
        #expect(hints.isSuperset(of: ["é", "á", "ő"]) && !hints.contains(";"))
    }

    @Test("the legend names each accent key, what it is and its key, and the keyboard the keys are of")
    func legend() throws {
        let us = Driver()
        let wide = try #require(ScreenRenderer.legend(us.controller.screen(), columns: 200))
        #expect(wide.contains("˝ double acute, key [") && wide.contains("´ acute, key ;"), "\(wide)")
        #expect(wide.contains("¨ diaeresis, key '") && wide.contains("US keyboard (--physical ID"), "\(wide)")
        let narrow = try #require(ScreenRenderer.legend(us.controller.screen(), columns: 80))
        #expect(TerminalWidth.width(of: narrow) < 80 && narrow.contains("´") && narrow.contains(";"), "\(narrow)")
        #expect(us.screen.split(separator: "\n")[9].hasPrefix(" after a letter: ˝"), "\(us.screen)")
        var hungarian = Driver()
        hungarian.controller = SimulatorController(
            layout: Shipped.huTouch, size: TerminalSize(columns: 80, lines: 24), physical: Self.hungarian)
        let onHungarian = try #require(ScreenRenderer.legend(hungarian.controller.screen(), columns: 200))
        #expect(onHungarian.contains("´ acute, key é") && onHungarian.contains("xkb:hu"), "\(onHungarian)")
        #expect(ScreenRenderer.legend(Driver(Shipped.layout("hu-ios")).controller.screen(), columns: 200) == nil)
    }

    @Test("the US keyboard is the default, and reads as itself")
    func usDefault() {
        #expect(PhysicalLayout.us.isUS)
        #expect(!Self.hungarian.isUS)
        #expect(PhysicalLayout.us.letterPlaces == PhysicalKeyboard.letterPlaces)
        #expect(Self.hungarian.letterPlaces == ["ő", "ú", "é", "á"])
    }
}
