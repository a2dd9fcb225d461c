extension TypingSession {
    /// Backspace (docs/architecture.md, "The typing session"): with the accent policy, when the grapheme before the
    /// caret ends in NFD with one of the layout's accent marks, only that mark goes
    /// (`á` → `a`), also for text the session did not type; otherwise the whole grapheme.
    mutating func backspace() -> Edit {
        guard let last = context.last else { return .none }
        let count = context.count
        if backspacePolicy == .accent, CanonicalComposition.isCombiningDiacritic(last) {
            let length = GraphemeBoundary.lastGraphemeLength(context)
            let start = count - length
            // An override's letter loses what the override added (cs-touch: ů → u); any other
            // letter loses its last mark when that is one of the layout's accents.
            let marks = tables.overrideMarkCount(context[start...]) ?? (tables.isRemovableMark(last) ? 1 : 0)
            if length > 1, marks > 0 {
                let deleted = hostText.removeTail(of: context, from: start)
                context.removeLast(marks)
                let remaining = CanonicalComposition.composed(context[start...])
                return Edit(deleteCount: deleted, insert: remaining, effect: .accentRemoved)
            }
        }
        if GraphemeBoundary.isSimpleStarter(last), count == 1 || GraphemeBoundary.allowsBreak(after: context[count - 2])
        {
            if _slowPath(hostText.contextCount > 0) { _ = hostText.removeTail(of: context, from: count - 1) }
            context.removeLast()
            return Edit(deleteCount: 1, insert: "", effect: .graphemeDeleted)
        }
        let length = GraphemeBoundary.lastGraphemeLength(context)
        let deleted = hostText.removeTail(of: context, from: count - length)
        context.removeLast(length)
        return Edit(deleteCount: deleted, insert: "", effect: .graphemeDeleted)
    }
}
