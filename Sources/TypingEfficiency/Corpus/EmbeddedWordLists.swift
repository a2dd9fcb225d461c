/// The default corpus when none is given: the most frequent words of a language with
/// their frequencies, generated from the PyPI package `wordfreq` by
/// `tools/make_wordfreq_tables.py` and compiled in (see `WordTables/`).
///
/// Only words of letters, combining marks and punctuation are kept: wordfreq's tokens
/// holding digits or symbols (emoji, `♪`, `°`) are left out, so that what a report lists as
/// untypeable is the layout's own lack, not text no phone keyboard of the language types.
///
/// Data: Robyn Speer (2022). wordfreq v3.0. Zenodo, doi:10.5281/zenodo.7199437, CC BY-SA 4.0.
public enum EmbeddedWordLists {
    /// The languages with an embedded list.
    public static let locales = ["cs", "da", "en", "hu"]

    /// The list for a BCP 47 tag's language (`hu`, `hu-HU`), or `nil` when there is none.
    public static func list(for locale: String) -> WordFrequencyList? {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? locale
        let table: String
        switch language.lowercased() {
        case "hu": table = huTable
        case "cs": table = csTable
        case "da": table = daTable
        case "en": table = enTable
        default: return nil
        }
        return try? WordFrequencyList(parsing: Array(table.utf8), name: "wordfreq-\(language.lowercased())")
    }

    /// How reports describe the list for a language.
    public static func description(for locale: String, words: Int) -> String {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? locale
        return "embedded wordfreq \(language.lowercased()) top \(words) words"
    }
}
