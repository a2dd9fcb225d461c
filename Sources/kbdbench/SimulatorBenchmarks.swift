import KeyboardSimulator
import LayoutEngine

/// The simulator's budgets (issue #3): a full-screen render under 200 µs, a key event to the
/// bytes written under 1 ms, start-up to the first frame under 100 ms.
func simulatorBenchmarks() -> [Benchmark] {
    guard let layout = try? LayoutCatalog.load("hu-touch") else { return [] }
    let text = "Árvíztűrő tükörfúrógép. Győr, Szeged és Pécs; öt szép szűz vőlegény.\nA második sor."

    func renderFrame(columns: Int, lines: Int) -> Benchmark {
        var state = SessionState.initial(layout)
        state.shift = .once
        let key = KeyNames.key(named: "´", on: layout.baseLayer, in: layout)!
        let model = ScreenModel(
            layout: layout, state: state, text: text, size: TerminalSize(columns: columns, lines: lines),
            highlight: KeyHighlight(key: key, caption: "→á"),
            hints: PhysicalKeyMap(layout: layout, layer: layout.shiftLayer).hints, color: true,
            status: StatusInfo(keystrokes: 90, characters: 80, lastEdit: "a ´ → á (accent added)"))
        return Benchmark(name: "simulator/render-\(columns)x\(lines)", unit: "frame") { iterations in
            for _ in 0..<iterations { blackHole(ScreenRenderer.render(model)) }
            return iterations
        }
    }

    let keyToBytes = Benchmark(name: "simulator/key-event-to-bytes", unit: "event") { iterations in
        var controller = SimulatorController(
            layout: layout, size: TerminalSize(columns: 80, lines: 24), color: true)
        controller.handle(.paste(text), at: 0)
        controller.tick(at: 1000)
        var frame = ScreenRenderer.render(controller.screen())
        var decoder = InputDecoder()
        let keys: [[UInt8]] = [Array("a".utf8), Array(";".utf8), [0x7F], [0x7F]]
        var bytes = 0
        for iteration in 0..<iterations {
            let time = 1000 + Double(iteration) * 0.01
            for event in decoder.feed(keys[iteration % keys.count]) { controller.handle(event, at: time) }
            let next = ScreenRenderer.render(controller.screen())
            bytes += FrameDiffer.diff(from: frame, to: next).utf8.count
            frame = next
        }
        blackHole(bytes)
        return iterations
    }

    let startUp = Benchmark(name: "simulator/start-up-to-first-frame", unit: "start") { iterations in
        for _ in 0..<iterations {
            guard let loaded = try? LayoutCatalog.load("hu-touch") else { return 0 }
            let controller = SimulatorController(
                layout: loaded, size: TerminalSize(columns: 80, lines: 24), color: true)
            blackHole(FrameDiffer.diff(from: [], to: ScreenRenderer.render(controller.screen())))
        }
        return iterations
    }

    let plannedCharacter = Benchmark(name: "simulator/planned-character-first-use", unit: "start") { iterations in
        for _ in 0..<iterations {
            var controller = SimulatorController(layout: layout, size: TerminalSize(columns: 80, lines: 24))
            controller.handle(.text("ő"), at: 0)
            blackHole(controller.text)
        }
        return iterations
    }

    return [
        renderFrame(columns: 80, lines: 24), renderFrame(columns: 120, lines: 40), keyToBytes, startUp,
        plannedCharacter,
    ]
}
