import Foundation
import TestSupport
import Testing

@testable import LDMLKeyboards

/// The CLDR files built into the library are exactly those of `Layouts/cldr/3.0` and
/// `Layouts/cldr/import` (regenerate with `python3 Layouts/cldr/embed.py`).
struct ShippedCLDRFilesSyncTests {
    @Test("every Layouts/cldr keyboard and import file is built in, and nothing else is")
    func builtInEqualsFolders() throws {
        let root = PackagePaths.layouts.appendingPathComponent("cldr")
        var onDisk: [String: String] = [:]
        for folder in ["3.0", "import"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            for name in names where name.hasSuffix(".xml") {
                let text = try String(contentsOf: root.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8)
                onDisk["\(folder)/\(name)"] = text
            }
        }
        #expect(Set(ShippedCLDRFiles.files.keys) == Set(onDisk.keys), "run python3 Layouts/cldr/embed.py")
        for (path, text) in onDisk {
            let trimmed = String(text.reversed().drop { $0 == "\n" }.reversed())
            #expect(ShippedCLDRFiles.files[path] == trimmed, "\(path): run python3 Layouts/cldr/embed.py")
        }
    }
}
