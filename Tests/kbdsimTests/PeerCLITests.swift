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
