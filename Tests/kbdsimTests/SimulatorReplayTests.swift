import Foundation
import Testing

/// Every trace replays: `kbdsim --text T --trace` prints one key name per event, and those
/// names fed to `--keys` type the same text, on every shipped layout and on hardware layouts
/// whose keys share labels (a dead `°` and a plain `°` on `xkb:de`).
struct SimulatorReplayTests {
    static let xkbInstalled =
        FileManager.default.fileExists(atPath: "/usr/share/X11/xkb/rules/evdev")
        && FileManager.default.fileExists(atPath: "/usr/share/X11/locale/en_US.UTF-8/Compose")

    /// Letters of the layouts' languages and their neighbours, capitals, digits, punctuation,
    /// and letters only dead keys or long-presses make.
    static let text =
        "Győr, Ahoj světe! Příliš žluťoučký kůň; Ærø på Østerbro? 1234567890 "
        + "ÁRVÍZTŰRŐ TÜKÖRFÚRÓGÉP árvíztűrő tükörfúrógép ẘ ǻ ç ñ ß ø å æ ő ű ŏ ḅ ẹ ơ ư "
        + "à â ä è ê ë î ï ô ö ù û ü ÿ « » „quotes“ (x) [y] {z} 50 % 3,5 € & @ # ~ ^ ` ° § ¨ ´ ˇ"

    static let shipped = ["hu-touch", "hu-ios", "hu-extended", "cs-touch", "da-touch"]
    static let hardware = ["xkb:hu", "xkb:cz", "xkb:dk", "xkb:de", "xkb:fr", "xkb:us(intl)"]

    static func check(_ layout: String) throws {
        let traced = try KbdsimBinary.run(["--layout", layout, "--text", text, "--trace"])
        #expect(traced.status == 0, "\(layout): \(traced.error)")
        var lines = traced.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "")
        lines.removeLast()
        let last = lines.popLast()
        let typed = try #require(last, "\(layout): no text printed")
        #expect(typed.count * 2 >= text.count, "\(layout) typed too little of \(text.debugDescription): \(typed)")
        let names = lines.map { String($0.prefix { $0 != " " }) }
        #expect(!names.contains(""), "\(layout): a trace line without a name")
        let replayed = try KbdsimBinary.run(["--layout", layout, "--keys", names.joined(separator: " ")])
        #expect(replayed.status == 0, "\(layout): \(replayed.error)")
        #expect(replayed.output == typed + "\n", "\(layout): \(text.debugDescription) does not replay")
    }

    @Test("shipped layouts: the trace of a text, fed to --keys, types the same text", arguments: shipped)
    func shippedLayout(_ layout: String) throws {
        try Self.check(layout)
    }

    @Test(
        "XKB layouts: the trace of a text, fed to --keys, types the same text", .enabled(if: xkbInstalled),
        arguments: hardware)
    func hardwareLayout(_ layout: String) throws {
        try Self.check(layout)
    }

    @Test("xkb:de: ẘ takes the dead ring above, named apart from the ° key beside it", .enabled(if: xkbInstalled))
    func ringAbove() throws {
        let traced = try KbdsimBinary.run(["--layout", "xkb:de", "--text", "ẘ", "--trace"])
        let names = traced.output.split(separator: "\n").dropLast().map { String($0.prefix { $0 != " " }) }
        #expect(names == ["⇧", "AltGr", "dead_abovering", "w"])
        let replayed = try KbdsimBinary.run(["--layout", "xkb:de", "--keys", names.joined(separator: " ")])
        #expect(replayed.output == "ẘ\n")
        let degree = try KbdsimBinary.run(["--layout", "xkb:de", "--keys", "⇧ AltGr ° w"])
        #expect(degree.output == "°w\n", "the plain ° key keeps its label")
    }

    @Test(
        "xkb:us(intl): a dead key labelled with a combining mark after a space is a name of its own",
        .enabled(if: xkbInstalled))
    func combiningMarkName() throws {
        let result = try KbdsimBinary.run(["--layout", "xkb:us(intl)", "--keys", "AltGr shift \u{323} shift B"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Ḅ\n")
    }

    @Test("a name that matches nothing exits 64, naming it, with what was meant")
    func unknownName() throws {
        let typo = try KbdsimBinary.run(["--layout", "hu-touch", "--keys", "a shfit"])
        #expect(typo.status == 64)
        #expect(typo.error.contains("unknown key \"shfit\"") && typo.error.contains("did you mean \"shift\"?"))
        let accented = try KbdsimBinary.run(["--layout", "hu-touch", "--keys", "ő"])
        #expect(accented.status == 64)
        #expect(accented.error.contains("did you mean \"o ˝\"?"), "\(accented.error)")
        let elsewhere = try KbdsimBinary.run(["--layout", "hu-touch", "--keys", "{"])
        #expect(elsewhere.status == 64)
        #expect(elsewhere.error.contains("(it is on layer symbols)"), "\(elsewhere.error)")
        #expect(elsewhere.output.isEmpty)
    }
}
