import Foundation
import LayoutEngine
import TestSupport

@testable import TypingEfficiency

/// Files next to the tests.
enum TestFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func fixture(_ name: String) -> String { directory.appendingPathComponent("Fixtures/\(name)").path }
}

/// The golden reports in `Golden/`.
let goldenFiles = GoldenFiles(beside: #filePath)

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
