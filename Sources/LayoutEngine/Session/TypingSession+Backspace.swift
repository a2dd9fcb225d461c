extension TypingSession {
    /// Backspace (DESIGN.md section 3): with the accent policy, when the grapheme before the
    /// caret ends in NFD with one of the layout's accent marks, only that mark goes
    /// (`á` → `a`), also for text the session did not type; otherwise the whole grapheme.
    mutating func backspace() -> Edit {
        guard let last = context.last else { return .none }
        let count = context.count
        if backspacePolicy == .accent, tables.isRemovableMark(last) {
            let length = GraphemeBoundary.lastGraphemeLength(context)
            if length > 1 {
                let start = count - length
                let deleted = CanonicalComposition.composedScalarCount(context[start...])
                context.removeLast()
                let remaining = CanonicalComposition.composed(context[start...])
                return Edit(deleteCount: deleted, insert: remaining, effect: .accentRemoved)
            }
        }
        if GraphemeBoundary.isSimpleStarter(last), count == 1 || GraphemeBoundary.allowsBreak(after: context[count - 2])
        {
            context.removeLast()
            return Edit(deleteCount: 1, insert: "", effect: .graphemeDeleted)
        }
        let length = GraphemeBoundary.lastGraphemeLength(context)
        let deleted = CanonicalComposition.composedScalarCount(context[(count - length)...])
        context.removeLast(length)
        return Edit(deleteCount: deleted, insert: "", effect: .graphemeDeleted)
    }
}
