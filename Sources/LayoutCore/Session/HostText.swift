/// How the host holds the text that `TypingSession.setContext(_:)` gave the session.
///
/// A host may hold text in any normalization form: pasted NFD (`a` + U+0301), NFC, or a mix.
/// The session's context is NFD, but an `Edit` deletes *the host's* scalars, so for the part
/// of the context that came from the host the session remembers the host's own scalars.
/// Text the session typed is inserted as NFC, so for it the NFC scalar count is what the host
/// holds. Edits only ever replace graphemes at the end, so this record only shrinks from its
/// end (and from its start when the context is trimmed).
package struct HostText: Sendable {
    /// The host's own scalars for `context[..<contextCount]`.
    package private(set) var scalars: [Unicode.Scalar] = []
    /// How many NFD scalars of the context the host's scalars stand for; 0 when the whole
    /// context was typed by the session.
    package private(set) var contextCount = 0

    /// Records `text` as the host holds it; the context is its NFD, `contextCount` scalars.
    package init(_ text: String = "", contextCount: Int = 0) {
        scalars = Array(text.unicodeScalars)
        self.contextCount = contextCount
    }

    /// How many scalars the host holds for `context[start...]`, and forgets them (the edit that
    /// asks replaces or deletes them): the host's own count for the part it gave the session,
    /// the NFC count for the part the session typed.
    /// `composedCount`, when given, is the NFC count of `context[start...]`, which the caller
    /// has worked out already.
    /// - Complexity: O(length of the deleted graphemes); O(1) when nothing came from the host.
    package mutating func removeTail(of context: [Unicode.Scalar], from start: Int, composedCount: Int? = nil) -> Int {
        let typedStart = max(start, contextCount)
        let typedCount =
            typedStart >= context.count
            ? 0
            : typedStart == start && composedCount != nil
                ? composedCount! : CanonicalComposition.composedScalarCount(context[typedStart...])
        guard start < contextCount else { return typedCount }
        var remaining = contextCount - start
        var hostCount = 0
        while remaining > 0, !scalars.isEmpty {
            let length = GraphemeBoundary.lastGraphemeLength(scalars)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[(scalars.count - length)...])
            remaining -= String(view).reduce(0) { $0 + CanonicalComposition.decomposed($1).count }
            scalars.removeLast(length)
            hostCount += length
        }
        contextCount = start
        return hostCount + typedCount
    }

    /// Forgets the first `cut` scalars of the context (it was trimmed), with the host's scalars
    /// for them.
    package mutating func removeHead(contextScalars cut: Int) {
        guard contextCount > 0, cut > 0 else { return }
        guard cut < contextCount else {
            self = HostText()
            return
        }
        var removed = 0
        var hostRemoved = 0
        for character in String(String.UnicodeScalarView(scalars)) where removed < cut {
            removed += CanonicalComposition.decomposed(character).count
            hostRemoved += character.unicodeScalars.count
        }
        scalars.removeFirst(hostRemoved)
        contextCount -= removed
    }
}
