import Foundation
import TestSupport
import Testing
import TypingCalibration

/// A test phrase typed after the screen turned is left out of the fits, with a warning: the
/// log's key rectangles were drawn in the orientation the session started in.
struct TurnedPhraseTests {
    @Test func `phrases typed in the other orientation are left out, and calibrate says how many`() throws {
        let path = PackagePaths.root.appendingPathComponent("docs/examples/p01.json").path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        var phrases = try #require(json["phrases"] as? [[String: Any]])
        let tests = phrases.indices.filter { phrases[$0]["block"] as? String == "test" }
        #expect(tests.count >= 3)
        for index in tests.prefix(2) { phrases[index]["orientation"] = "landscape" }
        json["phrases"] = phrases
        let turned = [UInt8](try JSONSerialization.data(withJSONObject: json))

        let calibration = Calibration(resamples: 50)
        let before = calibration.run([try TypingLogReader.read(bytes, file: "p01.json")])
        let after = calibration.run([try TypingLogReader.read(turned, file: "p01.json")])
        #expect(after.phrases == before.phrases - 2)
        #expect(
            after.warnings.contains(
                "test phrases typed after the screen turned are left out (2 in p01.json): the log's key "
                    + "rectangles were drawn in the orientation the session started in"), "\(after.warnings)")
        #expect(!before.warnings.contains { $0.contains("screen turned") })
    }
}
