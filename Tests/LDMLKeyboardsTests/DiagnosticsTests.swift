import Foundation
import Testing

@testable import LDMLKeyboards

/// Bad keyboards get one diagnostic per problem, each with its place, a stable code and a fix.
@Suite("Diagnostics")
struct DiagnosticsTests {
    static func keyboard(keys: String = "", layers: String? = nil, rest: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <keyboard3 locale="und" conformsTo="45">
          <info name="t"/>
          <keys>\(keys)</keys>
          \(layers ?? "<layers formId=\"touch\"><layer id=\"base\"><row keys=\"a b\"/></layer></layers>")
          \(rest)
        </keyboard3>
        """
    }

    static func codes(_ xml: String) -> [String] {
        TestFiles.diagnostics(xml).filter { $0.severity == .error }.map(\.code.rawValue)
    }

    @Test("a layout JSON file given as a keyboard or a test file is named JSON, with where it goes")
    func jsonFile() throws {
        let json = "\n  {\"formatVersion\": 1, \"id\": \"x\"}\n"
        let keyboard = try #require(TestFiles.diagnostics(json).first)
        #expect(keyboard.code == "ldml.xml-syntax")
        #expect(keyboard.message == "the file is JSON (a layout file?), not XML")
        #expect(keyboard.fix == "give a CLDR keyboard file (XML); a layout .json file is read by --layout")
        #expect(throws: LDMLLoadError.self) { try KeyboardTestFile.read(data: Data(json.utf8), file: "t.json") }
        let xml = try #require(TestFiles.diagnostics("<keyboard3").first)
        #expect(xml.fix == "make the file well-formed XML", "other syntax errors keep their fix")
    }

    @Test("an unknown key in a row names the row, the key and a near id")
    func unknownKey() throws {
        let xml = Self.keyboard(
            keys: "<key id=\"a-grave\" output=\"à\"/>",
            layers: "<layers formId=\"touch\"><layer id=\"base\"><row keys=\"a a-grav\"/></layer></layers>")
        let diagnostics = TestFiles.diagnostics(xml)
        let error = try #require(diagnostics.first { $0.code == "ldml.unknown-key" })
        #expect(error.path == "keyboard3/layers[1]/layer[1]/row[1]")
        #expect(error.line == 5)
        #expect(error.message.contains("a-grav"))
        #expect((error.fix ?? "").contains("did you mean \"a-grave\""))
        #expect(error.description.hasPrefix("inline.xml:5:"))
    }

    @Test("a diagnostic without a line or an element leaves them out, not `:0:0:` and an empty path")
    func placeless() {
        let missing = LDMLLoader.read(path: "/nonexistent/k.xml").diagnostics
        #expect(missing.map(\.description) == [missing[0].description])
        #expect(missing[0].description.hasPrefix("/nonexistent/k.xml: error: "), "\(missing[0].description)")
        let placed = LDMLDiagnostic(
            file: "k.xml", line: 3, column: 7, path: "keyboard3/keys", code: "ldml.x", message: "m", fix: "f")
        #expect(placed.description == "k.xml:3:7: error: keyboard3/keys: m [ldml.x]; fix: f")
        let pathless = LDMLDiagnostic(
            file: "k.xml", line: 3, column: 7, path: "", code: "ldml.x", message: "m", fix: "f")
        #expect(pathless.description == "k.xml:3:7: error: m [ldml.x]; fix: f")
    }

    @Test(
        "a key width outside the DTD's 0.01 to 100 is an error naming the range; inside it loads",
        arguments: [
            ("1e-300", false), ("0", false), ("-1", false), ("0.009", false), ("100.5", false), ("1e300", false),
            ("NaN", false), ("inf", false), ("wide", false), ("0.01", true), ("1.5", true), ("100", true),
        ])
    func keyWidth(_ width: String, _ loads: Bool) throws {
        let xml = Self.keyboard(
            keys: "<key id=\"w\" output=\"w\" width=\"\(width)\"/>",
            layers: "<layers formId=\"touch\"><layer id=\"base\"><row keys=\"a w\"/></layer></layers>")
        let errors = TestFiles.diagnostics(xml).filter { $0.severity == .error }
        if loads {
            #expect(errors.isEmpty, "\(errors)")
        } else {
            let error = try #require(errors.first)
            #expect(error.code == "ldml.bad-value")
            #expect(error.message.contains("from 0.01 to 100"), "\(error.message)")
        }
    }

    @Test(
        "the suggested id is the nearest, ignoring case, the first in sorted order among equals",
        arguments: [
            ("a-grav", ["b-grave", "a-grave", "a-acute"], "a-grave"),
            ("ab", ["ac", "zb", "aa"], "aa"),
            ("ab", ["zb", "ac"], "ac"),
            ("A-GRAV", ["a-grave"], "a-grave"),
            ("shift", ["shft", "shif", "sxhift"], "shft"),
            ("abcdefghi", ["abcdwxyzi", "zzzzzzzzz"], ""), ("abcdefghi", ["abcdefxyz"], "abcdefxyz"),
            ("x", ["yy", "y"], "y"),
            ("", ["a"], "a"),
            ("key", [], ""),
        ])
    func suggestion(name: String, candidates: [String], expected: String) {
        let wanted = expected.isEmpty ? "" : "; did you mean \"\(expected)\"?"
        #expect(LDMLLoading.suggestion(name, among: candidates) == wanted)
        #expect(LDMLLoading.suggestion(name, among: candidates.reversed()) == wanted)
    }

    @Test(
        "transform syntax the spec disallows is rejected",
        arguments: [
            ("a*", "ldml.bad-pattern"), ("a+", "ldml.bad-pattern"), ("a{2,}", "ldml.bad-pattern"),
            ("((a)b)", "ldml.bad-pattern"), ("(?&lt;n&gt;a)", "ldml.bad-pattern"), ("a$", "ldml.bad-pattern"),
            ("\\p{Mn}", "ldml.bad-pattern"), ("x?", "ldml.empty-match"), ("[á]", "ldml.non-nfd-class"),
            ("\\1", "ldml.bad-pattern"), ("(a", "ldml.bad-pattern"), ("a|", "ldml.empty-match"),
            ("$[nope]", "ldml.unknown-variable"), ("\\u{FFFF}", "ldml.invalid-character"),
        ])
    func badPatterns(pattern: String, code: String) {
        let rest =
            "<transforms type=\"simple\"><transformGroup><transform from=\"\(pattern)\" to=\"x\"/></transformGroup></transforms>"
        #expect(Self.codes(Self.keyboard(rest: rest)).contains(code), "\(pattern)")
    }

    @Test("mapped sets need one captured set and sets of the same size")
    func mappedSets() {
        let variables = "<variables><set id=\"u\" value=\"A B\"/><set id=\"l\" value=\"a b c\"/></variables>"
        let mismatch =
            variables
            + "<transforms type=\"simple\"><transformGroup><transform from=\"($[u])\" to=\"$[1:l]\"/></transformGroup></transforms>"
        #expect(Self.codes(Self.keyboard(rest: mismatch)).contains("ldml.set-size-mismatch"))
        let uncaptured =
            variables
            + "<transforms type=\"simple\"><transformGroup><transform from=\"$[u](x)\" to=\"$[1:l]\"/></transformGroup></transforms>"
        #expect(Self.codes(Self.keyboard(rest: uncaptured)).contains("ldml.unmapped-group"))
        let missingGroup =
            "<transforms type=\"simple\"><transformGroup><transform from=\"a\" to=\"$1\"/></transformGroup></transforms>"
        #expect(Self.codes(Self.keyboard(rest: missingGroup)).contains("ldml.unknown-group"))
    }

    @Test("structure: mixed and empty groups, duplicate transforms types, bad modifiers, missing base layer")
    func structure() {
        let mixed =
            "<transforms type=\"simple\"><transformGroup><transform from=\"a\"/><reorder from=\"a\" order=\"1\"/></transformGroup></transforms>"
        #expect(Self.codes(Self.keyboard(rest: mixed)).contains("ldml.mixed-group"))
        let empty = "<transforms type=\"simple\"><transformGroup/></transforms>"
        #expect(Self.codes(Self.keyboard(rest: empty)).contains("ldml.empty-group"))
        let twice = "<transforms type=\"simple\"><transformGroup><transform from=\"a\"/></transformGroup></transforms>"
        #expect(Self.codes(Self.keyboard(rest: twice + twice)).contains("ldml.duplicate-element"))
        let modifiers =
            "<layers formId=\"us\"><layer modifiers=\"altL ctrlR\"><row keys=\"a\"/></layer><layer modifiers=\"hyper\"><row keys=\"a\"/></layer></layers>"
        #expect(Self.codes(Self.keyboard(layers: modifiers)).filter { $0 == "ldml.bad-modifiers" }.count == 2)
        let noBase = "<layers formId=\"touch\"><layer id=\"main\"><row keys=\"a\"/></layer></layers>"
        #expect(Self.codes(Self.keyboard(layers: noBase)).contains("ldml.missing-base-layer"))
        let tooWide =
            "<layers formId=\"us\"><layer modifiers=\"none\"><row keys=\"a b c d e f g h i j k l m n\"/></layer></layers>"
        #expect(Self.codes(Self.keyboard(layers: tooWide)).contains("ldml.too-many-keys"))
    }

    @Test("keys: gestures naming unknown keys, a bad default, a gap with output, an unknown flick")
    func keys() {
        let keys = """
            <key id="o" output="o" longPressKeyIds="o-acute" longPressDefaultKeyId="x" multiTapKeyIds="o"/>
            <key id="g" gap="true" output="g"/><key id="f" output="f" flickId="none"/><key id="q" output="q" longPressKeyIds="nope"/>
            """
        let codes = Self.codes(Self.keyboard(keys: keys))
        for code in [
            "ldml.unknown-key", "ldml.bad-default", "ldml.self-reference", "ldml.gap-with-output", "ldml.unknown-flick",
        ] {
            #expect(codes.contains(code), "\(code) in \(codes)")
        }
    }

    @Test("not XML, not keyboard3, bad conformsTo, a missing import: clear errors, no crash")
    func files() {
        #expect(Self.codes("<keyboard3").contains("ldml.xml-syntax"))
        #expect(Self.codes("<keyboard locale=\"x\"/>").contains("ldml.not-keyboard3"))
        let old = Self.keyboard().replacingOccurrences(of: "conformsTo=\"45\"", with: "conformsTo=\"44\"")
        #expect(Self.codes(old).contains("ldml.bad-conformsTo"))
        let missing = Self.keyboard(keys: "<import base=\"cldr\" path=\"45/keys-Nope.xml\"/>")
        #expect(Self.codes(missing).contains("ldml.import-not-found"))
        let wrongRoot = Self.keyboard(keys: "<import base=\"cldr\" path=\"45/scanCodes-implied.xml\"/>")
        #expect(Self.codes(wrongRoot).contains("ldml.import-root-mismatch"))
    }

    @Test(
        "a set that ends inside a range is an error, not a crash (found by FuzzLDMLLoader)",
        arguments: ["[a- ", "[a-", "[a -  ", "[\\u{61}- ", "[", "[a", "[a-b c- "])
    func unfinishedSet(_ set: String) {
        let reorder =
            "<transforms type=\"simple\"><transformGroup><reorder from=\"\(set)\" order=\"1\"/></transformGroup></transforms>"
        let transform =
            "<transforms type=\"simple\"><transformGroup><transform from=\"\(set)\" to=\"x\"/></transformGroup></transforms>"
        for rest in [reorder, transform] {
            let codes = Self.codes(Self.keyboard(rest: rest))
            #expect(codes.contains { $0.hasPrefix("ldml.bad-") }, "\(set): \(codes)")
        }
    }

    @Test("processing instructions are ignored, not a crash (found by FuzzLDMLLoader)")
    func processingInstructions() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment's <?pi?> goes too -->
            <keyboard3 locale="und" conformsTo="45"><?pi?><?other ?><?with data?>
            <info name="x"/><keys><key id="a" output="a"/></keys>
            <layers formId="us"><layer><row keys="a"/></layer></layers></keyboard3>
            """
        #expect(TestFiles.diagnostics(xml).filter { $0.severity == .error }.isEmpty, "\(TestFiles.diagnostics(xml))")
        let blanked = String(decoding: XMLTreeReader.blankingProcessingInstructions(Data(xml.utf8)), as: UTF8.self)
        #expect(blanked.utf8.count == xml.utf8.count)
        #expect(blanked.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a comment's   pi?> goes too -->"))
        #expect(!blanked.dropFirst(2).contains("<?"), "\(blanked)")
        #expect(blanked.components(separatedBy: "\n").count == xml.components(separatedBy: "\n").count)
    }

