import LayoutEngine
import PeerLayouts
import XKBLayouts

/// Turns a `--layout` / `--layouts` value into a layout: a shipped id (`hu-touch`), the
/// path of a JSON file, or an XKB hardware layout (`xkb:hu`, `xkb:cz(qwerty)`).
enum LayoutResolver {
    /// The layout, or the diagnostics that say why there is none.
    static func resolve(_ idOrPath: String) throws(LayoutLoadError) -> Layout {
        if PeerLayouts.isPeerID(idOrPath) {
            do {
                return try PeerLayouts.load(idOrPath)
            } catch {
                throw LayoutLoadError(diagnostics: [
                    LayoutDiagnostic(.error, .xkbLayout, file: idOrPath, location: nil, path: "", message: error.description)
                ])
            }
        }
        guard XKBLayouts.isXKBID(idOrPath) else { return try LayoutCatalog.load(idOrPath) }
        do {
            return try XKBLayouts.load(idOrPath).layout
        } catch {
            throw LayoutLoadError(diagnostics: [
                LayoutDiagnostic(
                    .error, .xkbLayout, file: idOrPath, location: nil, path: "", message: error.description)
            ])
        }
    }

    /// Every id `--layout` accepts without a path, for `--list-layouts` and messages.
    static func availableIDs() -> [String] {
        LayoutCatalog.shippedIDs() + XKBLayouts.featuredIDs
    }
}
