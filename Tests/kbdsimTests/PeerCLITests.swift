import Foundation
import Testing

/// `kmx:` and `m17n:` ids wherever kbdsim takes a layout: `--keys`, `--text --trace`,
/// `compare`.
@Suite struct PeerCLITests {
    static let kmx = KbdsimBinary.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/keyman/kmx/basic_kbdhu.kmx").path
    static let kmxPresent = FileManager.default.fileExists(atPath: kmx)
    static let latnPostPresent = FileManager.default.fileExists(atPath: "/usr/share/m17n/latn-post.mim")

    @Test(
        "--keys on m17n:latn-post: the US keys, typed through libm17n", .enabled(if: latnPostPresent, "needs m17n-db"))
    func m17nKeys() throws {
        let run = try KbdsimBinary.run(["--layout", "m17n:latn-post", "--keys", "G y o ⇧ ' r ␣ o ⇧ ;"])
        #expect(run.status == 0)
        #expect(run.output == "Györ ő\n")
    }

    @Test(
        "--text on m17n:latn-post: where latn-post combines keys its model keeps apart (a e ' waits for ae/), a warning says where",
        .enabled(if: latnPostPresent, "needs m17n-db"))
    func m17nTextRewritten() throws {
        let run = try KbdsimBinary.run(["--layout", "m17n:latn-post", "--text", "Naé naive"])
        #expect(run.status == 0)
        #expect(run.output == "Nae' naive\n")
        #expect(
            run.error
                == "kbdsim: warning: m17n:latn-post typed another text than the one planned, from character 3: "
                + "\"Nae\\' naive\" where the text has \"Naé naive\" (the engine that types the layout combined keys "
                + "its model keeps apart)\n")
    }

    @Test(
        "--text on m17n:latn-post: a comma after e is typed with latn-post's escape (e , ,), not as ę",
        .enabled(if: latnPostPresent, "needs m17n-db"))
    func m17nTextEscaped() throws {
        let run = try KbdsimBinary.run(["--layout", "m17n:latn-post", "--text", "Grue, naive", "--trace"])
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("Grue, naive\n") && run.error.isEmpty, "\(run.error)")
        let names = run.output.split(separator: "\n").dropLast().map { String($0.prefix { $0 != " " }) }
        #expect(names.prefix(6) == ["⇧", "G", "r", "u", "e", ","] && names.dropFirst(6).first == ",")
    }

    @Test("--text --trace on a kmx keyboard", .enabled(if: kmxPresent, "needs ../shared/keyman/kmx/basic_kbdhu.kmx"))
    func kmxTrace() throws {
        let run = try KbdsimBinary.run(["--layout", "kmx:" + Self.kmx, "--text", "Győr", "--trace"])
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("Győr\n"))
        #expect(run.output.contains("ő  → insert \"ő\""))
    }

    @Test(
        "compare takes peer layouts", .enabled(if: kmxPresent && latnPostPresent, "needs ../shared/keyman and m17n-db"))
    func compare() throws {
        let run = try KbdsimBinary.run(
            ["compare", "--layouts", "kmx:\(Self.kmx),m17n:latn-post,xkb:hu", "--corpus", "-", "--format", "csv"],
            input: "Győr és Pécs között.\n")
        #expect(run.status == 0)
        let rows = run.output.split(separator: "\n")
        #expect(rows.contains { $0.contains(",m17n:latn-post,hardware,20,") })
        #expect(rows.contains { $0.contains(",kmx:\(Self.kmx),hardware,20,22,") })
    }

    @Test("an unknown peer names the closest ones and exits 1")
    func unknown() throws {
        let run = try KbdsimBinary.run(["--layout", "m17n:latn-pots", "--keys", "a"])
        #expect(run.status == 1)
        #expect(run.error.contains("[KBD-E301]"))
    }
}