    /// Files whose `<?` a parser could read differently from the blanking: each is an error
    /// or loads, and none crashes FoundationXML.
    @Test(
        "a broken XML declaration is an error at its place; stray <? are blanked",
        arguments: [
            ("<?xml version=\"1.0\"?bad -->\n<keyboard3 locale=\"und\" conformsTo=\"45\"><?x?></keyboard3>", 1),
            ("<?xml version=\"1\n<keyboard3 locale=\"und\" conformsTo=\"45\"><?x?></keyboard3>", 2),
            ("<?xml version=\"1.0\"\n\n<keyboard3><?xm </keyboard3><?x?>", 3),
            ("<?xml?><keyboard3 locale=\"und\" conformsTo=\"45\"><?x?></keyboard3>", nil),
            ("<keyboard3 locale=\"und\" conformsTo=\"45\"><!-- a -- b <?x?> --><?x </keyboard3><?y?>", nil),
            ("<keyboard3 locale=\"und\" conformsTo=\"45\"><![CDATA[<?x?>]]></keyboard3>", nil),
        ])
    func brokenDeclarations(xml: String, errorLine: Int?) {
        let diagnostics = TestFiles.diagnostics(xml)
        if let errorLine {
            let error = diagnostics.first { $0.severity == .error }
            #expect(error?.line == errorLine, "\(diagnostics)")
            #expect(error?.message.contains("XML declaration") == true, "\(diagnostics)")
        } else {
            // No declaration: the parser sees no instruction at all.
            let blanked = XMLTreeReader.blankingProcessingInstructions(Data(xml.utf8))
            #expect(!String(decoding: blanked, as: UTF8.self).contains("<?x"))
        }
    }
}
