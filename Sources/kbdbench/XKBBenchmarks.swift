import Foundation
import LayoutEngine
import XKBLayouts

/// Side by side on one key stream for `xkb:hu` (planned from the Hungarian corpus):
/// libxkbcommon as an input method drives it (`XKBInputMethod`: `xkb_state_update_key`
/// down, the keysym fed to the compose state, the text from the compose state or
/// `xkb_state_key_get_utf8`, `xkb_state_update_key` up; modifiers held around the key they
/// modify), and our `TypingSession` on the same key presses. One key event is one physical
/// key press. The session benchmark ends by printing the ratio of the two rates to
/// standard error.
func xkbBenchmarks() -> [Benchmark] {
    let imported: XKBImportedLayout
    let inputMethod: XKBInputMethod
    do {
        imported = try XKBLayouts.load("xkb:hu")
        let context = try XKBContext()
        inputMethod = try XKBInputMethod(
            keymap: try XKBKeymap(names: XKBLayoutName(layout: "hu"), context: context),
            compose: try XKBComposeTable(locale: "hu_HU.UTF-8", context: context))
    } catch {
        FileHandle.standardError.write(Data("kbdbench: xkb benchmarks skipped: \(error)\n".utf8))
        return []
    }
    let layout = imported.layout
    let stream = KeystrokePlanner(layout: layout).plan(String(BenchmarkCorpus.hungarian.prefix(400_000))).events
    let actions = XKBKeyAction.actions(for: stream, on: imported)
    let rates = RateBox()

    let ours = sessionText(stream, layout)
    let theirs = inputMethod.text(of: actions)
    if ours != theirs {
        let same = zip(ours, theirs).prefix { $0 == $1 }.count
        func around(_ text: String) -> String { String(text.dropFirst(max(0, same - 10)).prefix(30)).debugDescription }
        FileHandle.standardError.write(
            Data(
                "kbdbench: xkb/hu texts differ after \(same) characters: ours \(around(ours)), libxkbcommon's \(around(theirs))\n"
                    .utf8))
    }

    return [
        Benchmark(name: "xkb/hu libxkbcommon key events", unit: "event") { iterations in
            let start = DispatchTime.now().uptimeNanoseconds
            var bytes = 0
            var buffer = [CChar](repeating: 0, count: 64)
            buffer.withUnsafeMutableBufferPointer { buffer in
                for _ in 0..<iterations {
                    for action in actions { bytes &+= inputMethod.perform(action, into: buffer.baseAddress!) }
                }
            }
            blackHole(bytes)
            rates.record(libxkbcommon: DispatchTime.now().uptimeNanoseconds - start, events: iterations * stream.count)
            return iterations * stream.count
        },
        Benchmark(name: "xkb/hu session key events", unit: "event") { iterations in
            let start = DispatchTime.now().uptimeNanoseconds
            var session = TypingSession(layout: layout)
            session.contextLimit = 4096
            var bytes = 0
            for _ in 0..<iterations {
                for event in stream { bytes &+= session.handle(event).insert.utf8.count }
            }
            blackHole(bytes)
            rates.record(session: DispatchTime.now().uptimeNanoseconds - start, events: iterations * stream.count)
            rates.reportAfterSamples(iterations)
            return iterations * stream.count
        },
    ]
}

/// The text our session types for the events.
func sessionText(_ events: [KeyEvent], _ layout: Layout) -> String {
    var session = TypingSession(layout: layout)
    var buffer = TextBuffer()
    for event in events { buffer.apply(session.handle(event)) }
    return buffer.text
}

/// The best rate of each side, and the ratio once the harness has taken its samples.
final class RateBox {
    private var libxkbcommonNanosecondsPerEvent = Double.infinity
    private var sessionNanosecondsPerEvent = Double.infinity
    private var lastIterations = 0
    private var repeats = 0

    func record(libxkbcommon nanoseconds: UInt64, events: Int) {
        libxkbcommonNanosecondsPerEvent = min(libxkbcommonNanosecondsPerEvent, Double(nanoseconds) / Double(events))
    }

    func record(session nanoseconds: UInt64, events: Int) {
        sessionNanosecondsPerEvent = min(sessionNanosecondsPerEvent, Double(nanoseconds) / Double(events))
    }

    /// After the harness's samples (five runs with the same iteration count), prints the ratio.
    func reportAfterSamples(_ iterations: Int) {
        repeats = iterations == lastIterations ? repeats + 1 : 1
        lastIterations = iterations
        guard repeats == 5, libxkbcommonNanosecondsPerEvent.isFinite else { return }
        let ratio = libxkbcommonNanosecondsPerEvent / sessionNanosecondsPerEvent
        let line = String(
            format: "xkb/hu ratio: session %.3g events/s ÷ libxkbcommon %.3g events/s = %.2f\n",
            1e9 / sessionNanosecondsPerEvent, 1e9 / libxkbcommonNanosecondsPerEvent, ratio)
        FileHandle.standardError.write(Data(line.utf8))
    }
}
