import Foundation
import IBusEngine
import LayoutEngine
import TestSupport

/// A text field for `IBusInputHost`: applies commits and deletions at its caret (the end),
/// reports its text as surrounding text when `reportsText`, and records the choices shown.
struct FieldClient: IBusTextClient {
    var text: String
    var reportsText: Bool
    var shownChoices: [String]?
    var requests: [String] = []

    init(_ text: String = "", reportsText: Bool = true) {
        self.text = text
        self.reportsText = reportsText
    }

    mutating func textBeforeCaret() -> String? { reportsText ? text : nil }

    mutating func commit(_ text: String) {
        requests.append("commit \(text)")
        self.text.append(text)
    }

    mutating func deleteBefore(_ count: Int) {
        requests.append("delete \(count)")
        text.unicodeScalars.removeLast(min(count, text.unicodeScalars.count))
    }

    mutating func showCandidates(_ labels: [String], selected: Int, title: String) { shownChoices = labels }
    mutating func hideCandidates() { shownChoices = nil }
}

/// A field that reports an old text before the caret (as an application may before it has
/// applied the engine's last commit).
struct StaleClient: IBusTextClient {
    var field: FieldClient
    var report: String

    mutating func textBeforeCaret() -> String? { report }
    mutating func commit(_ text: String) { field.commit(text) }
    mutating func deleteBefore(_ count: Int) { field.deleteBefore(count) }
    mutating func showCandidates(_ labels: [String], selected: Int, title: String) {}
    mutating func hideCandidates() {}
}

/// A terminal: reports no text, ignores deletions, shows preedit after its text.
struct TerminalClient: IBusTextClient {
    var committed = ""
    var preedit = ""
    var requests: [String] = []
    /// What the screen shows: the committed text and the preedit after it.
    var screen: String { committed + preedit }

    mutating func textBeforeCaret() -> String? { nil }
    mutating func commit(_ text: String) {
        requests.append("commit \(text)")
        committed.append(text)
    }
    mutating func deleteBefore(_ count: Int) { requests.append("delete \(count) (ignored)") }
    mutating func showCandidates(_ labels: [String], selected: Int, title: String) {}
    mutating func hideCandidates() {}
    mutating func wantsPreedit() -> Bool { true }
    mutating func showPreedit(_ text: String) {
        requests.append("preedit \(text)")
        preedit = text
    }
}

/// Keys as a US keyboard sends them to IBus.
enum Keys {
    /// The key event of a character (`G` comes with shift held) or a named key.
    static func event(_ name: String) -> IBusKey {
        switch name {
        case "BackSpace": return IBusKey(keyval: IBusKey.Keysym.backSpace, keycode: 14)
        case "Return": return IBusKey(keyval: IBusKey.Keysym.returnKey, keycode: 28)
        case "Left": return IBusKey(keyval: IBusKey.Keysym.left, keycode: 105)
        case "Escape": return IBusKey(keyval: IBusKey.Keysym.escape, keycode: 1)
        default:
            let scalar = name.unicodeScalars.first!
            let keyval = scalar.value < 0x100 ? scalar.value : 0x0100_0000 + scalar.value
            let shift = name.uppercased() == name && name.lowercased() != name
            return IBusKey(keyval: keyval, keycode: 0x100 + scalar.value, state: shift ? IBusKey.Mask.shift : 0)
        }
    }

    /// Presses and releases each key; returns whether the engine took each press.
    @discardableResult
    static func type(_ names: [String], host: inout IBusInputHost, client: inout some IBusTextClient) -> [Bool] {
        names.map { name in
            let press = event(name)
            let used = host.process(press, client: &client)
            var release = press
            release.state |= IBusKey.Mask.release
            _ = host.process(release, client: &client)
            return used
        }
    }
}

/// The built `kbdsim` executable, whose `ibus` commands these tests run.
let kbdsim = BuiltProducts.expectedPath(of: "kbdsim")
