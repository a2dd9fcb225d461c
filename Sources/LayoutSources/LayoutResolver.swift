import Foundation
import LDMLKeyboards
import LayoutEngine
import PeerLayouts
import XKBLayouts

/// Turns any layout id a user may give into a layout, for the library and the CLI alike:
///
/// - a shipped id: `hu-touch` (built into the library; `KBD_LAYOUTS_DIR` overrides),
/// - the path of a layout file: `my-layout.json`, `./layouts/x.json`,
/// - an XKB hardware layout through libxkbcommon: `xkb:hu`, `xkb:cz(qwerty)`,
/// - a peer engine's layout: `kmx:FILE.kmx` (Keyman Core), `m17n:latn-post` (libm17n).
/// - a CLDR keyboard3 file (`my-keyboard.xml`) or a shipped CLDR keyboard (`cldr:fr-t-k0-test`),
///   drawn and planned as a `Layout` and typed by the keyboard itself (`LDMLPeerEngine`: its
///   transforms run); `(touch)`, `(hardware)` or the hardware form's name after it picks the form.
///
/// ```swift
/// import LayoutSources
/// let layout = try LayoutResolver.resolve("xkb:hu")
/// ```
public enum LayoutResolver {
    /// The layout an id names, or the diagnostics that say why there is none.
    /// - Throws: `LayoutLoadError`: the file's diagnostics, `KBD-E300` for an XKB layout
    ///   libxkbcommon cannot make, `KBD-E301` for a peer layout its engine cannot load, the keyboard3 file's
    ///   own `ldml.…` diagnostics, `KBD-E302` for a keyboard3 form that cannot become a layout, `KBD-E104` for an id that names nothing.
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
        if id.hasPrefix("cldr:") || LDMLLayouts.splitForm(id).source.hasSuffix(".xml") {
            return try LDMLLayouts.layout(id)
        }
        if LayoutCatalog.isPath(id) || LayoutCatalog.isShipped(id) { return try LayoutCatalog.load(id) }
        throw LayoutLoadError(diagnostics: [
            LayoutCatalog.unknownLayout(id, known: availableIDs(), related: xkbLayoutNamed(id))
        ])
    }

    /// `xkb:ID` when `id` is the name of an XKB layout the machine has (`hu`, `fr(azerty)`) and
    /// not a featured one already, for the suggestion after an id that names nothing.
    private static func xkbLayoutNamed(_ id: String) -> [String] {
        let candidate = XKBLayoutName.prefix + id
        guard !id.isEmpty, id.count <= 40, !XKBLayouts.featuredIDs.contains(candidate),
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "()_-".contains($0)) }),
            (try? XKBLayouts.load(candidate)) != nil
        else { return [] }
        return [candidate]
    }

    /// Every id `resolve` accepts without a path, for `--list-layouts` and messages: the
    /// shipped layouts, then the featured XKB layouts (any `xkb:LAYOUT(VARIANT)` works).
    public static func availableIDs() -> [String] {
        LayoutCatalog.shippedIDs() + XKBLayouts.featuredIDs + LDMLLoader.shippedIDs.map { "cldr:" + $0 }
    }
}
