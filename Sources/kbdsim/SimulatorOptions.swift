import LayoutEngine

/// The simulator's options: what `kbdsim [--layout ID] …` was asked to do.
struct SimulatorOptions: Equatable {
    var layout = "hu-touch"
    var listLayouts = false
    var backspace: BackspacePolicy?
    var noColor = false
    var keys: String?
    var text: String?
    var trace = false
    var geometry = DeviceGeometry.portrait
    /// The XKB layout of the keyboard typed on (`xkb:hu`), when not a US one.
    var physical: String?
}

extension SimulatorCommand {
    /// The simulator's options, declared once: parsing, the usage line and `--help` follow.
    static let declarations = [
        OptionDeclaration(
            "--layout", .value, placeholder: "<id-or-file>", defaultValue: "hu-touch",
            help: "A shipped layout id (see --list-layouts), the path of a layout\n"
                + "JSON file, xkb:LAYOUT(VARIANT) (xkb:hu), a CLDR keyboard3 file\n"
                + "(FILE.xml) or a shipped CLDR keyboard (cldr:fr). The shipped\n"
                + "layouts are built into kbdsim: it runs from anywhere."),
        OptionDeclaration(
            "--backspace", .choice(BackspacePolicy.allCases.map(\.rawValue)), placeholder: "<policy>",
            defaultValue: "the layout's choice",
            help: "accent: backspace takes an accent off (á → a); grapheme: it deletes\nthe whole letter."),
        GeometryOption.declaration(
            placeholder: "<size>",
            help: "portrait (the default), landscape, tablet or WIDTHxPITCH in mm: the\n"
                + "touch layout at that size (keys are drawn in key units, as wide\n"
                + "as the window allows, so the drawing keeps its shape)."),
        OptionDeclaration(
            "--physical", .value, placeholder: "<xkb-layout>", defaultValue: "US",
            help: "The layout of the keyboard you type on (hu, de, xkb:fr; read\n"
                + "through libxkbcommon): the keys whose character you cannot type\n"
                + "sit under the same physical keys as on a US keyboard (hu-touch's\n"
                + "´ on the key that types é on a Hungarian keyboard)."),
        OptionDeclaration("--no-color", .flag, help: "Draw without colours (also when NO_COLOR is set)."),
        OptionDeclaration(
            "--keys", .value, placeholder: "<names>", help: "Press keys by name, without a screen, and print the text."),
        OptionDeclaration(
            "--text", .value, placeholder: "<text>", help: "Type a text through the planner, key by key, and print it."),
        OptionDeclaration(
            "--trace", .flag,
            help: "With --keys, --text or keys on standard input: print one line per\n"
                + "key event (´  → replace 1 with \"á\") before the text."),
        OptionDeclaration(
            "--list-layouts", .flag,
            help: "List the layouts with ids of their own, then the kinds of id\n"
                + "that name the rest (xkb:, m17n:, kmx:, files)."),
    ]

    static let configuration = CommandConfiguration(
        commandName: nil, abstract: SimulatorHelp.abstract, discussion: SimulatorHelp.discussion,
        options: declarations,
        additionalUsage: [
            "kbdsim compare …",
            "kbdsim calibrate LOG.json … [-o MODEL.json] [--format table|json]",
            "kbdsim ibus install|uninstall|--engine   (the IBus input method; kbdsim ibus --help)",
            "kbdsim test-keyboard TEST.xml [--keyboard KEYBOARD.xml]",
            "kbdsim export --format keyman|ldml|xkb LAYOUT [DIR] [-o FILE]",
            "kbdsim optimize --layout ID [--corpus FILE ...] [--vary accents|long-press|letters|all] …",
        ],
        strayHint: { $0 == "compare" ? "" : "; give a layout with --layout \($0)" })

    /// The simulator's options from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> SimulatorOptions {
        var options = SimulatorOptions()
        if let layout = parsed.value("--layout") {
            guard !layout.isEmpty else { throw UsageError("'--layout' needs a layout id or a file path") }
            options.layout = layout
        }
        options.backspace = parsed.value("--backspace").flatMap(BackspacePolicy.init(rawValue:))
        if let geometry = parsed.value("--geometry") { options.geometry = try GeometryOption.parse(geometry) }
        if let physical = parsed.value("--physical") {
            guard !physical.isEmpty else { throw UsageError("'--physical' needs an XKB layout (hu, xkb:de)") }
            options.physical = physical.hasPrefix("xkb:") ? physical : "xkb:" + physical
        }
        options.noColor = parsed.has("--no-color")
        options.keys = parsed.value("--keys")
        options.text = parsed.value("--text")
        options.trace = parsed.has("--trace")
        options.listLayouts = parsed.has("--list-layouts")
        if options.keys != nil && options.text != nil {
            throw UsageError("'--keys' and '--text' cannot be used together")
        }
        return options
    }
}
