import Foundation
import LayoutEngine
import Testing

@testable import TypingEfficiency

/// Shipped layouts, loaded once.
enum Shipped {
    static func layout(_ id: String) -> Layout {
        do {
            return try LayoutCatalog.load(id)
        } catch {
            fatalError("shipped layout \(id) does not load:\n\(error)")
        }
    }
}

/// Files next to the tests.
enum TestFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func fixture(_ name: String) -> String { directory.appendingPathComponent("Fixtures/\(name)").path }

    /// The shared corpora beside the repository, when present.
    static let corpora: String = directory.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpora").path

    static func corpus(_ name: String) -> String? {
        let path = corpora + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static let corporaAbsent = "../shared/corpora is absent (a fresh clone): corpus round trips are skipped"

    /// Whether the shared corpora are there; tests that read them are `.enabled(if:)` this.
    static let corporaPresent = FileManager.default.fileExists(atPath: corpora)
}

/// Golden files in `Golden/`; `RECORD_SNAPSHOTS=1 swift test` rewrites them (and fails,
/// so that a recording run is never mistaken for a passing one).
enum Golden {
    static let directory = TestFiles.directory.appendingPathComponent("Golden")

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(name); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from golden \(name)", sourceLocation: sourceLocation)
    }
}

/// Measures a text (one sentence a line) on one layout.
func measure(_ text: String, on id: String, model: ComparisonModel = .keystrokes) -> LayoutTotals {
    LayoutEvaluator(layout: Shipped.layout(id), model: model).measure(text: text).totals
}

/// A sink that keeps the events, for replays.
struct RecordingSink: KeystrokeSink {
    var events: [KeyEvent] = []
    var untypeable: [UntypeableGrapheme] = []

    mutating func typed(_ grapheme: Int, events: ArraySlice<KeyEvent>, cost: Double) {
        self.events.append(contentsOf: events)
    }

    mutating func untypeable(_ grapheme: Substring, scalarOffset: Int) {
        untypeable.append(UntypeableGrapheme(grapheme: String(grapheme), scalarOffset: scalarOffset))
    }
}

/// Fitts' law by hand: MT = a + b·log2(D/W + 1).
func fitts(_ a: Double, _ b: Double, distance: Double, width: Double) -> Double {
    a + b * log2(distance / width + 1)
}
