import Foundation
import Testing

/// kbdsim in a real terminal (tmux), as a typist meets it: punctuation typed as itself,
/// keys typed while the window is too small, and the help line of a hardware layout.
@Suite(
    .enabled(if: TmuxSession.available, "tmux is not installed: the terminal tests are skipped (.ci/run installs it)"))
struct SimulatorTypistTmuxTests {
    /// Starts kbdsim on `layout` and waits for its first frame.
    static func start(_ session: TmuxSession, layout: String) throws {
        try session.run(
            "'\(KbdsimBinary.path)' --layout '\(layout)' --no-color > \(session.file("out.txt")); echo \"EXIT=$?\"")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" \(layout) · base · shift off") } }
        #expect(ok, "kbdsim did not draw its first frame:\n\(lines.joined(separator: "\n"))")
    }

    /// Quits with Ctrl-C; returns what kbdsim printed.
    static func quit(_ session: TmuxSession) throws -> String? {
        try session.send("C-c")
        let (after, exited) = try session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited, "kbdsim did not quit:\n\(after.joined(separator: "\n"))")
        return session.read("out.txt")
    }

    @Test("cs-touch: Ahoj, světe types its comma (through 123), not ˇ on the US , key")
    func czechComma() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session, layout: "cs-touch")
        #expect(try session.capture().contains { $0.contains("┌'") }, "ˇ shows its hint '")
        try session.send("-l", "Ahoj, světe.")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" Ahoj, světe.") } }
        #expect(ok, "\(lines.joined(separator: "\n"))")
        #expect(try Self.quit(session) == "Ahoj, světe.\n")
    }

    @Test("keys typed while the terminal is too small are not typed; the notice says so")
    func tooSmall() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session, layout: "hu-touch")
        try session.tmux("resize-window", "-t", "main:", "-x", "40", "-y", "12")
        let (small, said) = try session.waitFor { $0.contains { $0.contains("Keys typed meanwhile are ignored.") } }
        #expect(said, "\(small.joined(separator: "\n"))")
        try session.send("-l", "abc")
        try session.send("BSpace")
        try session.tmux("resize-window", "-t", "main:", "-x", "80", "-y", "24")
        let (back, redrawn) = try session.waitFor { $0.count >= 24 && $0[22].hasPrefix(" hu-touch · base") }
        #expect(redrawn, "\(back.joined(separator: "\n"))")
        #expect(back[22].contains("0 keys"), "nothing was typed: \(back[22])")
        try session.send("x")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" x") } }
        #expect(try Self.quit(session) == "x\n")
    }

    @Test(
        "xkb:de: [ ; ' press ü ö ä (placed by XKB key name); the help line offers neither long-press nor 123",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/X11/xkb/rules/evdev")))
    func hardwareHelp() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try Self.start(session, layout: "xkb:de")
        let lines = try session.capture()
        let help = try #require(lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        #expect(help.hasSuffix("Esc quit"), "\(help)")
        #expect(!help.contains("long-press") && !help.contains("123"))
        #expect(lines[0].hasSuffix("backspace: grapheme"))
        try session.send("[", "\\;", "'", "-", ",")
        let (typed, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" üöä-,") } }
        #expect(ok, "\(typed.joined(separator: "\n"))")
        #expect(try Self.quit(session) == "üöä-,\n")
    }

    @Test(
        "--physical hu: on a Hungarian keyboard é, á, ő press ´ ¨ ˝ (a é → á), and the legend says whose keys they are",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/X11/xkb/rules/evdev")))
    func hungarianKeyboard() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.run(
            "'\(KbdsimBinary.path)' --layout hu-touch --physical hu --no-color > \(session.file("out.txt")); "
                + "echo \"EXIT=$?\"")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" hu-touch · base · shift off") } }
        #expect(ok, "kbdsim did not draw its first frame:\n\(lines.joined(separator: "\n"))")
        #expect(
            lines.contains { $0.contains("´ acute é") && $0.contains("xkb:hu") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("┌é") }, "´ shows its hint é")
        try session.send("-l", "aéoáő")
        let (typed, done) = try session.waitFor { $0.contains { $0.hasPrefix(" áő") } }
        #expect(done, "\(typed.joined(separator: "\n"))")
        #expect(try Self.quit(session) == "áő\n")
    }
}
