import Foundation

/// Folders of the package and of the shared data beside it, found from this file's place
/// (`Tests/TestSupport/`), never from the working directory.
public enum PackagePaths {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The repository's `Layouts/` folder, which the built-in layouts are generated from.
    public static let layouts = root.appendingPathComponent("Layouts")

    /// The shared data folder, `../shared` beside the package; optional: a fresh clone has none.
    public static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")

    /// Whether `../shared/keyman` (Keyman's keyboards and touch-layout schema) is there.
    public static let sharedKeymanPresent = FileManager.default.fileExists(
        atPath: shared.appendingPathComponent("keyman").path)

    /// The folder of the test file at `filePath`: pass `#filePath`.
    public static func folder(of filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent()
    }
}

/// The shared corpora (`../shared/corpora` beside the package), one `LANGUAGE.txt` a
/// language, one sentence a line. Optional: tests that read them are
/// `.enabled(if: SharedCorpora.present, "\(SharedCorpora.absent(skipping: …))")`.
public enum SharedCorpora {
    /// The corpora's folder, whether or not it is there.
    public static let directory = PackagePaths.shared.appendingPathComponent("corpora").path

    /// Whether the shared corpora are there.
    public static let present = FileManager.default.fileExists(atPath: directory)

    /// The path of the corpus file `name` (`hu.txt`) when present.
    public static func path(_ name: String) -> String? {
        let path = directory + "/" + name
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The reason a test is skipped when the corpora are absent, saying what is skipped:
    /// `absent(skipping: "corpus round trips")`.
    public static func absent(skipping what: String) -> String {
        "../shared/corpora is absent (a fresh clone): \(what) are skipped"
    }

    /// The first lines of `LANGUAGE.txt`, about `characters` characters of them, or none.
    public static func lines(_ language: String, characters: Int) -> [String] {
        guard let text = try? String(contentsOfFile: directory + "/" + language + ".txt", encoding: .utf8) else {
            return []
        }
        var lines: [String] = []
        var total = 0
        for line in text.split(separator: "\n") where total < characters {
            lines.append(String(line))
            total += line.count
        }
        return lines
    }
}
