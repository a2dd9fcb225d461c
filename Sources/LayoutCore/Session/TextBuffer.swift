/// The simplest host: a text that `Edit`s are applied to, with the caret at its end.
public struct TextBuffer: Hashable, Sendable {
    /// The text's scalars, NFC.
    public private(set) var scalars: [Unicode.Scalar] = []

    /// An empty buffer.
    public init() {}

    /// A buffer holding `text` (which should be NFC, like any host's text).
    public init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// Deletes `edit.deleteCount` scalars before the end (as many as there are), then
    /// appends `edit.insert`.
    public mutating func apply(_ edit: Edit) {
        scalars.removeLast(min(edit.deleteCount, scalars.count))
        scalars.append(contentsOf: edit.insert.unicodeScalars)
    }

    /// The text.
    public var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
