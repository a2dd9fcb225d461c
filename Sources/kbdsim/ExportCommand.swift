import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutExport
import LayoutSources

/// `kbdsim export --format FORMAT LAYOUT [DIR] [-o FILE]`: writes a layout for another keyboard
/// platform. A format that writes one file (ldml) prints it, or writes it to `-o FILE` or into
/// DIR; a format that writes several (keyman, xkb) writes them into DIR (made if missing) and
/// prints their paths. The keyman and xkb formats take touch layouts only (they place keys on
/// US keys, which a hardware layout's own positions would contradict). Exit status: 0 written,
/// 1 the layout does not load or a file cannot be written, 64 wrong arguments, an unknown
/// layout id or a hardware layout for keyman or xkb.
enum ExportCommand {
    /// One export format: its name, what it writes, and the writer.
    struct Format: Sendable {
        let name: String
        let summary: String
        let export: @Sendable (Layout) -> [ExportedFile]
    }

    /// The formats, one line each.
    static let formats: [Format] = [
        Format(
            name: "keyman", summary: "Keyman keyboard project: .kmn, .keyman-touch-layout, .kps",
            export: LayoutExport.keyman),
        Format(name: "ldml", summary: "CLDR keyboard3 XML (UTS #35 Part 7), touch form") { layout in
            [ExportedFile(name: LayoutFileName.stem(layout.id) + ".xml", text: LDMLExporter.export(layout).xml)]
        },
        Format(
            name: "xkb", summary: "XKB symbols file and Compose file (accents as dead keys)", export: LayoutExport.xkb),
    ]

    static var usage: String {
        "usage: kbdsim export --format \(formats.map(\.name).joined(separator: "|")) LAYOUT [DIR] [-o FILE]"
    }

    static var help: String {
        let lines =
            [
                usage, "",
                "Writes LAYOUT (any layout id or file) for another keyboard platform: into DIR (made if missing),",
                "or, for a format of one file, to FILE or standard output.", "",
            ] + formats.map { "  \($0.name.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.summary)" } + [
                "",
                "The keyman and xkb files are named by the Keyman keyboard id (hu_touch), which takes only",
                "a-z, 0-9 and _; the ldml file by the layout id (hu-touch.xml).",
            ]
        return lines.joined(separator: "\n")
    }

    /// Why the files of `format` are not named by the layout's id, when they are not
    /// (`hu_touch.kmn` for hu-touch): a Keyman keyboard id cannot hold `-`.
    static func nameNote(_ format: Format, _ layout: Layout, _ files: [ExportedFile]) -> String? {
        guard format.name != "ldml", let stem = files.first?.name.split(separator: ".").first.map(String.init),
            stem != layout.id
        else { return nil }
        let reason =
            format.name == "keyman"
            ? "a Keyman keyboard id takes only a-z, 0-9 and _"
            : "the XKB export takes the Keyman keyboard id (a-z, 0-9 and _), so both exports share one name"
        return "kbdsim export: note: the files are named \(stem), not \(layout.id): \(reason)\n"
    }

    static func run(_ arguments: [String]) -> Int32 {
        var formatName: String?
        var output: String?
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                printOutput(help + "\n")
                return 0
            case "--format", "-o", "--output":
                guard index + 1 < arguments.count else { return usageError("'\(argument)' needs a value") }
                if argument == "--format" { formatName = arguments[index + 1] } else { output = arguments[index + 1] }
                index += 1
            default:
                if argument.hasPrefix("--format=") {
                    formatName = String(argument.dropFirst("--format=".count))
                } else if argument.hasPrefix("-"), argument.count > 1 {
                    let known = ["--format", "--output", "-o", "--help"]
                    let suggestion = NameSuggestion.nearest(to: argument, in: known).map { "; did you mean '\($0)'?" }
                    return usageError("unknown option '\(argument)'" + (suggestion ?? ""))
                } else {
                    positional.append(argument)
                }
            }
            index += 1
        }
        guard let formatName else { return usageError("missing '--format'") }
        guard let format = formats.first(where: { $0.name == formatName }) else {
            return usageError("unknown format '\(formatName)'; formats: \(formats.map(\.name).joined(separator: ", "))")
        }
        guard (1...2).contains(positional.count) else { return usageError("expected LAYOUT and an optional DIR") }
        let layout: Layout
        do {
            layout = try LayoutResolver.resolve(positional[0])
        } catch {
            for diagnostic in error.diagnostics { standardError("kbdsim export: \(diagnostic)\n") }
            return error.diagnostics.contains { $0.code == .unknownLayout } ? 64 : 1
        }
        if layout.platform == .hardware, format.name != "ldml" {
            return usageError(
                "\(positional[0]) is a hardware layout; the \(format.name) export writes touch layouts, each key on "
                    + "the US key that types it, so a hardware layout's own key positions (its number row, z and y) "
                    + "would be lost; export it with --format ldml")
        }
        let files = format.export(layout)
        if positional.count == 2, output != nil { return usageError("give a folder or '-o FILE', not both") }
        if positional.count == 1, files.count != 1 {
            return usageError("\(format.name) writes \(files.count) files; give a folder")
        }
        if positional.count == 2 {
            let folder = positional[1]
            do { try FileWriting.makeFolder(folder) } catch { return writeError(folder, error) }
            for file in files {
                let path = (folder as NSString).appendingPathComponent(file.name)
                do { try FileWriting.write(file.bytes, to: path) } catch { return writeError(path, error) }
                printOutput(path + "\n")
            }
            if let note = nameNote(format, layout, files) { standardError(note) }
        } else if let output, let file = files.first {
            do { try FileWriting.write(file.bytes, to: output) } catch { return writeError(output, error) }
        } else if let file = files.first {
            file.bytes.withUnsafeBufferPointer { writeOutput($0) }
        }
        return 0
    }

    /// Says that `path` cannot be written, and why; the exit status of a failed write.
    private static func writeError(_ path: String, _ failure: FileWriting.Failure) -> Int32 {
        standardError("kbdsim export: error: \(path): \(failure)\n")
        return 1
    }

    private static func usageError(_ message: String) -> Int32 {
        standardError("kbdsim export: error: \(message)\n\(usage)\n")
        return 64
    }

    private static func standardError(_ text: String) { printError(text) }
}
