import Foundation
import Testing

@testable import LDMLKeyboards

/// The shipped CLDR imports are taken as parsed when they import nothing, and their keys as
/// read once a process (`ShippedImportKeys`): a keyboard must load as it does when the same
/// import files are read from a folder (`LDMLImportResolver(cldrDirectory:)`), which takes
/// neither shortcut.
@Suite("Shipped imports read once a process")
struct ShippedImportCacheTests {
    /// The folder holding copies of the shipped import files.
    static let importFolder = TestFiles.shippedCLDR + "/import"

    /// What a load gives, for comparing: every key (all its fields), the key ids' indices,
    /// the layers' key rows, and the diagnostics with import files named by their last
    /// path component.
    static func summary(_ result: LDMLLoader.Result) -> String {
        var lines = result.diagnostics.map { diagnostic in
            let file = diagnostic.file.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? ""
            return "\(file) \(diagnostic.line):\(diagnostic.column) \(diagnostic.code) \(diagnostic.message)"
        }
        if let keyboard = result.keyboard {
            lines += keyboard.keys.map { "\($0)" }
            lines += keyboard.keyIndex.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines += [keyboard.touch(), keyboard.hardware].compactMap { $0 }.map { set in
                "\(set.layers.map { $0.rows })"
            }
        }
        return lines.joined(separator: "\n")
    }

    static func compare(_ xml: String, file: String = "inline.xml", loads: Bool = false) {
        let cached = LDMLLoader.read(data: Data(xml.utf8), file: file)
        if loads { #expect(cached.keyboard != nil, "\(cached.diagnostics)") }
        let fromFolder = LDMLLoader.read(
            data: Data(xml.utf8), file: file, resolver: LDMLImportResolver(cldrDirectory: importFolder))
        #expect(summary(cached) == summary(fromFolder), "\(file)")
    }

    @Test("the shipped keyboards and the fixtures load the same")
    func keyboards() throws {
        var count = 0
        for id in LDMLLoader.shippedIDs {
            let text = try #require(ShippedCLDRFiles.files["3.0/\(id).xml"])
            Self.compare(text, file: "cldr:\(id)")
            count += 1
        }
        for path in TestFiles.files(in: TestFiles.fixtures) {
            Self.compare(try String(contentsOfFile: path, encoding: .utf8), file: path)
            count += 1
        }
        #expect(count > 20)
    }

    /// A keyboard with `keys` as its `<keys>` content (and `settings`).
    static func keyboard(keys: String, settings: String = "") -> String {
        """
        <keyboard3 locale="und" conformsTo="45"><info name="t"/>\(settings)
        <keys>\(keys)</keys>
        <layers formId="touch"><layer id="base"><row keys="a A Q space"/></layer></layers>
        </keyboard3>
        """
    }

    @Test("imports before, after and instead of the implied keys, overridden keys, normalization off")
    func importOrders() {
        let punctuation = #"<import base="cldr" path="45/keys-Zyyy-punctuation.xml"/>"#
        let currency = #"<import base="cldr" path="45/keys-Zyyy-currency.xml"/>"#
        let implied = #"<import base="cldr" path="45/keys-Latn-implied.xml"/>"#
        let own = #"<key id="A" output="\u{212B}" longPressKeyIds="a Q"/><key id="Q" output="q\u{301}"/>"#
        for keys in [
            punctuation + own, currency + punctuation, punctuation + implied + own, implied + currency,
            implied + implied, own + implied + punctuation, punctuation + punctuation, "",
        ] {
            Self.compare(Self.keyboard(keys: keys), loads: true)
            Self.compare(Self.keyboard(keys: keys, settings: #"<settings normalization="disabled"/>"#), loads: true)
        }
    }

    @Test("the implied keys are read once a process, for either normalization")
    func keysKept() throws {
        let result = LDMLLoader.read(data: Data(Self.keyboard(keys: "").utf8), file: "inline.xml")
        let keyboard = try #require(result.keyboard)
        let resolver = LDMLImportResolver()
        let (data, name) = try #require(resolver.cldrFile("45/keys-Latn-implied.xml"))
        guard case .success(let root) = resolver.parse(data, name: name) else {
            Issue.record("the shipped implied keys do not parse")
            return
        }
        let nodes = root.children.filter { $0.name == "key" }
        let kept = nodes.filter { ShippedImportKeys.key($0, normalize: true) != nil }
        #expect(kept.count == nodes.count)
        for node in nodes {
            let id = try #require(node["id"])
            let loaded = keyboard.keys[try #require(keyboard.keyIndex[id])]
            #expect("\(ShippedImportKeys.key(node, normalize: true).map { "\($0)" } ?? "")" == "\(loaded)")
            #expect(ShippedImportKeys.key(node, normalize: false) != nil)
        }
        // A node at a kept key's place with other attributes is read as it is.
        var changed = try #require(kept.first)
        changed.attributes["output"] = "x"
        #expect(ShippedImportKeys.key(changed, normalize: true) == nil)
    }

    @Test("local imports deep in the tree are expanded (elements without imports are taken as they are)")
    func deepLocalImports() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deep-imports-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"<variables><string id="x" value="Q"/></variables>"#.write(
            to: folder.appendingPathComponent("vars.xml"), atomically: true, encoding: .utf8)
        try #"<transformGroup><transform from="ab" to="${x}"/></transformGroup>"#.write(
            to: folder.appendingPathComponent("rules.xml"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("keyboard.xml").path
        try """
        <keyboard3 locale="und" conformsTo="45"><info name="t"/>
        <keys><key id="q" output="q"/></keys>
        <layers formId="touch"><layer id="base"><row keys="a b q"/></layer></layers>
        <variables><import path="vars.xml"/></variables>
        <transforms type="simple"><transformGroup><import path="rules.xml"/>
        <transform from="qq" to="z"/></transformGroup></transforms>
        </keyboard3>
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let keyboard = try LDMLLoader.load(contentsOf: file)
        var session = LDMLSession(keyboard: keyboard)
        for id in ["a", "b", "q", "q"] { _ = session.press(id: id) }
        #expect(session.text == "Qz")
    }
}
