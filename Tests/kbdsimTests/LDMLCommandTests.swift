import Foundation
import TestSupport
import Testing

/// `kbdsim test-keyboard` and `kbdsim export`: TAP output and exit statuses 0, 1 and 64.
struct LDMLCommandTests {
    static let cldr = KbdsimBinary.packageRoot.appendingPathComponent("Layouts/cldr").path

    @Test("test-keyboard: a passing file prints ok lines and exits 0, the keyboard found in ../3.0/")
    func passing() throws {
        let result = try KbdsimBinary.run(["test-keyboard", Self.cldr + "/test/fr-t-k0-test-test.xml"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("TAP version 13\n"))
        #expect(result.output.contains("1..3\n"))
        #expect(result.output.contains("ok 3 - key-tests/key-test"))
        #expect(!result.output.contains("not ok"))
    }

    @Test("test-keyboard: a failing check prints not ok with the expected and actual text, and exits 1")
    func failing() throws {
        let folder = try TemporaryFolder.make("ldml-cli")
        defer { TemporaryFolder.remove(folder) }
        let test = folder.appendingPathComponent("t.xml").path
        try """
        <keyboardTest3 conformsTo="techpreview"><info keyboard="fr-t-k0-test.xml" name="t"/>
        <tests name="s"><test name="wrong"><keystroke key="a"/><check result="b"/></test></tests></keyboardTest3>
        """.write(toFile: test, atomically: true, encoding: .utf8)
        let result = try KbdsimBinary.run(["test-keyboard", test, "--keyboard", Self.cldr + "/3.0/fr-t-k0-test.xml"])
        #expect(result.status == 1)
        #expect(result.output.contains("not ok 1 - s/wrong"))
        #expect(result.output.contains("expected: \"b\""))
        #expect(result.output.contains("actual:   \"a\""))
    }

    @Test(
        "usage errors exit 64 with a usage line",
        arguments: [
            ["test-keyboard"], ["test-keyboard", "a.xml", "b.xml"], ["test-keyboard", "--keyboard"],
            ["export", "hu-touch"], ["export", "--format", "nope", "hu-touch"], ["export", "--format", "ldml"],
        ])
    func usage(_ arguments: [String]) throws {
        let result = try KbdsimBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains("usage: kbdsim"))
    }

    @Test("export writes keyboard3 XML; an unknown layout id exits 64 as in the other commands")
    func export() throws {
        let result = try KbdsimBinary.run(["export", "--format", "ldml", "hu-touch"])
        #expect(result.status == 0)
        #expect(result.output.contains("<keyboard3 "))
        #expect(result.output.contains("<key id=\"accent-acute\" output=\"\\u{301}\" />"))
        let missing = try KbdsimBinary.run(["export", "--format", "ldml", "no-such-layout"])
        #expect(missing.status == 64)
    }
}
