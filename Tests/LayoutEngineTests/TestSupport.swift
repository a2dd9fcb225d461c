import Foundation
import Testing

@testable import LayoutEngine

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
