import Foundation
import LDMLKeyboards
import LayoutEngine
import LayoutSources

/// `kbdsim export --format FORMAT LAYOUT [-o FILE]`: writes a layout in another keyboard
/// format. Formats are a table so that more can sit beside `ldml`.
enum ExportCommand {
    /// One export format: its name, what it writes, and the writer.
    struct Format: Sendable {
        let name: String
        let summary: String
        let write: @Sendable (Layout) throws -> String
    }

    static let formats: [Format] = [
        Format(name: "ldml", summary: "CLDR keyboard3 XML (UTS #35 Part 7), touch form") { LDMLExporter.export($0).xml }
    ]

    static var usage: String {
        "usage: kbdsim export --format FORMAT LAYOUT [-o FILE]\nformats: "
            + formats.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
    }

    static func run(_ arguments: [String]) -> Int32 {
        var formatName: String?
        var output: String?
        var layoutID: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--format", "-o", "--output":
                guard index + 1 < arguments.count else { return usageError("\(argument) needs a value") }
                if argument == "--format" { formatName = arguments[index + 1] } else { output = arguments[index + 1] }
                index += 2
            case "-h", "--help":
                print(usage)
                return 0
            default:
                if argument.hasPrefix("-") { return usageError("unknown option \(argument)") }
                guard layoutID == nil else { return usageError("one layout at a time") }
                layoutID = argument
                index += 1
            }
        }
        guard let formatName else { return usageError("--format is required") }
        guard let format = formats.first(where: { $0.name == formatName }) else {
            return usageError("unknown format \"\(formatName)\"")
        }
        guard let layoutID else { return usageError("no layout given") }
        do {
            let layout = try LayoutResolver.resolve(layoutID)
            let text = try format.write(layout)
            if let output {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("kbdsim export: \(error)\n".utf8))
            return 1
        }
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("kbdsim export: error: \(message)\n\(usage)\n".utf8))
        return 64
    }
}
