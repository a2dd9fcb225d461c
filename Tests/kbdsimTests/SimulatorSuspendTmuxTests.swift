import Foundation
import Testing

/// kbdsim as a shell job in a real terminal (tmux): suspended with Ctrl-Z or SIGTSTP, it
/// hands the shell a restored terminal; `fg` takes it again and typing goes on.
@Suite(
    .enabled(if: TmuxSession.available, "tmux is not installed: the terminal tests are skipped (.ci/run installs it)"))
struct SimulatorSuspendTmuxTests {
    @Test(
        "suspended (Ctrl-Z, SIGTSTP), the shell has its terminal back; fg redraws and the text goes on",
        arguments: ["C-z", "SIGTSTP"])
    func suspendAndResume(_ how: String) throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.run("stty -g > \(session.file("before"))")
        try session.run("'\(KbdsimBinary.path)' --layout hu-touch > \(session.file("out.txt"))")
        let (first, drawn) = try session.waitFor { $0.contains { $0.hasPrefix(" hu-touch · base · shift off") } }
        #expect(drawn, "no first frame:\n\(first.joined(separator: "\n"))")
        try session.send("a", "\\;")
        _ = try session.waitFor { $0.contains { $0.hasPrefix(" á") } }

        if how == "SIGTSTP" {
            kill(try #require(try session.process(named: "kbdsim")), SIGTSTP)
        } else {
            try session.send(how)
        }
        let (shell, stopped) = try session.waitFor { $0.contains { $0.contains("Stopped") } }
        #expect(stopped, "the job did not stop:\n\(shell.joined(separator: "\n"))")
        #expect(!shell.contains { $0.contains("┌") }, "the keyboard is left on the shell's screen")
        try session.run("stty -g > \(session.file("stopped"))")
        _ = try session.waitFor(timeout: 5) { _ in session.read("stopped")?.isEmpty == false }
        #expect(session.read("stopped") == session.read("before"), "the shell got a terminal in raw mode")

        try session.run("fg")
        let (back, redrawn) = try session.waitFor {
            $0.contains { $0.hasPrefix(" hu-touch · base · shift off · 2 keys") } && $0.contains { $0.hasPrefix(" á") }
        }
        #expect(redrawn, "fg did not redraw:\n\(back.joined(separator: "\n"))")
        #expect(!back.contains { $0.contains("Stopped") || $0.contains("fg") }, "the shell's lines are left")
        try session.send("b")
        let (typed, ok) = try session.waitFor { $0.contains { $0.hasPrefix(" áb") } }
        #expect(ok, "typing does not go on after fg:\n\(typed.joined(separator: "\n"))")

        try session.send("Escape")
        // The shell's prompt again (typed at once, the command line would follow the Esc).
        let (quit, left) = try session.waitFor { !$0.contains { $0.contains("┌") } }
        #expect(left, "Esc did not quit:\n\(quit.joined(separator: "\n"))")
        try session.run("echo \"EXIT=$?\"; stty -g > \(session.file("after"))")
        let (after, exited) = try session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited, "\(after.joined(separator: "\n"))")
        _ = try session.waitFor(timeout: 5) { _ in session.read("after")?.isEmpty == false }
        #expect(session.read("after") == session.read("before"))
        #expect(session.read("out.txt") == "áb\n")
    }
}
