import Foundation
import LayoutEngine
import TestSupport
import TypingCalibration

/// Synthetic logs for the tests: a participant of known constants typing Hungarian phrases.
enum SyntheticLogs {
    static let huTouch = Shipped.layout("hu-touch")
    static let huIOS = Shipped.layout("hu-ios")

    /// A log's text: `phrases` test phrases typed on `layout` by a participant of `truth`.
    static func log(
        _ layout: Layout = huTouch, truth: SyntheticParticipant.Truth = SyntheticParticipant.Truth(),
        posture: Posture = .oneFinger, participant: String = "p01", phrases: Int = 30, seed: UInt64 = 1,
        measured: Bool = true
    ) -> String {
        var typist = SyntheticParticipant(
            layout: layout, truth: truth, posture: posture, participant: participant, pxPerMm: 6, seed: seed)
        typist.measured = measured
        return typist.log(phrases: SyntheticParticipant.hungarianPhrases, testPhrases: phrases, practicePhrases: 1)
    }

    /// Reads a log's text as the reader would a file named `file`.
    static func read(_ text: String, file: String = "synthetic.json") throws -> TypingLog {
        try TypingLogReader.read(Array(text.utf8), file: file)
    }
}
