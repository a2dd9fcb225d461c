/// The shipped layouts, and loading by id or path.
///
/// The layouts of the repository's `Layouts/` folder are built into the library
/// (`ShippedLayouts`), so a copied or installed binary needs no source tree. A folder named by
/// `KBD_LAYOUTS_DIR` (the CLI's `--layouts-dir`) overrides them: its `*.json` files are
/// loaded from disk and shadow the built-in ones of the same id, which lets a layout designer
/// edit a layout without rebuilding.
///
/// This part knows the built-in layouts only; `LayoutEngine` adds the override folder and
/// loading by path.
public enum LayoutCatalog {
    /// The environment variable that names a folder of layouts read before the built-in ones.
    public static let overrideVariable = "KBD_LAYOUTS_DIR"

    /// The ids of the built-in layouts, sorted (without any override folder's).
    public static func builtInIDs() -> [String] { ShippedLayouts.files.map { $0.id } }

    /// Whether `idOrPath` is a path of a layout file rather than an id.
    public static func isPath(_ idOrPath: String) -> Bool {
        idOrPath.hasSuffix(".json") || idOrPath.contains("/")
    }

    /// Reads a built-in layout by id, with its diagnostics (warnings included), or `nil` when
    /// no built-in layout has that id.
    public static func readBuiltIn(_ id: String) -> LayoutLoader.Result? {
        guard let builtIn = ShippedLayouts.files.first(where: { $0.id == id }) else { return nil }
        return LayoutLoader.read(bytes: Array(builtIn.json.utf8) + [0x0A], file: id + ".json", expectedID: id)
    }

    /// The bytes of a built-in layout file, as `Layouts/ID.json` holds them, or `nil`.
    public static func builtInFile(_ id: String) -> [UInt8]? {
        ShippedLayouts.files.first { $0.id == id }.map { Array($0.json.utf8) + [0x0A] }
    }

    /// The diagnostic for a layout id that names nothing: the id, the nearest known one and
    /// the list of known ids.
    public static func unknownLayout(_ id: String, known: [String]) -> LayoutDiagnostic {
        let message =
            "no layout \"\(id)\"" + didYouMean(id, known) + " (known: \(known.joined(separator: ", ")); "
            + "or give the path of a .json file)"
        return LayoutDiagnostic(.error, .unknownLayout, file: "", location: nil, path: "", message: message)
    }
}
