import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import LDMLKeyboards

/// What a keyboard3 or keyboardTest3 file can make the loader build is bounded: variables
/// that double earlier ones, long-press lists and repertoires past the limits are errors
/// with their place, found in milliseconds instead of gigabytes.
@Suite("LDML limits")
struct LDMLLimitsTests {
    static func keyboard(keys: String = "", row: String = "a", variables: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <keyboard3 locale="und" conformsTo="45">
          <info name="t"/>
          <keys>\(keys)</keys>
          <layers formId="touch"><layer id="base"><row keys="\(row)"/></layer></layers>
          <variables>\(variables)</variables>
        </keyboard3>
        """
    }

    static func errors(_ xml: String) -> [LDMLDiagnostic] {
        TestFiles.diagnostics(xml).filter { $0.severity == .error }
    }

    @Test("sets that double earlier sets stop at 10,000 items, with the set's place")
    func doublingSets() throws {
        let sets = (1...24).map { "<set id=\"s\($0)\" value=\"$[s\($0 - 1)] $[s\($0 - 1)]\"/>" }.joined(separator: "\n")
        let errors = Self.errors(Self.keyboard(variables: "<set id=\"s0\" value=\"a b\"/>\n" + sets))
        let first = try #require(errors.first)
        #expect(first.code == "ldml.too-long")
        // s13, the 14th set, holds 2^14 = 16,384 items: the first past the limit.
        #expect(first.path == "keyboard3/variables/set[14]")
        #expect(first.message.contains("more than 10000 items"))
    }

    @Test("strings that double earlier strings stop at 65,536 characters")
    func doublingStrings() throws {
        let strings = (1...24).map { "<string id=\"s\($0)\" value=\"${s\($0 - 1)}${s\($0 - 1)}\"/>" }
            .joined(separator: "\n")
        let errors = Self.errors(Self.keyboard(variables: "<string id=\"s0\" value=\"ab\"/>\n" + strings))
        let first = try #require(errors.first)
        #expect(first.code == "ldml.too-long")
        #expect(first.message.contains("expands to 131072 characters; at most 65536"), "\(first.message)")
    }

    @Test(
        "a long-press or multi-tap list past 256 keys is an error at its key",
        arguments: ["longPressKeyIds", "multiTapKeyIds"])
    func longLists(_ attribute: String) throws {
        let ids = (0..<257).map { "k\($0)" }
        let keys =
            ids.map { "<key id=\"\($0)\" output=\"x\"/>" }.joined()
            + "<key id=\"a\" output=\"a\" \(attribute)=\"\(ids.joined(separator: " "))\"/>"
        let error = try #require(Self.errors(Self.keyboard(keys: keys)).first)
        #expect(error.code == "ldml.bad-value")
        #expect(error.message == "\(attribute) lists 257 keys; a key has at most 256")
        // 256 load, and the last one is typed.
        let fits =
            ids.dropLast().map { "<key id=\"\($0)\" output=\"\($0)\"/>" }.joined()
            + "<key id=\"a\" output=\"a\" \(attribute)=\"\(ids.dropLast().joined(separator: " "))\"/>"
        #expect(Self.errors(Self.keyboard(keys: fits)).map(\.description) == [])
    }

    @Test("a repertoire past 65,536 characters is an error; unreachable characters are listed up to 100")
    func repertoires() throws {
        let folder = try TemporaryFolder.make("ldml-limits")
        defer { TemporaryFolder.remove(folder) }
        func test(_ chars: String) -> Data {
            Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <keyboardTest3 conformsTo="45">
                  <info keyboard="spec-touch.xml" author="t" name="t"/>
                  <repertoire name="r" chars="\(chars)" type="simple"/>
                </keyboardTest3>
                """.utf8)
        }
        #expect {
            _ = try KeyboardTestFile.read(data: test("[\\u{1}-\\u{10FFFD}]"), file: "big.xml")
        } throws: { error in
            "\(error)".contains("chars holds 1114109 characters; a repertoire has at most 65536")
        }
        let file = try KeyboardTestFile.read(data: test("[\\u{4E00}-\\u{4FFF}]"), file: "cjk.xml")
        let outcome = try #require(KeyboardTestRunner.run(file, keyboard: TestFiles.fixture("spec-touch.xml")).first)
        #expect(!outcome.passed)
        #expect(outcome.details.first?.hasSuffix(" and 412 more") == true, "\(outcome.details)")
    }
}

@Suite("LDML test files: gesture numbers")
struct KeyboardTestGestureNumberTests {
    static func read(_ attributes: String) throws -> KeyboardTestFile {
        try KeyboardTestFile.read(
            data: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <keyboardTest3 conformsTo="45">
                  <info keyboard="spec-touch.xml" author="t" name="t"/>
                  <tests name="s"><test name="t"><keystroke key="a" \(attributes)/></test></tests>
                </keyboardTest3>
                """.utf8), file: "gestures.xml")
    }

    @Test(
        "a tap count or long-press place that is no whole number in range, or a flick that names no direction, is an error, not a plain tap",
        arguments: [
            ("tapCount=\"99999999999999999999\"", "must be a whole number from 1 to 1048576"),
            ("tapCount=\"two\"", "tapCount=\"two\" must be a whole number from 1 to 1048576"),
            ("tapCount=\"0\"", "from 1 to 1048576"),
            ("longPress=\"x\"", "longPress=\"x\" must be a whole number from 0 to 256"),
            ("longPress=\"-1\"", "from 0 to 256"),
            ("flick=\"ne up\"", "flick=\"ne up\": \"up\" is not a flick direction"),
            ("flick=\"NE\"", "\"NE\" is not a flick direction"),
            ("flick=\" \"", "a keystroke with flick=\" \" and no direction"),
        ])
    func badNumbers(attributes: String, message: String) {
        #expect {
            _ = try Self.read(attributes)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("gestures.xml")
        }
    }

    @Test("the numbers the CLDR files use still read")
    func goodNumbers() throws {
        for (attributes, gesture) in [
            ("tapCount=\"3\"", LDMLGesture.multiTap(3)), ("tapCount=\"1\"", .multiTap(1)),
            ("longPress=\"0\"", .longPress(0)), ("longPress=\"2\"", .longPress(2)), ("", .tap),
            ("flick=\"ne sw\"", .flick([.ne, .sw])), ("flick=\"n\"", .flick([.n])),
        ] {
            let steps = try Self.read(attributes).tests.first?.steps
            #expect(steps?.first == .keystroke(key: "a", gesture: gesture), "\(attributes)")
        }
    }
}
