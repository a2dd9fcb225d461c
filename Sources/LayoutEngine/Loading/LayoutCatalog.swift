import Foundation

/// The layouts shipped in the repository's `Layouts/` folder, and loading by id or path.
public enum LayoutCatalog {
    /// The folder of shipped layouts: `$KBD_LAYOUTS_DIR` when set, else the `Layouts`
    /// folder of the source tree this library was built from.
    public static var directory: String {
        if let fromEnvironment = ProcessInfo.processInfo.environment["KBD_LAYOUTS_DIR"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Layouts").path
    }

    /// The ids of the shipped layouts, sorted.
    public static func shippedIDs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The path of the file of a shipped layout.
    public static func path(of id: String) -> String { directory + "/" + id + ".json" }

    /// Loads a layout by shipped id (`hu-touch`) or by the path of a JSON file.
    /// - Throws: `LayoutLoadError`; for an unknown id, a diagnostic listing the shipped ids.
    public static func load(_ idOrPath: String) throws(LayoutLoadError) -> Layout {
        if idOrPath.hasSuffix(".json") || idOrPath.contains("/") {
            return try LayoutLoader.load(path: idOrPath)
        }
        let ids = shippedIDs()
        guard ids.contains(idOrPath) else {
            let message =
                "no layout \"\(idOrPath)\"" + didYouMean(idOrPath, ids) + " (shipped: \(ids.joined(separator: ", ")); "
                + "or give the path of a .json file)"
            throw LayoutLoadError(diagnostics: [
                LayoutDiagnostic(.error, .unreadableFile, file: idOrPath, location: nil, path: "", message: message)
            ])
        }
        return try LayoutLoader.load(path: path(of: idOrPath))
    }
}
