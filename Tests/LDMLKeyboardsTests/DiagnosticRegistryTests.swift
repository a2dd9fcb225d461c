import Foundation
import LDMLKeyboards
import LayoutEngine
import TestSupport
import Testing

/// One diagnostic for both loaders: one format, and one registry of codes that
/// `docs/diagnostics.md` lists exactly.
struct DiagnosticRegistryTests {
    static let page = PackagePaths.root.appendingPathComponent("docs/diagnostics.md").path

    /// The codes in the first column of the page's tables, in order.
    static func listedCodes() throws -> [String] {
        let text = try String(contentsOfFile: page, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
    }

    @Test("docs/diagnostics.md lists exactly the registered codes, in order, each once")
    func pageListsTheRegistry() throws {
        let registered = (LayoutDiagnostic.Code.layoutCodes + LayoutDiagnostic.Code.ldmlCodes).map(\.rawValue)
        #expect(try Self.listedCodes() == registered)
        #expect(Set(registered).count == registered.count)
        #expect(LayoutDiagnostic.Code.layoutCodes.allSatisfy { $0.rawValue.hasPrefix("KBD-") })
        #expect(LayoutDiagnostic.Code.ldmlCodes.allSatisfy { $0.rawValue.hasPrefix("ldml.") })
    }

    @Test("a JSON layout's and a keyboard3 file's diagnostics print in the same format")
    func oneFormat() throws {
        let json = LayoutLoader.read(bytes: Array(#"{"formatVersion": 1, "id": "x", "nme": "X"}"#.utf8), file: "x.json")
        let jsonFirst = try #require(json.diagnostics.first)
        #expect(jsonFirst.description.hasPrefix("x.json:1:"))
        #expect(jsonFirst.description.contains(": error: "))
        let xml = LDMLLoader.read(data: Data("<keyboard3><keys><key/></keys></keyboard3>".utf8), file: "k.xml")
        let xmlFirst = try #require(xml.diagnostics.first)
        let parts = xmlFirst.description.split(separator: " ", maxSplits: 2)
        #expect(parts.count == 3 && parts[0].hasPrefix("k.xml:") && parts[1] == "error:", "\(xmlFirst)")
        #expect(xmlFirst.description.contains(" [\(xmlFirst.code)]; fix: \(xmlFirst.fix ?? "")"))
        let unplaced = LayoutDiagnostic(
            .error, .unreadableFile, file: "gone.json", location: nil, path: "", message: "m")
        #expect(unplaced.description == "gone.json: error: m [KBD-E100]")
        let placed = LayoutDiagnostic(
            file: "k.xml", line: 3, column: 7, path: "keyboard3/keys", code: "ldml.bad-id", message: "m", fix: "f",
            severity: .warning)
        #expect(placed.description == "k.xml:3:7: warning: keyboard3/keys: m [ldml.bad-id]; fix: f")
    }
}
