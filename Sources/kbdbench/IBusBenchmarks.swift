import Foundation
import IBusEngine
import LayoutEngine

/// The IBus engine in process: one physical key event (press and release, as IBus delivers
/// them) to the requests it makes of the application, on hu-touch, with a client that
/// reports its text before the caret (as GTK does), one that does not, and a terminal (no
/// deletions: the engine holds the last letter as preedit). The keys type
/// Hungarian words with the accent keys on `;` `'` `[` and backspace on accented letters.
/// One operation is one key press; the median of single presses goes to standard error.
func ibusBenchmarks() -> [Benchmark] {
    let layout: Layout
    do {
        layout = try LayoutCatalog.load("hu-touch")
    } catch {
        FileHandle.standardError.write(Data("kbdbench: ibus benchmarks skipped: \(error)\n".utf8))
        return []
    }
    // "Győr árvíztűrő tükörfúrógép ő⌫" on the physical keys.
    let names =
        "G y o ' [ r space a ; r v i ; z t u ' [ r o ' [ space t u ' k o ' r f u ; r o ; g e ; p space o ' [ BackSpace"
    let keys = names.split(separator: " ").map { name -> IBusKey in
        switch name {
        case "space": return IBusKey(keyval: 0x20, keycode: 57)
        case "BackSpace": return IBusKey(keyval: 0xFF08, keycode: 14)
        default:
            let value = name.unicodeScalars.first!.value
            let shifted = name.uppercased() == name && name.lowercased() != name
            return IBusKey(keyval: value, keycode: 0x100 + value, state: shifted ? IBusKey.Mask.shift : 0)
        }
    }

    // The planner's tables are built once, as in a running engine, not in every sample.
    var prepared = IBusInputHost(layout: layout)
    var warmUp = BenchmarkClient(reportsText: false)
    _ = prepared.process(keys[0], client: &warmUp)

    func typing(reportsText: Bool, preedit: Bool = false) -> (Int) -> Int {
        { iterations in
            var host = prepared
            var client = BenchmarkClient(reportsText: reportsText, preedit: preedit)
            for index in 0..<iterations {
                var key = keys[index % keys.count]
                _ = host.process(key, client: &client)
                key.state |= IBusKey.Mask.release
                _ = host.process(key, client: &client)
                if client.scalars.count > 4096 { client.scalars.removeAll(keepingCapacity: true) }
            }
            blackHole(client.scalars)
            return iterations
        }
    }

    let name = "ibus/key→commit (surrounding text)"
    if let options = try? BenchOptions.parse(Array(CommandLine.arguments.dropFirst())), !options.list,
        !options.help, options.selects(name)
    {
        reportMedian(keys, layout)
    }
    return [
        Benchmark(name: name, unit: "key", run: typing(reportsText: true)),
        Benchmark(name: "ibus/key→commit (own record)", unit: "key", run: typing(reportsText: false)),
        Benchmark(
            name: "ibus/key→commit (terminal, preedit)", unit: "key", run: typing(reportsText: false, preedit: true)),
    ]
}

/// Times single key presses (surrounding text reported) and writes their median to standard error.
private func reportMedian(_ keys: [IBusKey], _ layout: Layout) {
    var medianHost = IBusInputHost(layout: layout)
    var medianClient = BenchmarkClient(reportsText: true)
    var samples: [UInt64] = []
    for index in 0..<20_000 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = medianHost.process(keys[index % keys.count], client: &medianClient)
        samples.append(DispatchTime.now().uptimeNanoseconds - start)
        if medianClient.scalars.count > 4096 { medianClient.scalars.removeAll(keepingCapacity: true) }
    }
    samples.sort()
    FileHandle.standardError.write(
        Data(
            String(
                format: "kbdbench: ibus key → commit, single presses: median %.2f µs, 99th percentile %.2f µs\n",
                Double(samples[samples.count / 2]) / 1000, Double(samples[samples.count * 99 / 100]) / 1000
            ).utf8))
}

/// A text field that keeps what the engine commits; like the real client, it hands the engine
/// only a tail of its text.
private struct BenchmarkClient: IBusTextClient {
    var scalars: [Unicode.Scalar] = []
    var shown = ""
    let reportsText: Bool
    let preedit: Bool

    init(reportsText: Bool, preedit: Bool = false) {
        self.reportsText = reportsText
        self.preedit = preedit
    }

    mutating func textBeforeCaret() -> String? {
        guard reportsText else { return nil }
        var tail = String.UnicodeScalarView()
        tail.append(contentsOf: scalars.suffix(32))
        return String(tail)
    }
    mutating func commit(_ text: String) { scalars.append(contentsOf: text.unicodeScalars) }
    mutating func deleteBefore(_ count: Int) { scalars.removeLast(min(count, scalars.count)) }
    mutating func showCandidates(_ labels: [String], selected: Int, title: String) {}
    mutating func hideCandidates() {}
    mutating func wantsPreedit() -> Bool { preedit }
    mutating func showPreedit(_ text: String) { shown = text }
}
