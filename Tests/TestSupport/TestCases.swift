import LayoutEngine
import Testing

/// A test case: keys typed on a layout and the text they leave, shown as
/// `hu-touch: o ¨ ˝ → "ő"` (the layout left out where a suite has one layout).
public struct KeysCase: CustomTestStringConvertible, Sendable {
    /// The layout's id, or empty where the suite types on one layout of its own.
    public var layout: String
    /// Space-separated key names (see `KeyNames`).
    public let keys: String
    /// The text the keys leave.
    public let expected: String
    /// The backspace policy typed with, where not the layout's own.
    public var backspace: BackspacePolicy?

    /// A case; `layout` and `backspace` as above.
    public init(layout: String = "", keys: String, expected: String, backspace: BackspacePolicy? = nil) {
        self.layout = layout
        self.keys = keys
        self.expected = expected
        self.backspace = backspace
    }

    /// The same case on the layout `id`, named in its description.
    public func on(_ id: String) -> KeysCase {
        var copy = self
        copy.layout = id
        return copy
    }

    public var testDescription: String {
        let policy = backspace.map { " (\($0.rawValue) backspace)" } ?? ""
        return (layout.isEmpty ? "" : "\(layout)\(policy): ") + "\(keys) → \(expected.debugDescription)"
    }
}

/// A test case: a text and the keys the planner types it with, shown as
/// `hu-touch: "Győr" → ⇧ G y o ˝ r` (the layout left out where a suite has one layout).
public struct PlanCase: CustomTestStringConvertible, Sendable {
    /// The layout's id, or empty where the suite plans on one layout of its own.
    public let layout: String
    /// The text planned.
    public let text: String
    /// The plan's key names, space-separated.
    public let keys: String

    /// A case; `layout` as above.
    public init(layout: String = "", text: String, keys: String) {
        self.layout = layout
        self.text = text
        self.keys = keys
    }

    public var testDescription: String { (layout.isEmpty ? "" : "\(layout): ") + "\(text.debugDescription) → \(keys)" }
}

/// A test case: a shared corpus (`hu.txt`) typed on a layout, shown as `hu.txt on hu-touch`.
public struct CorpusCase: CustomTestStringConvertible, Sendable {
    /// The corpus file's name in `../shared/corpora`.
    public let corpus: String
    /// The layout's id.
    public let layout: String
    /// The language's letters, which the layout must type; empty where the suite knows them.
    public let letters: String

    /// A case; `letters` as above.
    public init(corpus: String, layout: String, letters: String = "") {
        self.corpus = corpus
        self.layout = layout
        self.letters = letters
    }

    public var testDescription: String { "\(corpus) on \(layout)" }
}
