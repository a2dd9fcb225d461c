import Foundation
import LayoutEngine
import LayoutExport
import LayoutSources

/// `kbdsim export --format FORMAT LAYOUT DIR`: writes a layout for another keyboard
/// platform into a folder (made if missing). Exit status: 0 written, 1 the layout does not
/// load or a file cannot be written, 64 wrong arguments.
enum ExportCommand {
    /// The formats, by name: what each writes. One line per format.
    static let formats: [(name: String, summary: String, export: @Sendable (Layout) -> [ExportedFile])] = [
        ("keyman", "Keyman keyboard project: .kmn, .keyman-touch-layout, .kps", LayoutExport.keyman),
        ("xkb", "XKB symbols file and Compose file (accents as dead keys)", LayoutExport.xkb),
    ]

    static var usage: String {
        "usage: kbdsim export --format \(formats.map(\.name).joined(separator: "|")) LAYOUT DIR"
    }

    static var help: String {
        ([usage, "", "Writes LAYOUT (any layout id or file) for another keyboard platform into DIR.", ""]
            + formats.map { "  \($0.name.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.summary)" })
            .joined(separator: "\n")
    }

    static func run(_ arguments: [String]) -> Int32 {
        var format: String?
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                print(help)
                return 0
            case "--format":
                guard index + 1 < arguments.count else { return usageError("missing value for '--format'") }
                format = arguments[index + 1]
                index += 1
            default:
                if argument.hasPrefix("--format=") {
                    format = String(argument.dropFirst("--format=".count))
                } else if argument.hasPrefix("-"), argument.count > 1 {
                    return usageError("unknown option '\(argument)'")
                } else {
                    positional.append(argument)
                }
            }
            index += 1
        }
        guard let format else { return usageError("missing '--format'") }
        guard let exporter = formats.first(where: { $0.name == format }) else {
            return usageError("unknown format '\(format)'; formats: \(formats.map(\.name).joined(separator: ", "))")
        }
        guard positional.count == 2 else { return usageError("expected LAYOUT and DIR") }
        let layout: Layout
        do {
            layout = try LayoutResolver.resolve(positional[0])
        } catch {
            for diagnostic in error.diagnostics { standardError("kbdsim export: \(diagnostic)\n") }
            return 1
        }
        let folder = URL(fileURLWithPath: positional[1])
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in exporter.export(layout) {
                let url = folder.appendingPathComponent(file.name)
                try Data(file.bytes).write(to: url)
                print(url.path)
            }
        } catch {
            standardError("kbdsim export: error: cannot write to \(folder.path): \(error.localizedDescription)\n")
            return 1
        }
        return 0
    }

    private static func usageError(_ message: String) -> Int32 {
        standardError("kbdsim export: error: \(message)\n\(usage)\n")
        return 64
    }

    private static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
