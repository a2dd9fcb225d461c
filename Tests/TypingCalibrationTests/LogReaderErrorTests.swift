import Testing
import TypingCalibration

/// A small valid log, one field a line where the cases below change it.
let minimalLog = """
    {"format": "kbdsim-typing-log",
     "version": 1,
     "createdAt": "2026-05-01T09:30:00Z",
     "page": {"engine": "test"},
     "participant": {"id": "p01", "posture": "one-finger"},
     "device": {"userAgent": "x", "screenPx": {"width": 390, "height": 844}, "viewportPx": {"width": 390, "height": 844},
      "devicePixelRatio": 3, "pxPerMm": 6, "pxPerMmSource": "card", "orientation": "portrait"},
     "settings": {"layoutOrder": ["t"], "practicePhrases": 0, "testPhrases": 1, "longPressMs": 500, "seed": 1},
     "layouts": [{"id": "t", "name": "T", "language": "hu", "keyboardPx": {"width": 120, "height": 50}, "keys": [
      {"key": 0, "layer": "base", "name": "a", "label": "a", "role": "letter",
       "rectPx": {"x": 0, "y": 0, "width": 30, "height": 45}, "rectMm": {"x": 0, "y": 0, "width": 5, "height": 7.5}},
      {"key": 1, "layer": "base", "name": "b", "label": "b", "role": "letter",
       "rectPx": {"x": 36, "y": 0, "width": 30, "height": 45}, "rectMm": {"x": 6, "y": 0, "width": 5, "height": 7.5}}]}],
     "phrases": [{"layout": "t", "block": "test", "index": 0, "target": "ab", "result": "ab", "orientation": "portrait",
      "touches": [
       {"down": {"t": 100, "x": 15, "y": 20}, "up": {"t": 180, "x": 15, "y": 20}, "key": 0, "intended": 0,
        "gesture": "tap", "textBefore": "", "textAfter": "a"},
       {"down": {"t": 400, "x": 50, "y": 20}, "up": {"t": 480, "x": 50, "y": 20}, "key": 1, "intended": 1,
        "gesture": "tap", "textBefore": "a", "textAfter": "ab"}],
      "measures": {"wpm": 12, "kspc": 1, "msdErrorRate": 0, "correctedErrorRate": 0, "uncorrectedErrorRate": 0,
       "totalErrorRate": 0, "seconds": 0.3, "keystrokes": 2, "correct": 2, "incorrectNotFixed": 0,
       "incorrectFixed": 0, "fixes": 0}}]}
    """

