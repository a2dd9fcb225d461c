import Foundation

extension ExportCommand {
    /// The options of `kbdsim export`, declared once: parsing, the usage line and `--help`
    /// follow.
    static let declarations = [
        OptionDeclaration(
            "--format", .choice(formats.map(\.name)), placeholder: "FORMAT", required: true,
            help: "the platform to write for: \(UsageError.alternatives(formats.map(\.name)))"),
        OptionDeclaration(
            "--output", aliases: ["-o"], .value, placeholder: "FILE",
            help: "write a format of one file to FILE instead of standard output"),
    ]

    static let configuration = CommandConfiguration(
        commandName: "export",
        overview: ([
            "Writes LAYOUT (any layout id or file) for another keyboard platform: into DIR (made if missing),",
            "or, for a format of one file, to FILE or standard output.", "",
        ] + formats.map { "  \($0.name.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.summary)" }).joined(
            separator: "\n"),
        discussion: """
            The keyman and xkb files are named by the Keyman keyboard id (hu_touch), which takes only
            a-z, 0-9 and _; the ldml file by the layout id (hu-touch.xml).
            """,
        options: declarations,
        positionals: [PositionalDeclaration("LAYOUT"), PositionalDeclaration("DIR", optional: true)])

    /// What `kbdsim export` was asked to write.
    struct Options {
        let format: Format
        let layout: String
        let folder: String?
        let output: String?
    }

    /// The options of `kbdsim export` from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> Options {
        let name = parsed.value("--format") ?? ""
        guard let format = formats.first(where: { $0.name == name }) else {
            throw UsageError.invalidChoice(name, for: "--format", choices: formats.map(\.name))
        }
        let folder = parsed.positionals.dropFirst().first
        let output = parsed.value("--output")
        if folder != nil, output != nil { throw UsageError("give a folder or '-o FILE', not both") }
        return Options(format: format, layout: parsed.positionals[0], folder: folder, output: output)
    }
}
