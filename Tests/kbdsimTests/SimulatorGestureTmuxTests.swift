import Foundation
import Testing

/// Multi-tap and flicks in kbdsim in a real terminal (tmux), typed and clicked as a person
/// would: a key pressed again quickly, Tab Tab and a direction, a drag from a key.
@Suite(
    .enabled(if: TmuxSession.available, "tmux is not installed: the terminal tests are skipped (.ci/run installs it)"))
struct SimulatorGestureTmuxTests {
    /// The touch keyboard of the LDML tests: `tap-a` cycles a bb c d, `Something` flicks Å (ne, s).
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LDMLKeyboardsTests/Fixtures/spec-touch.xml").path

    static func start(_ session: TmuxSession, _ arguments: String, ready: String) throws {
        try session.run(
            "'\(KbdsimBinary.path)' \(arguments) > \(session.file("out.txt")); echo \"EXIT=$?\"")
        let (lines, ok) = try session.waitFor { $0.contains { $0.hasPrefix(ready) } }
        #expect(ok, "kbdsim did not draw its first frame:\n\(lines.joined(separator: "\n"))")
    }

    /// The 1-based cell of the first line holding `label` between key borders.
    static func cell(of label: String, in lines: [String]) -> (column: Int, line: Int)? {
        for (number, line) in lines.enumerated() where line.contains("│") {
            guard let range = line.range(of: " \(label) ") else { continue }
            return (line.distance(from: line.startIndex, to: range.lowerBound) + 2, number + 1)
        }
        return nil
    }

    @Test("a a types bb (a multi-tap); a drag from Something up-right then down types Å")
    func multiTapAndDrag() throws {
        let session = try TmuxSession(columns: 100, lines: 30)
        defer { session.close() }
        try Self.start(session, "--layout '\(Self.fixture)'", ready: " spec-touch · base")
        let first = try session.capture()
        #expect(first.contains { $0.contains("Tab Tab flick") && $0.contains("a key again: multi-tap") })
        try session.send("a", "a")
        let (typed, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" last: a*2 → bb") } }
        #expect(ok, "\(typed.joined(separator: "\n"))")
        #expect(typed.contains { $0.hasPrefix(" bb") })

        let (column, line) = try #require(Self.cell(of: "Something", in: first))
        for report in [
            "\u{1B}[<0;\(column);\(line)M", "\u{1B}[<32;\(column + 4);\(line - 2)M",
            "\u{1B}[<32;\(column + 4);\(line + 1)M", "\u{1B}[<0;\(column + 4);\(line + 1)m",
        ] {
            try session.tmux("send-keys", "-t", "main", "-l", report)
        }
        let (flicked, done) = try session.waitFor { $0.contains { $0.hasPrefix(" bbÅ") } }
        #expect(done, "\(flicked.joined(separator: "\n"))")
        #expect(flicked.contains { $0.hasPrefix(" last: Something~ne") })
        try session.send("Escape")
        _ = try session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(session.read("out.txt") == "bbÅ\n")
    }

    @Test("ja-Hira flicks: Tab Tab, あ, 4 (west on a keypad) types い; --keys replays the trace")
    func keyboardFlick() throws {
        let session = try TmuxSession(columns: 100, lines: 30)
        defer { session.close() }
        try Self.start(session, "--layout cldr:ja-Hira-t-k0-flicks", ready: " cldr:ja-Hira-t-k0-flicks · base")
        try session.send("Tab", "Tab")
        try session.tmux("send-keys", "-t", "main", "-l", "あ")
        let (prompt, asked) = try session.waitFor { $0.contains { $0.contains("flick あ~") } }
        #expect(asked, "\(prompt.joined(separator: "\n"))")
        try session.send("4")
        let (typed, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" い") } }
        #expect(ok, "\(typed.joined(separator: "\n"))")
        try session.send("C-c")
        _ = try session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(session.read("out.txt") == "い\n")
    }
}
