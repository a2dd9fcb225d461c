import Foundation
import TestSupport
import Testing

@testable import LayoutEngine

/// Broken layout files: each gets every problem reported at once, each naming the file,
/// the place and the fix. The expected output of each fixture is its golden file.
struct BadLayoutTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/invalid")

    static let names = [
        "malformed-json", "unknown-accent", "duplicate-key-id", "missing-base-layer", "long-press-default",
        "newer-format-version", "many-problems", "shift-mismatch", "invalid-utf8", "numbers-out-of-range",
        "huge-format-version", "missing-fields",
    ]

    @Test("fixture is rejected with its golden diagnostics", arguments: names)
    func rejected(_ name: String) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name + ".json"))
        let result = LayoutLoader.read(bytes: [UInt8](data), file: "invalid/\(name).json", expectedID: name)
        #expect(result.layout == nil)
        #expect(result.diagnostics.contains { $0.severity == .error })
        for diagnostic in result.diagnostics {
            #expect(diagnostic.location != nil, "every diagnostic names its line and column: \(diagnostic)")
            if diagnostic.code == .missingField {
                #expect(diagnostic.message.contains("; add ") || diagnostic.message.contains("one of"), "\(diagnostic)")
            }
        }
        goldenFiles.check(result.diagnostics.map(\.description).joined(separator: "\n") + "\n", "invalid/\(name).txt")
    }

    struct Expectation: CustomTestStringConvertible, Sendable {
        let fixture: String
        let code: LayoutDiagnostic.Code
        let path: String
        let message: String
        var testDescription: String { "\(fixture): \(code.rawValue) at \(path.isEmpty ? "(file)" : path)" }
    }

    /// The essentials, independent of the goldens' exact wording.
    static let expectations = [
        Expectation(fixture: "malformed-json", code: .invalidJSON, path: "", message: "trailing comma"),
        Expectation(
            fixture: "unknown-accent", code: .unknownName, path: "layers[0].rows[0].keys[1].accent",
            message: "did you mean \"acute\"?"),
        Expectation(
            fixture: "duplicate-key-id", code: .duplicate, path: "layers[0].rows[0].keys[2]", message: "\"a\""),
        Expectation(fixture: "missing-base-layer", code: .missingBaseLayer, path: "layers", message: "\"base\""),
        Expectation(
            fixture: "long-press-default", code: .longPressDefaultNotListed,
            path: "layers[0].rows[0].keys[0].longPressDefault", message: "\"ő\""),
        Expectation(
            fixture: "newer-format-version", code: .newerFormatVersion, path: "formatVersion", message: "update"),
        Expectation(fixture: "many-problems", code: .idMismatch, path: "id", message: "many-problems"),
        Expectation(fixture: "many-problems", code: .unknownField, path: "platfrom", message: "\"platform\""),
        Expectation(
            fixture: "many-problems", code: .outOfRange, path: "geometry.rowPitchMm", message: "from 2 to 200 mm"),
        Expectation(fixture: "many-problems", code: .duplicate, path: "accents[1].name", message: "twice"),
        Expectation(fixture: "many-problems", code: .accentMismatch, path: "accents[2].mark", message: "U+030C"),
        Expectation(fixture: "many-problems", code: .unknownName, path: "policies.backspace", message: "\"accent\""),
        Expectation(
            fixture: "many-problems", code: .notOneGrapheme, path: "layers[0].rows[0].keys[0].text", message: "\"ab\""
        ),
        Expectation(
            fixture: "many-problems", code: .notOneGrapheme, path: "layers[0].rows[0].keys[1].text",
            message: "combining mark"),
        Expectation(
            fixture: "many-problems", code: .unknownName, path: "layers[0].rows[0].keys[2].action",
            message: "\"shift\""),
        Expectation(
            fixture: "many-problems", code: .unknownName, path: "layers[0].rows[0].keys[3].layer",
            message: "\"numbers\""),
        Expectation(
            fixture: "many-problems", code: .conflictingFields, path: "layers[0].rows[0].keys[4]", message: "text"),
        Expectation(fixture: "many-problems", code: .rowTooWide, path: "layers[0].rows[2]", message: "unitsPerRow"),
        Expectation(
            fixture: "many-problems", code: .outOfRange, path: "layers[0].rows[1].keys[0].width", message: "width"),
        Expectation(
            fixture: "many-problems", code: .conflictingFields, path: "layers[0].rows[1].keys[1]", message: "label"),
        Expectation(
            fixture: "many-problems", code: .missingField, path: "layers[0].rows[1].keys[2]", message: "one of"),
        Expectation(
            fixture: "many-problems", code: .wrongType, path: "layers[0].rows[1].keys[3].text", message: "a number"),
        Expectation(
            fixture: "many-problems", code: .unknownName, path: "layers[0].rows[1].keys[4].accent",
            message: "not declared"),
        Expectation(
            fixture: "many-problems", code: .duplicate, path: "layers[1].rows[0].keys[0].longPress[1]",
            message: "twice"),
        Expectation(
            fixture: "many-problems", code: .notOneGrapheme, path: "layers[1].rows[0].keys[0].longPress[2]",
            message: "\"1st\""),
        Expectation(fixture: "many-problems", code: .duplicate, path: "layers[3].id", message: "appears twice"),
        Expectation(
            fixture: "missing-fields", code: .missingField, path: "", message: #"add "id": "missing-fields""#),
        Expectation(
            fixture: "missing-fields", code: .missingField, path: "geometry",
            message: #"add "widthMm": the keyboard's width"#
        ),
        Expectation(
            fixture: "missing-fields", code: .missingField, path: "accents[0]", message: #"add "name": "acute""#),
        Expectation(fixture: "missing-fields", code: .missingField, path: "layers[0]", message: #"add "id": "base""#),
        Expectation(
            fixture: "missing-fields", code: .missingField, path: "layers[0].rows[0]", message: #"add "keys": ["#),
        Expectation(fixture: "shift-mismatch", code: .shiftLayerMismatch, path: "layers[1]", message: "same rows"),
        Expectation(fixture: "invalid-utf8", code: .invalidUTF8, path: "", message: "byte 55"),
        Expectation(
            fixture: "huge-format-version", code: .newerFormatVersion, path: "formatVersion",
            message: "formatVersion 1e+300 is newer than this engine reads (1)"),
        Expectation(
            fixture: "numbers-out-of-range", code: .outOfRange, path: "geometry.rowPitchMm",
            message: "rowPitchMm must be a number from 2 to 200 mm, found 1e+300"),
        Expectation(
            fixture: "numbers-out-of-range", code: .outOfRange, path: "layers[0].rows[0].keys[0].width",
            message: "width must be a number from 0.2 to 100 key units, found 1e-300"),
        Expectation(
            fixture: "numbers-out-of-range", code: .outOfRange, path: "layers[0].rows[0].keys[1].gap",
            message: "gap must be a number from 0.05 to 100 key units, found 1e-300"),
        Expectation(
            fixture: "numbers-out-of-range", code: .outOfRange, path: "layers[0].rows[0].keys[2].width",
            message:
                "no wider than the 1.5 mm gap between keys, so nothing of it shows; make it wider than 0.25 key units"
        ),
        Expectation(
            fixture: "numbers-out-of-range", code: .outOfRange, path: "layers[0].rows[0].keys[3].width",
            message: "found 1e+300"),
        Expectation(
            fixture: "numbers-out-of-range", code: .outOfRange, path: "layers[0].rows[1].keys[0].width",
            message: "found -1"),
        Expectation(
            fixture: "numbers-out-of-range", code: .outOfRange, path: "layers[0].rows[1].keys[1].gap",
            message: "found 1.1111111111111112e+67"),
    ]

    @Test(arguments: expectations)
    func reports(_ expected: Expectation) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(expected.fixture + ".json"))
        let result = LayoutLoader.read(bytes: [UInt8](data), file: expected.fixture, expectedID: expected.fixture)
        let match = result.diagnostics.first { $0.code == expected.code && $0.path == expected.path }
        let diagnostic = try #require(match, "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(diagnostic.message.contains(expected.message), "\(diagnostic)")
        #expect(diagnostic.location != nil, "names line and column")
    }

    @Test("a missing file names itself; an unknown id lists the shipped ones")
    func missing() {
        #expect(throws: LayoutLoadError.self) { try LayoutLoader.load(path: "/nonexistent/x.json") }
        do {
            _ = try LayoutCatalog.load("hu-tuoch")
            Issue.record("loaded a layout that does not exist")
        } catch {
            #expect(error.description.contains("did you mean \"hu-touch\"?"))
            #expect(error.description.contains("cs-touch"))
        }
    }
}
