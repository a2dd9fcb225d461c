import Foundation

/// The shipped layouts, and loading by id or path.
///
/// The layouts of the repository's `Layouts/` folder are built into the library
/// (`ShippedLayouts`), so a copied or installed binary needs no source tree. A folder named by
/// `KBD_LAYOUTS_DIR` (the CLI's `--layouts-dir`) overrides them: its `*.json` files are
/// loaded from disk and shadow the built-in ones of the same id, which lets a layout designer
/// edit a layout without rebuilding.
public enum LayoutCatalog {
    /// The environment variable that names a folder of layouts read before the built-in ones.
    public static let overrideVariable = "KBD_LAYOUTS_DIR"

    /// The override folder (`$KBD_LAYOUTS_DIR`), or `nil` when it is not set.
    public static var overrideDirectory: String? {
        guard let folder = ProcessInfo.processInfo.environment[overrideVariable], !folder.isEmpty else { return nil }
        return folder
    }

    /// The ids of the shipped layouts (built in, plus the override folder's), sorted.
    public static func shippedIDs() -> [String] { shippedIDs(overrideDirectory: overrideDirectory) }

    static func shippedIDs(overrideDirectory folder: String?) -> [String] {
        Set(ShippedLayouts.files.map(\.id)).union(overrideIDs(in: folder)).sorted()
    }

    /// Whether `id` names a shipped layout (built in or in the override folder).
    public static func isShipped(_ id: String) -> Bool { shippedIDs().contains(id) }

    /// Whether `idOrPath` is a path of a layout file rather than an id.
    public static func isPath(_ idOrPath: String) -> Bool {
        idOrPath.hasSuffix(".json") || idOrPath.contains("/")
    }

    /// Loads a layout by shipped id (`hu-touch`) or by the path of a JSON file.
    /// - Throws: `LayoutLoadError`; for an unknown id, a `KBD-E104` diagnostic listing the shipped ids.
    public static func load(_ idOrPath: String) throws(LayoutLoadError) -> Layout {
        if isPath(idOrPath) { return try LayoutLoader.load(path: idOrPath) }
        let result = read(idOrPath, overrideDirectory: overrideDirectory)
        guard let layout = result.layout else { throw LayoutLoadError(diagnostics: result.diagnostics) }
        return layout
    }

    /// Reads a shipped layout by id, with its diagnostics (warnings included); an unknown id
    /// gives one `KBD-E104` error.
    public static func read(_ id: String) -> LayoutLoader.Result { read(id, overrideDirectory: overrideDirectory) }

    static func read(_ id: String, overrideDirectory folder: String?) -> LayoutLoader.Result {
        if let folder, overrideIDs(in: folder).contains(id) {
            return LayoutLoader.read(path: folder + "/" + id + ".json")
        }
        if let builtIn = ShippedLayouts.files.first(where: { $0.id == id }) {
            return LayoutLoader.read(bytes: Array(builtIn.json.utf8) + [0x0A], file: id + ".json", expectedID: id)
        }
        return LayoutLoader.Result(
            layout: nil, diagnostics: [unknownLayout(id, known: shippedIDs(overrideDirectory: folder))])
    }

    /// The bytes of a built-in layout file, as `Layouts/ID.json` holds them, or `nil`.
    public static func builtInFile(_ id: String) -> [UInt8]? {
        ShippedLayouts.files.first { $0.id == id }.map { Array($0.json.utf8) + [0x0A] }
    }

    /// The diagnostic for a layout id that names nothing: the id, the known ids it may mean
    /// (those with the id as a part, `hu` → `hu-ios`, `hu-touch`, `xkb:hu`, else the nearest)
    /// and the list of known ids.
    /// - Parameter related: more ids the id may mean that are not in `known` (an XKB layout of
    ///   that name), suggested after the known ones.
    public static func unknownLayout(_ id: String, known: [String], related: [String] = []) -> LayoutDiagnostic {
        let suggestions = NameSuggestion.related(to: id, in: known + related)
        let didYouMean = suggestions.isEmpty ? "" : "; did you mean \(NameSuggestion.quotedList(suggestions))?"
        let message =
            "no layout \"\(id)\"" + didYouMean + " (known: \(known.joined(separator: ", ")); "
            + "or give the path of a .json file)"
        return LayoutDiagnostic(.error, .unknownLayout, file: "", location: nil, path: "", message: message)
    }

    private static func overrideIDs(in folder: String?) -> [String] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
    }
}
