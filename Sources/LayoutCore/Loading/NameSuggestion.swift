/// "Did you mean …?" for a misspelled name: the layout loader's field and value names, the
/// command-line tools' options. One edit distance for all, so they suggest alike.
public enum NameSuggestion {
    /// The nearest of `candidates` to `word` by edit distance, ignoring case, when near
    /// enough to suggest: at most a third of the word's length apart, and at least 2.
    ///
    /// ```swift
    /// NameSuggestion.nearest(to: "--detial", in: ["--detail", "--errors"])  // "--detail"
    /// ```
    /// - Complexity: O(*n* · *m*) per candidate, for lengths *n* and *m*.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        let lowered = word.lowercased()
        return candidates.map { ($0, editDistance(lowered, $0.lowercased())) }
            .filter { $0.1 <= limit }
            .min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein distance between `a` and `b`, over characters (graphemes).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        var current = previous
        for i in stride(from: 1, through: a.count, by: 1) {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
