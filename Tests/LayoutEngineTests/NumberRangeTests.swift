import Testing

@testable import LayoutEngine

/// Every number a layout file gives is checked against a range before it is used: nothing a
/// file says can trap a conversion, and sizes no device has are errors naming the range.
struct NumberRangeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let geometry: String
        var key = #"{"text": "a"}"#
        var formatVersion = "1"
        let path: String
        let message: String
        var testDescription: String { "\(path): \(message)" }
    }

    static let cases = [
        Case(
            geometry: #""widthMm": 1e300, "unitsPerRow": 10, "rowPitchMm": 9"#, path: "geometry.widthMm",
            message: "widthMm must be a number from 10 to 2000 mm, found 1e+300"),
        Case(
            geometry: #""widthMm": 0, "unitsPerRow": 10, "rowPitchMm": 9"#, path: "geometry.widthMm",
            message: "widthMm must be a number from 10 to 2000 mm, found 0"),
        Case(
            geometry: #""widthMm": 60, "unitsPerRow": 1e20, "rowPitchMm": 9"#, path: "geometry.unitsPerRow",
            message: "unitsPerRow must be a number from 1 to 100 key units, found 1e+20"),
        Case(
            geometry: #""widthMm": 60, "unitsPerRow": 10, "rowPitchMm": -0.0"#, path: "geometry.rowPitchMm",
            message: "rowPitchMm must be a number from 2 to 200 mm, found 0"),
        Case(
            geometry: #""widthMm": 60, "unitsPerRow": 10, "rowPitchMm": 9, "keyGapMm": 1e308"#,
            path: "geometry.keyGapMm", message: "keyGapMm must be a number from 0 to 100 mm, found 1e+308"),
        Case(
            geometry: #""widthMm": 60, "unitsPerRow": 10, "rowPitchMm": 9"#, key: #"{"text": "a", "width": 1e-300}"#,
            path: "layers[0].rows[0].keys[0].width",
            message: "width must be a number from 0.2 to 100 key units, found 1e-300"),
        Case(
            geometry: #""widthMm": 60, "unitsPerRow": 10, "rowPitchMm": 9"#, formatVersion: "2",
            path: "formatVersion", message: "formatVersion 2 is newer than this engine reads (1)"),
        Case(
            geometry: #""widthMm": 60, "unitsPerRow": 10, "rowPitchMm": 9"#, formatVersion: "1.5",
            path: "formatVersion", message: "formatVersion must be a whole number from 1"),
        Case(
            geometry: #""widthMm": 60, "unitsPerRow": 10, "rowPitchMm": 9"#,
            formatVersion: String(repeating: "1", count: 400), path: "formatVersion",
            message: "is beyond what a layout can hold"),
    ]

    @Test(arguments: cases)
    func outOfRange(_ testCase: Case) throws {
        let json = """
            {"formatVersion": \(testCase.formatVersion), "id": "x", "name": "x", "locale": "hu",
             "geometry": {\(testCase.geometry)},
             "layers": [{"id": "base", "rows": [{"keys": [\(testCase.key)]}]}]}
            """
        let result = LayoutLoader.read(bytes: Array(json.utf8), file: "x.json", expectedID: "x")
        #expect(result.layout == nil)
        let all = result.diagnostics.map(\.description).joined(separator: "\n")
        let match = result.diagnostics.first { $0.path == testCase.path || $0.path.isEmpty }
        let diagnostic = try #require(match, "\(all)")
        #expect(diagnostic.message.contains(testCase.message), "\(all)")
    }

    @Test("ranges print as a person writes them and reject non-finite values")
    func rangeText() {
        #expect(NumberRange.keyboardWidth.description == "a number from 10 to 2000 mm")
        #expect(NumberRange(1, to: 64, whole: true).description == "a whole number from 1 to 64")
        #expect(!NumberRange.keyWidth.contains(.nan))
        #expect(!NumberRange.keyWidth.contains(.infinity))
        #expect(!NumberRange(1, to: 64, whole: true).contains(2.5))
        #expect(NumberRange.text(1e300) == "1e+300")
        #expect(NumberRange.text(-0.0) == "0")
    }
}
