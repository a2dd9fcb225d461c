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
enum ExportCommand: ParsableCommand {
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

    /// Writes the files `options` ask for.
    static func run(_ options: Options) -> ExitStatus {
        let format = options.format
        let layout: Layout
        do {
            layout = try LayoutResolver.resolve(options.layout)
        } catch {
            for diagnostic in error.diagnostics { standardError("kbdsim export: \(diagnostic)\n") }
            return error.diagnostics.contains { $0.code == .unknownLayout } ? .usage : .failure
        }
        if layout.platform == .hardware, format.name != "ldml" {
            return usageFailure(
                "\(options.layout) is a hardware layout; the \(format.name) export writes touch layouts, each key on "
                    + "the US key that types it, so a hardware layout's own key positions (its number row, z and y) "
                    + "would be lost; export it with --format ldml")
        }
        let files = format.export(layout)
        if options.folder == nil, files.count != 1 {
            return usageFailure("\(format.name) writes \(files.count) files; give a folder")
        }
        if let folder = options.folder {
            do { try FileWriting.makeFolder(folder) } catch { return writeError(folder, error) }
            for file in files {
                let path = (folder as NSString).appendingPathComponent(file.name)
                do { try FileWriting.write(file.bytes, to: path) } catch { return writeError(path, error) }
                printOutput(path + "\n")
            }
            if let note = nameNote(format, layout, files) { standardError(note) }
        } else if let output = options.output, let file = files.first {
            do { try FileWriting.write(file.bytes, to: output) } catch { return writeError(output, error) }
        } else if let file = files.first {
            file.bytes.withUnsafeBufferPointer { writeOutput($0) }
        }
        return .success
    }

    /// Says that `path` cannot be written, and why; the exit status of a failed write.
    private static func writeError(_ path: String, _ failure: FileWriting.Failure) -> ExitStatus {
        standardError("kbdsim export: error: \(path): \(failure)\n")
        return .failure
    }

    private static func standardError(_ text: String) { printError(text) }
}
