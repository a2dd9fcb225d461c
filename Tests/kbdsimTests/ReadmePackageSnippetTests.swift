import Foundation
import Testing

/// The README's `Package.swift` snippet, as a user pastes it: a package of their own beside a
/// clone named as the snippet says, depending on `LayoutEngine`, builds and loads a layout
/// through `LayoutCatalog`, the light path that links no C library.
struct ReadmePackageSnippetTests {
    /// The README's Swift block that declares the dependency (`dependencies: [… .package(path:`).
    static func snippet() throws -> String {
        let readme = try String(
            contentsOf: KbdsimBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0]
        }
        return try #require(blocks.first { $0.contains(".package(path:") }, "no Package.swift snippet in README.md")
    }

    @Test("the snippet's package name is the clone's folder name, and LayoutEngine alone builds and runs")
    func builds() throws {
        let snippet = try Self.snippet()
        let folderName = try #require(
            snippet.firstMatch(of: /\.package\(path: "\.\.\/([^"]+)"\)/)?.1, "the snippet names no path")
        #expect(snippet.contains(#"package: "\#(folderName)""#), "the product's package is not the folder's name")
        let manager = FileManager.default
        let top = manager.temporaryDirectory.appendingPathComponent("snippet-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: top) }
        let app = top.appendingPathComponent("MyApp")
        try manager.createDirectory(at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: top.appendingPathComponent(String(folderName)).path,
            withDestinationPath: KbdsimBinary.packageRoot.path)
        let manifest =
            "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n"
            + "    name: \"MyApp\",\n" + snippet + "\n)\n"
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let main = "import LayoutEngine\n\nlet layout = try LayoutCatalog.load(\"hu-touch\")\nprint(layout.id)\n"
        try main.write(to: app.appendingPathComponent("Sources/MyApp/main.swift"), atomically: true, encoding: .utf8)
        let build = try Subprocess.run(["/bin/sh", "-c", "cd '\(app.path)' && swift build 2>&1"])
        #expect(build.status == 0, "\(manifest)\n\(build.output)")
        let run = try Subprocess.run([app.appendingPathComponent(".build/debug/MyApp").path])
        #expect(run.output == "hu-touch\n", "\(run.error)")
    }
}
