import Foundation
import LayoutEngine

/// The end of the text as a peer engine sees it (its own code points, not normalized), so
/// that what the peer does (delete N code points, insert some) can be told to the host as an
/// `Edit` on NFC text.
///
/// Keeps at most `limit` scalars; a peer that deletes more than that deletes what the host
/// has beyond it one scalar at a time.
struct EditMirror: Sendable {
    /// The last scalars of the text, as the peer produced them.
    private(set) var tail: [Unicode.Scalar] = []
    static let limit = 256

    /// Replaces the text (the last `limit` scalars of it are kept).
    mutating func reset(_ text: String) {
        tail = Array(text.unicodeScalars.suffix(Self.limit))
    }

    /// The kept text.
    var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: tail)
        return String(view)
    }

    /// The last grapheme's length in scalars of the peer's text (0 when empty).
    var lastGraphemeLength: Int { GraphemeBoundary.lastGraphemeLength(tail[...]) }

    /// Applies the peer's own change (delete `deleteCount` code points, then insert `insert`)
    /// and says what it is on the host's NFC text.
    mutating func apply(deleteCount: Int, insert: [Unicode.Scalar]) -> Edit {
        guard deleteCount > 0 || !insert.isEmpty else { return .none }
        var start = max(0, tail.count - deleteCount)
        let beyond = max(0, deleteCount - tail.count)
        // Start the compared region at a starter one grapheme earlier, so normalization of the
        // region agrees with normalization of the whole text.
        start = max(0, start - 1)
        while start > 0, tail[start].properties.canonicalCombiningClass != .notReordered { start -= 1 }
        let old = Self.nfc(tail[start...])
        tail.removeLast(min(deleteCount, tail.count))
        tail.append(contentsOf: insert)
        let new = Self.nfc(tail[start...])
        if tail.count > 2 * Self.limit { tail.removeFirst(tail.count - Self.limit) }
        var common = 0
        while common < old.count, common < new.count, old[common] == new[common] { common += 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: new[common...])
        return Edit(
            deleteCount: old.count - common + beyond, insert: String(view),
            effect: deleteCount > 0 && insert.isEmpty ? .graphemeDeleted : .typed)
    }

    private static func nfc(_ scalars: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        // Below U+0300 there are no combining marks and nothing NFC changes.
        if scalars.allSatisfy({ $0.value < 0x300 }) { return Array(scalars) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return Array(String(view).precomposedStringWithCanonicalMapping.unicodeScalars)
    }
}

extension Edit {
    /// One edit that does this edit, then `next`.
    func then(_ next: Edit) -> Edit {
        guard next != .none else { return self }
        guard self != .none else { return next }
        var inserted = Array(insert.unicodeScalars)
        let fromInsert = min(next.deleteCount, inserted.count)
        inserted.removeLast(fromInsert)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: inserted)
        view.append(contentsOf: next.insert.unicodeScalars)
        let effect = next.effect == .graphemeDeleted && view.isEmpty ? next.effect : effect
        return Edit(deleteCount: deleteCount + next.deleteCount - fromInsert, insert: String(view), effect: effect)
    }
}

/// What a peer engine types with, below the layout: one press of a position at a level.
protocol PeerTyping: AnyObject {
    /// Presses one key and says what it did to the text.
    func press(_ press: PeerPress) -> Edit
    /// Replaces the text before the caret and forgets pending state.
    func setContext(_ text: String)
    /// An engine in the same state.
    func duplicate() -> Self
}

/// A peer engine on a peer layout: the layout's keys, mapped to presses.
final class PeerSessionEngine<Typing: PeerTyping>: PeerEngine {
    let typing: Typing
    /// Per `KeyID.rawValue`: the press the key stands for (`nil`: a key the peer never sees).
    let presses: [PeerPress?]

    init(_ typing: Typing, presses: [PeerPress?]) {
        self.typing = typing
        self.presses = presses
    }

    func press(_ key: KeyID) -> Edit {
        guard key.rawValue >= 0, key.rawValue < presses.count, let press = presses[key.rawValue] else { return .none }
        return typing.press(press)
    }

    func setContext(_ text: String) { typing.setContext(text) }

    func copy() -> any PeerEngine { PeerSessionEngine(typing.duplicate(), presses: presses) }
}