/// Every fatal problem of a log, with the message the user reads.
@Suite struct LogReaderErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let replace: String
        let with: String
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "another version", replace: "\"version\": 1", with: "\"version\": 2",
            message: "log.json:2:13: version: version 2: this kbdsim reads version 1 logs; use a kbdsim that reads "
                + "this version, or save the log again from a page of version 1"),
        Case(
            name: "another format", replace: "kbdsim-typing-log", with: "kbdsim-model",
            message: "log.json:1:12: format: expected \"kbdsim-typing-log\", found \"kbdsim-model\"; give a log the "
                + "typing test saved"),
        Case(
            name: "a touch time that is no number", replace: "{\"t\": 400,", with: "{\"t\": \"400\",",
            message: "log.json:18:19: phrases[0].touches[1].down.t: expected a number, found \"400\""),
        Case(
            name: "a key wider than any screen (found by FuzzTypingLog: it overflowed the size groups)",
            replace: "\"rectMm\": {\"x\": 6, \"y\": 0, \"width\": 5,",
            with: "\"rectMm\": {\"x\": 6, \"y\": 0, \"width\": 5e97,",
            message: "log.json:13:96: layouts[0].keys[1].rectMm.width: expected a number of at most 1000000000000 in "
                + "magnitude, found 5e+97; times are milliseconds, positions and sizes pixels or millimetres: save the "
                + "log again"),
        Case(
            name: "px per mm no screen has", replace: "\"pxPerMm\": 6,", with: "\"pxPerMm\": 0.001,",
            message: "log.json:7:37: device.pxPerMm: expected a number of at least 0.01, found 0.001"),
        Case(
            name: "an unknown posture", replace: "\"one-finger\"", with: "\"two-fingers\"",
            message: "log.json:5:42: participant.posture: expected \"one-finger\", \"two-thumbs\" or \"one-thumb\", "
                + "found \"two-fingers\""),
        Case(
            name: "a missing field", replace: "\"result\": \"ab\", ", with: "",
            message: "log.json:14:14: phrases[0]: a phrase has no 'result'; add 'result', which version 1 requires"),
        Case(
            name: "an unknown field", replace: "\"page\": {\"engine\": \"test\"}",
            with: "\"page\": {\"engine\": \"test\", \"build\": 3}",
            message: "log.json:4:29: page.build: unknown field 'build' in page; remove it (page has engine)"),
        Case(
            name: "a date that is no date-time", replace: "2026-05-01T09:30:00Z", with: "yesterday",
            message: "log.json:3:15: createdAt: expected a date-time like 2026-05-01T09:30:00Z (RFC 3339), "
                + "found \"yesterday\""),
        Case(
            name: "a phrase on a layout the log lacks", replace: "[{\"layout\": \"t\"", with: "[{\"layout\": \"u\"",
            message: "log.json:14:25: phrases[0].layout: layout 'u' is not among the log's layouts (t); every "
                + "phrase's layout must be listed in 'layouts'"),
        Case(
            name: "a key hit that the layout lacks", replace: "\"key\": 1, \"intended\": 1",
            with: "\"key\": 7, \"intended\": 1",
            message: "log.json:18:86: phrases[0].touches[1].key: key 7 is not among the keys of layout 't'; a "
                + "touch's key and intended key are indices of keys listed in the phrase's layout, or null"),
        Case(
            name: "an intended key that the layout lacks", replace: "\"key\": 0, \"intended\": 0",
            with: "\"key\": 0, \"intended\": 9",
            message: "log.json:16:101: phrases[0].touches[0].intended: key 9 is not among the keys of layout 't'; "
                + "a touch's key and intended key are indices of keys listed in the phrase's layout, or null"),
        Case(
            name: "no test-block phrases", replace: "\"block\": \"test\"", with: "\"block\": \"practice\"",
            message: "log.json:14:13: phrases: the log has no touches in test-block phrases (only practice); the "
                + "fits use the test block alone; give a log of a session that went past the practice"),
        Case(
            name: "not JSON", replace: "\"version\": 1,", with: "\"version\": 1,,",
            message:
                "log.json:2:15: expected a member name in double quotes, found ','; a log is one JSON object as the "
                + "typing test saves it"),
    ]

    @Test(arguments: cases) func `a broken log is refused with its path, line:column and fix`(_ test: Case) {
        #expect(minimalLog.contains(test.replace))
        let text = minimalLog.replacingOccurrences(of: test.replace, with: test.with)
        #expect(throws: (any Error).self) { try TypingLogReader.read(Array(text.utf8), file: "log.json") }
        do {
            _ = try TypingLogReader.read(Array(text.utf8), file: "log.json")
        } catch {
            #expect(error.description == test.message)
        }
    }

    @Test func `the minimal log reads`() throws {
        let log = try TypingLogReader.read(Array(minimalLog.utf8), file: "log.json")
        #expect(log.touchCount == 2)
        #expect(log.layouts[0].keys.count == 2)
    }

    @Test func `a log without touches is refused`() {
        let start = minimalLog.range(of: "\"touches\": [")!.upperBound
        let end = minimalLog.range(of: "\"textAfter\": \"ab\"}]")!.upperBound
        let text = minimalLog.replacingCharacters(in: start..<end, with: "]")
        do {
            _ = try TypingLogReader.read(Array(text.utf8), file: "log.json")
            Issue.record("read a log without touches")
        } catch {
            #expect(error.kind == .empty)
            #expect(
                error.description
                    == "log.json:14:13: phrases: the log has no touches (1 phrases); give a log of a session where "
                    + "phrases were typed")
        }
    }

    @Test func `invalid UTF-8 is refused with its byte`() {
        var bytes = Array(minimalLog.utf8)
        let offset = bytes.firstIndex(of: UInt8(ascii: "T"))!
        bytes[offset] = 0xFF
        do {
            _ = try TypingLogReader.read(bytes, file: "log.json")
            Issue.record("read invalid UTF-8")
        } catch {
            #expect(
                error.description
                    == "log.json: byte \(offset + 1) is not UTF-8; a log is UTF-8 JSON as the typing test saves it; "
                    + "save it again without converting it")
        }
    }
}
