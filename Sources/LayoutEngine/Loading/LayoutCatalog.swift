import Foundation

extension LayoutCatalog {
    /// The override folder (`$KBD_LAYOUTS_DIR`), or `nil` when it is not set.
    /// (Read with `getenv`: `ProcessInfo`'s environment copies every variable at each call,
    /// and a host opens a layout per call.)
    public static var overrideDirectory: String? {
        guard let value = getenv(overrideVariable) else { return nil }
        let folder = String(cString: value)
        return folder.isEmpty ? nil : folder
    }

    /// The ids of the shipped layouts (built in, plus the override folder's), sorted.
    public static func shippedIDs() -> [String] { shippedIDs(overrideDirectory: overrideDirectory) }

    static func shippedIDs(overrideDirectory folder: String?) -> [String] {
        Set(builtInIDs()).union(overrideIDs(in: folder)).sorted()
    }

    /// Whether `id` names a shipped layout (built in or in the override folder).
    public static func isShipped(_ id: String) -> Bool { shippedIDs().contains(id) }

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
        if let builtIn = readBuiltIn(id) { return builtIn }
        return LayoutLoader.Result(
            layout: nil, diagnostics: [unknownLayout(id, known: shippedIDs(overrideDirectory: folder))])
    }

    private static func overrideIDs(in folder: String?) -> [String] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
    }
}
