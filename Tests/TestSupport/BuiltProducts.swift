import Foundation

/// The package's executables (`kbdsim`, `kbdbench`) as a running test finds them:
/// `swift test` builds the package's products beside the test bundle.
public enum BuiltProducts {
    /// Where a built executable may be, in order: beside the running test binary, in or
    /// beside the test bundles, then the package's `.build/debug`.
    public static let folders: [URL] = {
        var folders: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders += ([Bundle.main] + Bundle.allBundles).map { $0.bundleURL.deletingLastPathComponent() }
        folders.append(PackagePaths.root.appendingPathComponent(".build/debug"))
        return folders
    }()

    /// The path of the built executable `name`, or `nil` when it is not built.
    public static func path(of name: String) -> String? {
        folders.map { $0.appendingPathComponent(name).path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The path of the built executable `name`; where it is not built, the first place it
    /// would be, so that running it fails with that path in the message.
    public static func expectedPath(of name: String) -> String {
        path(of: name) ?? folders[0].appendingPathComponent(name).path
    }
}
