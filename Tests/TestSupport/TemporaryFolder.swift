import Foundation

/// Folders of a test's own under the system's temporary folder, named by a prefix and a UUID.
///
///     let folder = try TemporaryFolder.make("export-cli")
///     defer { TemporaryFolder.remove(folder) }
public enum TemporaryFolder {
    /// A new, empty folder `PREFIX-UUID` in the temporary folder.
    public static func make(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes `folder` and everything in it; a folder already gone is no error.
    public static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }
}
