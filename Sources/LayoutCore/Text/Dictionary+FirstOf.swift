extension Dictionary {
    /// A dictionary of `pairs` in which the first pair of each key wins: what
    /// `init(_:uniquingKeysWith: { first, _ in first })` makes, without its rethrowing
    /// closure (which casts errors dynamically, and Embedded Swift has no dynamic casts).
    /// - Complexity: O(n) in the number of pairs.
    package init(firstOf pairs: some Sequence<(Key, Value)>) {
        self.init()
        for (key, value) in pairs where self[key] == nil { self[key] = value }
    }
}
