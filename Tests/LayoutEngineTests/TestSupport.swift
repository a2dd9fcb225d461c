import Foundation
import Testing

@testable import LayoutEngine

/// Shipped layouts, loaded once.
enum Shipped {
    static let ids = LayoutCatalog.shippedIDs()

    /// The repository's `Layouts/` folder, which the built-in layouts are generated from.
    static let sourceDirectory: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Layouts").path
    }()

    /// The path of a layout's file in the repository.
    static func sourcePath(_ id: String) -> String { sourceDirectory + "/" + id + ".json" }

    static func layout(_ id: String) -> Layout {
        do {
            return try LayoutCatalog.load(id)
        } catch {
            fatalError("shipped layout \(id) does not load:\n\(error)")
        }
    }
}

/// The shared corpora beside the repository, when present.
enum SharedCorpora {
    static let directory: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora").path
    }()

    static func path(_ name: String) -> String? {
        let path = directory + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static let absentMessage = "../shared/corpora is absent (a fresh clone): corpus round trips are skipped"

    /// Whether the shared corpora are there; tests that read them are `.enabled(if:)` this.
    static let present = FileManager.default.fileExists(atPath: directory)
}

/// Types key names on a session, applying the edits to a buffer, as a host would.
struct Typist {
    var session: TypingSession
    var buffer = TextBuffer()
    var edits: [Edit] = []

    init(_ layout: Layout, backspace: BackspacePolicy? = nil) {
        session = TypingSession(layout: layout, backspacePolicy: backspace)
    }

    /// Types space-separated key names (see `KeyNames`); fails the test on an unknown name.
    mutating func type(_ names: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in names.split(separator: " ") {
            do {
                for event in try KeyNames.events(for: String(name), in: session) {
                    let edit = session.handle(event)
                    buffer.apply(edit)
                    edits.append(edit)
                }
            } catch {
                Issue.record("\(error)", sourceLocation: sourceLocation)
            }
        }
    }

    var text: String { buffer.text }
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

/// The scalars of a text: `String`'s `==` treats canonically equivalent texts as equal,
/// and the host's text must be NFC exactly.
func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

/// Replays events through a fresh session and a host buffer.
func replay(_ events: [KeyEvent], on layout: Layout, from state: SessionState? = nil) -> String {
    var session = TypingSession(layout: layout)
    if let state { session.setState(state) }
    var buffer = TextBuffer()
    for event in events { buffer.apply(session.handle(event)) }
    return buffer.text
}

/// `text` without the graphemes a plan left out.
func removing(_ untypeable: [UntypeableGrapheme], from text: String) -> String {
    UntypeableGrapheme.text(text, without: untypeable) ?? "untypeable offsets out of order"
}

/// The letters, digits and punctuation a layout for this language must type.
enum Repertoire {
    static func letters(_ locale: String) -> String {
        let base = "abcdefghijklmnopqrstuvwxyz"
        let accented =
            switch locale {
            case "hu": "áéíóöőúüű"
            case "cs": "áčďéěíňóřšťúůýž"
            case "da": "æøå"
            default: ""
            }
        return base + accented + (base + accented).uppercased()
    }

    static let digitsAndPunctuation = "0123456789.,!?-:;'\"()/%+=&@ "

    static func quotes(_ locale: String) -> String {
        switch locale {
        case "hu": "„”«»"
        case "cs": "„“‚‘"
        case "da": "»«„“"
        default: ""
        }
    }

    static func all(_ locale: String) -> String { letters(locale) + digitsAndPunctuation + quotes(locale) }
}
