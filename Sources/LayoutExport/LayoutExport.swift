import LayoutEngine

/// Our layouts written for other keyboard platforms.
///
/// ```swift
/// let files = LayoutExport.keyman(try LayoutCatalog.load("hu-touch"))
/// // hu_touch.kmn, hu_touch.keyman-touch-layout, hu_touch.kps
/// ```
public enum LayoutExport {
    /// A Keyman keyboard project: `.kmn` source (UTF-8 with BOM), `.keyman-touch-layout`
    /// (phone and tablet) and the `.kps` package source. Keyman's compiler turns them into
    /// a keyboard for Keyman's iOS, Android, desktop and web apps.
    public static func keyman(_ layout: Layout) -> [ExportedFile] {
        let id = KeymanNames.keyboardID(layout.id)
        let touch = id + ".keyman-touch-layout"
        return [
            ExportedFile(
                name: id + ".kmn", text: KeymanKeyboardSource.source(layout, touchLayoutFile: touch),
                byteOrderMark: true),
            ExportedFile(name: touch, text: KeymanTouchLayout.json(layout)),
            ExportedFile(name: id + ".kps", text: KeymanPackage.xml(layout, keyboardID: id)),
        ]
    }
}
