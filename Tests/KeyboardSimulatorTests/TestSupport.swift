import Foundation
import KeyboardSimulator
import LayoutEngine
import TestSupport

/// The golden screens in `Golden/`.
let goldenFiles = GoldenFiles(beside: #filePath)

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
