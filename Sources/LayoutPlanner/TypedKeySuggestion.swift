import LayoutCore

extension KeyNames.UnknownKeyName {
    /// The same error, suggesting the keys that type the unknown name as text from the
    /// session's state when no key name is near it: `ő` on hu-touch suggests `o ˝`.
    ///
    /// A name of more than 20 characters, one the layout cannot type, or one whose keys are the
    /// name itself suggests nothing; a near name (`shift` for `shfit`) is kept.
    /// - Complexity: one plan of the name's text.
    public func suggestingTypedKeys(in session: TypingSession) -> KeyNames.UnknownKeyName {
        guard namesNoKey, suggestion == nil, let typed = KeyNames.typedKeys(keyName, in: session),
            typed != keyName, typed != name
        else { return self }
        return KeyNames.UnknownKeyName(
            name: name, keyName: keyName, reason: reason, validNames: validNames, suggestion: typed,
            suggestsTyping: true, namesNoKey: true)
    }
}

extension KeyNames {
    /// The key names that type `text` from the session's state, when the layout can type it.
    static func typedKeys(_ text: String, in session: TypingSession) -> String? {
        guard text.count <= 20 else { return nil }
        let context = String(String.UnicodeScalarView(session.context.suffix(16)))
        let plan = KeystrokePlanner(layout: session.layout).plan(text, from: session.state, after: context)
        guard plan.untypeable.isEmpty, !plan.events.isEmpty else { return nil }
        return plan.events.map { name(of: $0, in: session.layout) }.joined(separator: " ")
    }
}
