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
        let lowered = ScalarCase.lowercased(word)
        return candidates.map { ($0, editDistance(lowered, ScalarCase.lowercased($0))) }
            .filter { $0.1 <= limit }
            .min { $0.1 < $1.1 }?.0
    }

    /// The candidates a short or partial name may mean: those that have `word` as one of their
    /// parts (split at `-`, `:`, `_`, `(`, `)`), in the order given, or else the nearest by edit
    /// distance; at most `limit` of them.
    ///
    /// ```swift
    /// NameSuggestion.related(to: "hu", in: ["cs-touch", "hu-ios", "hu-touch", "xkb:hu"])
    /// // ["hu-ios", "hu-touch", "xkb:hu"]
    /// ```
    public static func related(to word: String, in candidates: [String], limit: Int = 6) -> [String] {
        let lowered = ScalarCase.lowercased(word)
        let separators: Set<Character> = ["-", ":", "_", "(", ")"]
        let withPart = candidates.filter { candidate in
            ScalarCase.lowercased(candidate).split(whereSeparator: { separators.contains($0) }).contains {
                $0 == lowered
            }
        }
        if !withPart.isEmpty { return Array(withPart.prefix(limit)) }
        return nearest(to: word, in: candidates).map { [$0] } ?? []
    }

    /// `"a"`, `"a" or "b"`, `"a", "b" or "c"`: names quoted and joined for a message.
    public static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard let last = quoted.last else { return "" }
        return quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
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
