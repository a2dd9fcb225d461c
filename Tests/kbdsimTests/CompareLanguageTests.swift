import Foundation
import Testing

/// Layouts of different languages in one comparison: over a corpus they are measured, with a
/// note that the languages differ; without one no embedded word list fits them all.
@Suite("kbdsim compare: layouts of different languages")
struct CompareLanguageTests {
    static let note = "kbdsim compare: note: the layouts are for different languages ("

    @Test(
        "arguments → exit status and what standard error says",
        arguments: [
            (["--layouts", "hu-touch,xkb:cz", "--corpus", "SAMPLE"], 0, "(hu: hu-touch; cs: xkb:cz)"),
            (
                ["--layouts", "hu-touch,hu-ios,cs-touch", "--corpus", "SAMPLE"], 0,
                "(hu: hu-touch, hu-ios; cs: cs-touch)"
            ),
            (["--layouts", "hu-touch,xkb:cz"], 64, "the layouts are for different languages (cs, hu): give --corpus"),
            (["--layouts", "hu-touch,xkb:hu", "--corpus", "SAMPLE"], 0, nil),
            (["--layouts", "hu-touch,hu-ios"], 0, nil),
        ] as [([String], Int32, String?)])
    func languages(_ arguments: [String], _ status: Int32, _ message: String?) throws {
        let result = try CompareCommandTests.run(arguments.map { $0 == "SAMPLE" ? CompareCommandTests.sample : $0 })
        #expect(result.status == status, "\(result.error)")
        if let message {
            #expect(result.error.contains(message), "\(result.error)")
        } else {
            #expect(!result.error.contains(Self.note), "\(result.error)")
        }
        #expect(result.error.contains(Self.note) == (status == 0 && message != nil), "\(result.error)")
        if status == 0 { #expect(result.output.contains("\nhu-touch ")) }
    }

    @Test("docs/comparing.md says what the command does")
    func documented() throws {
        let page = try String(
            contentsOf: KbdsimBinary.packageRoot.appendingPathComponent("docs/comparing.md"), encoding: .utf8)
        #expect(!page.contains("`hu-touch,xkb:cz` is refused"))
        #expect(page.contains("`--layouts hu-touch,xkb:cz --corpus hu.txt` measures"))
    }
}
