import Foundation
import LayoutEngine

/// The layouts shipped in the package (`Layouts/*.json`, built in).
public enum Shipped {
    /// Every shipped layout's id.
    public static let ids = LayoutCatalog.shippedIDs()

    /// The repository's `Layouts/` folder, which the built-in layouts are generated from.
    public static let sourceDirectory: String = PackagePaths.layouts.path

    /// The path of a layout's file in the repository.
    public static func sourcePath(_ id: String) -> String { sourceDirectory + "/" + id + ".json" }

    /// `hu-touch`, the layout most examples type on, loaded once.
    public static let huTouch = layout("hu-touch")

    /// The shipped layout `id`; a layout that does not load stops the test run, with its
    /// diagnostics.
    public static func layout(_ id: String) -> Layout {
        do {
            return try LayoutCatalog.load(id)
        } catch {
            fatalError("shipped layout \(id) does not load:\n\(error)")
        }
    }
}
