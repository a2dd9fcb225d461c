import Foundation
import Testing

/// `--keys` names for multi-tap (`KEY*N`) and flicks (`KEY~D,D`): traces print them and
/// replay; a bad one exits 64 naming the token and the fix.
struct GestureKeysCLITests {
    @Test("ja-Hira: the trace of a kana text flicks, and fed to --keys types the same text")
    func flickTraceReplays() throws {
        let text = "あいうえお かきくけこ さしすせそ。"
        let traced = try KbdsimBinary.run(["--layout", "cldr:ja-Hira-t-k0-flicks", "--text", text, "--trace"])
        #expect(traced.status == 0, "\(traced.error)")
        let lines = traced.output.split(separator: "\n").map(String.init)
        #expect(lines.last == text)
        #expect(lines.contains("か~w → insert \"き\""))
        let names = lines.dropLast().map { String($0.prefix { $0 != " " }) }
        let replayed = try KbdsimBinary.run([
            "--layout", "cldr:ja-Hira-t-k0-flicks", "--keys", names.joined(separator: " "),
        ])
        #expect(replayed.status == 0, "\(replayed.error)")
        #expect(replayed.output == text + "\n")
    }

    @Test("fr-t-k0-test: a~nw,se and a~e flick")
    func namesType() throws {
        let run = try KbdsimBinary.run(["--layout", "cldr:fr-t-k0-test", "--keys", "a~nw,se a~e", "--trace"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("a~nw,se → insert \"á\"\n"))
    }

    @Test(
        "a bad gesture name exits 64 naming the token and the fix",
        arguments: [
            ("a~up", "\"a~up\": \"up\" is not a list of flick directions: write KEY~D,D"),
            ("a~s", "a flicks nw nw,se e, not s"), ("z~n", "z has no flicks"),
            ("a*1", "\"1\" is not a tap count: write KEY*N with N from 2"),
        ])
    func badNames(_ name: String, _ message: String) throws {
        let run = try KbdsimBinary.run(["--layout", "cldr:fr-t-k0-test", "--keys", "a \(name) b"])
        #expect(run.status == 64)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.error.contains("KEY*N for N quick taps"), "the error lists the gesture syntax")
    }
}
