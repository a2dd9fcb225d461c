import Foundation
import KeyboardSimulator
import LayoutEngine
import Testing

/// Shipped layouts, loaded once.
enum Shipped {
    static let ids = LayoutCatalog.shippedIDs()

    static func layout(_ id: String) -> Layout {
        do {
            return try LayoutCatalog.load(id)
        } catch {
            fatalError("shipped layout \(id) does not load:\n\(error)")
        }
    }

    static let huTouch = layout("hu-touch")
}

/// Golden files next to the tests; `RECORD_SNAPSHOTS=1 swift test` rewrites them (and fails,
/// so that a recording run is never mistaken for a passing one).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
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

/// A controller driven the way the terminal loop drives it, with a clock the test moves.
struct Driver {
    var controller: SimulatorController
    var clock = 0.0

    init(_ layout: Layout = Shipped.huTouch, size: TerminalSize = TerminalSize(columns: 80, lines: 24)) {
        controller = SimulatorController(layout: layout, size: size)
    }

    /// Feeds terminal bytes through a decoder, as the loop does.
    mutating func send(_ bytes: String) {
        var decoder = InputDecoder()
        var events = decoder.feed(Array(bytes.utf8))
        events += decoder.flush()
        for event in events { controller.handle(event, at: clock) }
    }

    mutating func handle(_ event: InputEvent) { controller.handle(event, at: clock) }

    /// Lets `seconds` pass, ticking at every deadline on the way.
    mutating func wait(_ seconds: Double) {
        let end = clock + seconds
        while let deadline = controller.nextDeadline, deadline <= end {
            clock = max(clock, deadline)
            controller.tick(at: clock)
        }
        clock = end
        controller.tick(at: clock)
    }

    /// The screen as plain text.
    var screen: String { ScreenRenderer.render(controller.screen()).joined(separator: "\n") + "\n" }

    /// The centre cell of the key drawn with this label.
    func centre(of label: String) -> (column: Int, line: Int) {
        let layout = controller.screenLayout
        let model = controller.screen()
        guard
            let rect = layout.keyboard?.rects.first(where: {
                model.layout.keys[$0.key.rawValue].label == label
            })
        else { fatalError("no key \(label) drawn") }
        return (rect.column + rect.width / 2, rect.line + 1)
    }
}

/// Small layouts written in the tests, as a user writes a layout file of their own.
enum Custom {
    /// A layout with these base `rows` (JSON) and `accents` (JSON), 10 units wide.
    static func layout(id: String, rows: String, accents: String = "[]", unitsPerRow: Int = 10) -> Layout {
        let json = """
            {"formatVersion": 1, "id": "\(id)", "name": "\(id)", "locale": "xx",
             "geometry": {"widthMm": 64.6, "unitsPerRow": \(unitsPerRow), "rowPitchMm": 8.9},
             "accents": \(accents), "layers": [{"id": "base", "rows": \(rows)}]}
            """
        let result = LayoutLoader.read(bytes: Array(json.utf8), file: "\(id).json", expectedID: id)
        guard let layout = result.layout else { fatalError("\(id) does not load: \(result.diagnostics)") }
        return layout
    }
}
