import Foundation
import LDMLKeyboards
import LayoutEngine
import TestSupport
import Testing

/// Files the tests read.
enum TestFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = directory.appendingPathComponent("Fixtures").path
    /// The CLDR keyboards shipped in the repository.
    static let shippedCLDR = PackagePaths.layouts.appendingPathComponent("cldr").path
    /// CLDR's and Keyman's LDML data beside the repository, when present.
    static let shared = PackagePaths.shared.appendingPathComponent("ldml").path

    static var sharedDataPresent: Bool { FileManager.default.fileExists(atPath: shared + "/README.md") }
    static let sharedAbsent =
        "needs ../shared/ldml (CLDR 46 and Keyman's LDML conformance data); absent in a fresh clone"

    /// The `*.xml` files in `folder` whose names end with `suffix`, sorted.
    static func files(in folder: String, suffix: String = ".xml") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder + "/" + $0 }
    }

    /// A keyboard from `Fixtures/`.
    static func fixture(_ name: String) throws -> LDMLKeyboard {
        try LDMLLoader.load(contentsOf: fixtures + "/" + name)
    }

    /// A keyboard from inline XML.
    static func keyboard(_ xml: String) throws -> LDMLKeyboard {
        let result = LDMLLoader.read(data: Data(xml.utf8), file: "inline.xml")
        guard let keyboard = result.keyboard else { throw LDMLLoadError(diagnostics: result.diagnostics) }
        return keyboard
    }

    /// Inline XML's diagnostics.
    static func diagnostics(_ xml: String) -> [LDMLDiagnostic] {
        LDMLLoader.read(data: Data(xml.utf8), file: "inline.xml").diagnostics
    }
}

/// Runs a test file and returns the failing outcomes.
func failures(ofTestFile path: String) throws -> [KeyboardTestRunner.Outcome] {
    let file = try KeyboardTestFile.read(path: path)
    let keyboardPath = try #require(KeyboardTestRunner.locateKeyboard(testPath: path, keyboardFile: file.keyboardFile))
    let keyboard = try LDMLLoader.load(contentsOf: keyboardPath)
    return KeyboardTestRunner.run(file, keyboard: keyboard).filter { !$0.passed }
}
