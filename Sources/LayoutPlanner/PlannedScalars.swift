import LayoutCore

/// The scalars of the texts a planner is made for (`KeystrokePlanner.init(layout:costModel:
/// forTexts:)`), and whether a grapheme could be one of theirs: a grapheme the planner looks
/// up while planning a text is canonically equivalent to a piece of it, so its NFD scalars are
/// among the text's; a grapheme with any other scalar needs no tables.
///
/// ```swift
/// let scalars = PlannedScalars(["e\u{301}"])
/// scalars.covers("é")   // true: its NFD is e, U+0301
/// scalars.covers("è")   // false: U+0300 is in neither text
/// ```
package struct PlannedScalars {
    /// The texts' scalars as they are and in NFD.
    private let scalars: Set<Unicode.Scalar>

    /// The scalars of `texts`.
    package init(_ texts: some Sequence<String>) {
        var scalars: Set<Unicode.Scalar> = []
        for text in texts {
            for scalar in text.unicodeScalars where scalars.insert(scalar).inserted {
                scalars.formUnion(CanonicalComposition.decomposed(Character(scalar)))
            }
        }
        self.scalars = scalars
    }

    /// Whether every scalar of `grapheme` is one of the texts' or decomposes into theirs (a
    /// superset of the graphemes the texts hold, whatever their normalization).
    /// - Complexity: O(scalars of `grapheme`); a scalar not in the texts is decomposed once.
    func covers(_ grapheme: String) -> Bool {
        grapheme.unicodeScalars.allSatisfy { scalar in
            scalars.contains(scalar)
                || CanonicalComposition.decomposed(Character(scalar)).allSatisfy { scalars.contains($0) }
        }
    }
}
