import LayoutEngine

/// Turns a `--layout` / `--layouts` value into a layout: a shipped id (`hu-touch`) or the
/// path of a JSON file.
enum LayoutResolver {
    /// The layout, or the diagnostics that say why there is none.
    static func resolve(_ idOrPath: String) throws(LayoutLoadError) -> Layout {
        try LayoutCatalog.load(idOrPath)
    }

    /// Every id `--layout` accepts without a path, for `--list-layouts` and messages.
    static func availableIDs() -> [String] {
        LayoutCatalog.shippedIDs()
    }
}
