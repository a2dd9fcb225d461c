import CIBusEngine
import Foundation
import LayoutEngine

/// The client of a real IBus engine instance: each request is one IBus call (through
/// Sources/CIBusEngine, which names the libibus function it makes).
struct EngineClient: IBusTextClient {
    let engine: OpaquePointer
    /// Whether the last `textBeforeCaret()` found a selection.
    var selection = false

    /// The most bytes before the caret read from the client's text; a tail of this size
    /// holds more than the graphemes the engine reads, whatever the text's length.
    static let bytesRead = 512

    mutating func textBeforeCaret() -> String? {
        var text: UnsafePointer<CChar>?
        var length: Int64 = 0
        let found = kbdsim_ibus_text_before_caret(engine, &text, &length)
        selection = found == 2
        guard found != 0, let text, length >= 0 else { return nil }
        return text.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
            var start = max(0, Int(length) - Self.bytesRead)
            while start < Int(length), bytes[start] & 0xC0 == 0x80 { start += 1 }
            let tail = String(
                decoding: UnsafeBufferPointer(start: bytes + start, count: Int(length) - start), as: UTF8.self)
            // A cut inside the text may have split its first grapheme.
            return start > 0 ? String(tail.dropFirst()) : tail
        }
    }

    mutating func hasSelection() -> Bool { selection }

    mutating func commit(_ text: String) { kbdsim_ibus_commit(engine, text) }

    mutating func deleteBefore(_ count: Int) {
        guard count > 0 else { return }
        kbdsim_ibus_delete_before(engine, UInt32(clamping: count))
    }

    mutating func showCandidates(_ labels: [String], selected: Int, title: String) {
        var cLabels = labels.map { strdup($0) }
        defer { for label in cLabels { free(label) } }
        cLabels.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { pointer in
                kbdsim_ibus_show_candidates(engine, pointer, Int32(buffer.count), Int32(clamping: selected), title)
            }
        }
    }

    mutating func hideCandidates() { kbdsim_ibus_hide_candidates(engine) }

    mutating func wantsPreedit() -> Bool { kbdsim_ibus_wants_preedit(engine) != 0 }

    mutating func showPreedit(_ text: String) { kbdsim_ibus_update_preedit(engine, text) }

    mutating func forward(_ key: IBusKey) { kbdsim_ibus_forward_key(engine, key.keyval, key.keycode, key.state) }

    /// Shows the layout in the panel (its property menu) and asks the client for its
    /// surrounding text from now on.
    func announce(_ layout: Layout) {
        kbdsim_ibus_request_surrounding(engine)
        let symbol = layout.locale.split(separator: "-").first.map(String.init) ?? layout.locale
        kbdsim_ibus_show_layout(engine, symbol, "\(layout.name) (\(layout.id))", layout.description)
    }
}
