import Foundation
import LayoutEngine
import PeerLayouts

/// Peers beside our engine on the same key stream, in the same run: a stream planned from
/// the Hungarian corpus on each peer layout, typed once by the peer through a session
/// (Keyman Core for `basic_kbdhu.kmx`, libm17n for `latn-post`; each event a key-down and
/// its edit) and once by our own `TypingSession` on the same layout without the peer.
func peerBenchmarks() -> [Benchmark] {
    var layouts: [(name: String, layout: Layout)] = []
    let kmx = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "shared/keyman/kmx/basic_kbdhu.kmx")
    for (name, id) in [("kmx/basic_kbdhu", "kmx:" + kmx.path), ("m17n/latn-post", "m17n:latn-post")] {
        do {
            layouts.append((name, try PeerLayouts.load(id)))
        } catch {
            FileHandle.standardError.write(Data("kbdbench: peer benchmark \(name) skipped: \(error)\n".utf8))
        }
    }
    let text = String(BenchmarkCorpus.hungarian.prefix(100_000))
    return layouts.flatMap { name, layout -> [Benchmark] in
        let stream = KeystrokePlanner(layout: layout).plan(text).events
        return [
            Benchmark(name: "peer/\(name) peer key events", unit: "event") { iterations in
                typeStream(stream, layout, iterations)
            },
            Benchmark(name: "peer/\(name) session key events", unit: "event") { iterations in
                typeStream(stream, layout.withoutPeer(), iterations)
            },
        ]
    }
}

/// Types the stream `iterations` times from a fresh session each time.
private func typeStream(_ stream: [KeyEvent], _ layout: Layout, _ iterations: Int) -> Int {
    var bytes = 0
    for _ in 0..<iterations {
        var session = TypingSession(layout: layout)
        session.contextLimit = 4096
        for event in stream { bytes &+= session.handle(event).insert.utf8.count }
    }
    blackHole(bytes)
    return iterations * stream.count
}
