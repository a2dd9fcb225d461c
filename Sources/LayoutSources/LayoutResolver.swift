import LayoutEngine
import PeerLayouts
import XKBLayouts

/// Turns any layout id a user may give into a layout, for the library and the CLI alike:
///
/// - a shipped id: `hu-touch` (built into the library; `KBD_LAYOUTS_DIR` overrides),
/// - the path of a layout file: `my-layout.json`, `./layouts/x.json`,
/// - an XKB hardware layout through libxkbcommon: `xkb:hu`, `xkb:cz(qwerty)`,
/// - a peer engine's layout: `kmx:FILE.kmx` (Keyman Core), `m17n:latn-post` (libm17n).
///
/// ```swift
/// import LayoutSources
/// let layout = try LayoutResolver.resolve("xkb:hu")
/// ```
public enum LayoutResolver {
    /// The layout an id names, or the diagnostics that say why there is none.
    /// - Throws: `LayoutLoadError`: the file's diagnostics, `KBD-E300` for an XKB layout
    ///   libxkbcommon cannot make, `KBD-E301` for a peer layout its engine cannot load, `KBD-E104` for an id that names nothing.
    public static func resolve(_ id: String) throws(LayoutLoadError) -> Layout {
        if XKBLayouts.isXKBID(id) {
            do {
                return try XKBLayouts.load(id).layout
            } catch {
                throw LayoutLoadError(diagnostics: [
                    LayoutDiagnostic(.error, .xkbLayout, file: id, location: nil, path: "", message: error.description)
                ])
            }
        }
        if PeerLayouts.isPeerID(id) {
            do {
                return try PeerLayouts.load(id)
            } catch {
                throw LayoutLoadError(diagnostics: [
                    LayoutDiagnostic(.error, .peerLayout, file: id, location: nil, path: "", message: error.description)
                ])
            }
        }
        if LayoutCatalog.isPath(id) || LayoutCatalog.isShipped(id) { return try LayoutCatalog.load(id) }
        throw LayoutLoadError(diagnostics: [LayoutCatalog.unknownLayout(id, known: availableIDs())])
    }

    /// Every id `resolve` accepts without a path, for `--list-layouts` and messages: the
    /// shipped layouts, then the featured XKB layouts (any `xkb:LAYOUT(VARIANT)` works).
    public static func availableIDs() -> [String] {
        LayoutCatalog.shippedIDs() + XKBLayouts.featuredIDs
    }
}
