import Foundation
import LayoutEngine
import TestSupport
import Testing

@testable import PeerLayouts

#if canImport(Glibc)
    import Glibc
#endif

/// Whether m17n-db's latn-post is installed.
let latnPostPresent = FileManager.default.fileExists(atPath: M17N.databaseFolder + "/latn-post.mim")

/// The path of a shared `.kmx` keyboard.
func kmxPath(_ name: String) -> String {
    PackagePaths.shared.appendingPathComponent("keyman/kmx/\(name).kmx").path
}

/// Layouts are probed once per test process.
enum Peers {
    /// Debian's Keyman Core writes debug lines to syslog on every key; without a syslog
    /// daemon each line tries the socket again, which takes half of Core's time per key.
    /// The tests keep only warnings and worse.
    static let quietSyslog: Void = { _ = setlogmask((1 << (LOG_WARNING + 1)) - 1) }()
    static let basicHU: Layout? = {
        quietSyslog
        return try? PeerLayouts.load("kmx:" + kmxPath("basic_kbdhu"))
    }()
    static let latnPost: Layout? = try? PeerLayouts.load("m17n:latn-post")
    static let silIPA: Layout? = {
        quietSyslog
        return try? PeerLayouts.load("kmx:" + kmxPath("sil_ipa"))
    }()
}

/// The key at an ISO position (`AC01`) on a layer (`base`, `shift`, `altgr`, `altgr-shift`).
func key(_ layout: Layout, _ position: String, _ layer: String = "base") -> KeyID? {
    guard let layerIndex = layout.layerIndex(layer) else { return nil }
    return layout.keys.indices.first { layout.keys[$0].id == position && layout.keys[$0].layer == layerIndex }
        .map(KeyID.init)
}

/// Types presses written as `AC01`, `AE09@altgr`, `AC11@shift` through a session on the
/// layout (the peer types them) and returns the host's text.
func typePresses(_ layout: Layout, _ presses: String, context: String = "") -> String {
    var session = TypingSession(layout: layout)
    var buffer = TextBuffer(context)
    session.setContext(context)
    for word in presses.split(separator: " ") {
        let parts = word.split(separator: "@")
        guard let id = key(layout, String(parts[0]), parts.count > 1 ? String(parts[1]) : "base") else {
            Issue.record("no key \(word) on \(layout.id)")
            return buffer.text
        }
        buffer.apply(session.handle(.tap(id)))
    }
    return buffer.text
}

/// The key that shows `label` on any layer (the peer reads the level from the key's layer).
func key(_ layout: Layout, label: String) -> KeyID? {
    layout.keys.indices.first { layout.keys[$0].label == label }.map(KeyID.init)
}

/// Types keys by their labels through a session on the layout, after `context`.
func typeLabels(_ layout: Layout, _ labels: [String], context: String = "") -> String? {
    var session = TypingSession(layout: layout)
    session.setContext(context)
    var buffer = TextBuffer(context)
    for label in labels {
        guard let id = key(layout, label: label) else { return nil }
        buffer.apply(session.handle(.tap(id)))
    }
    return buffer.text
}
