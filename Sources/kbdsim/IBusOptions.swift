import IBusEngine

/// What `kbdsim ibus` was asked to do: run the engines, or install or uninstall them, and
/// the layouts `--layout` adds.
struct IBusOptions {
    /// The action, and for install and uninstall where the component goes.
    enum Action {
        case engine
        case install(IBusInstallTarget)
        case uninstall(IBusInstallTarget)
    }

    let action: Action
    /// The `--layout` ids, files by their absolute path.
    let extraIDs: [String]
}

extension IBusCommand {
    /// The options of `kbdsim ibus`, declared once: parsing, the usage line and `--help` follow.
    static let declarations = [
        OptionDeclaration(
            "--engine", .flag, help: "runs the engines; IBus starts this itself, from the component's <exec>."),
        OptionDeclaration(
            "--layout", .value, placeholder: "ID",
            help: "one more engine, for any layout --layout names: a CLDR keyboard\n"
                + "(cldr:fr, FILE.xml), xkb:, kmx:, m17n: or a layout .json file\n"
                + "(kbdsim:cldr:fr); repeat it for more. Files are named by their\n"
                + "absolute path."),
        OptionDeclaration(
            "--component-dir", .value, placeholder: "DIR",
            help: "the component file only, in DIR (IBus reads it when DIR is in\n"
                + "IBUS_COMPONENT_PATH); its engines run this binary where it is."),
        OptionDeclaration(
            "--system", .flag, help: "the component in \(IBusComponent.systemDirectory) (as root)."),
    ]

    /// The actions, the words `kbdsim ibus` takes first.
    static let actions = ["install", "uninstall"]

    static let configuration = CommandConfiguration(
        commandName: "ibus",
        overview: """
            kbdsim ibus install [--layout ID ...] [--component-dir DIR | --system]
            kbdsim ibus uninstall [--component-dir DIR | --system]
            kbdsim ibus --engine [--layout ID ...]

              install     writes the IBus component naming one engine per shipped layout
                          (kbdsim:hu-touch, …), whose engines run this kbdsim binary.
                          Default: for this user, a copy of this binary in
                          $XDG_DATA_HOME/kbdsim/bin/kbdsim, which the engines run (so cleaning the
                          clone leaves them working), the component in
                          $XDG_DATA_HOME/kbdsim/ibus/component, and IBUS_COMPONENT_PATH set for the
                          next login in $XDG_CONFIG_HOME/environment.d/60-kbdsim-ibus.conf; prints
                          what to do next (on GNOME: add the input source in Settings).
              uninstall   removes what install wrote, the copy of the binary included.
            """,
        discussion: """
            Exit status: 0 done; 1 a file could not be written or removed (or no IBus daemon for
            --engine); 64 wrong arguments.
            """,
        options: declarations, positionals: [PositionalDeclaration("install|uninstall", optional: true)])

    /// The options of `kbdsim ibus` from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> IBusOptions {
        let extraIDs = try parsed.values("--layout").map { (id) throws(UsageError) -> String in
            guard !id.isEmpty else {
                throw UsageError("--layout needs a layout id (hu-touch, cldr:fr, xkb:hu, a file)")
            }
            return absoluteIfFile(id)
        }
        if parsed.has("--engine") {
            guard parsed.positionals.isEmpty, !parsed.has("--component-dir"), !parsed.has("--system") else {
                throw UsageError("--engine takes only --layout ID")
            }
            return IBusOptions(action: .engine, extraIDs: extraIDs)
        }
        guard let command = parsed.positionals.first else { throw UsageError("say install, uninstall or --engine") }
        guard actions.contains(command) else {
            throw UsageError(
                "unknown ibus command '\(command)'\(UsageError.suggestion(command, in: actions)) "
                    + "(expected install, uninstall or --engine)")
        }
        if command == "uninstall", !extraIDs.isEmpty { throw UsageError("uninstall takes no --layout") }
        let target: IBusInstallTarget
        switch (parsed.value("--component-dir"), parsed.has("--system")) {
        case (nil, false): target = .user(IBusInstallTarget.userPaths())
        case (nil, true): target = .directory(IBusComponent.systemDirectory)
        case (let folder?, false) where !folder.isEmpty: target = .directory(folder)
        default: throw UsageError("\(command) takes --component-dir DIR or --system")
        }
        return IBusOptions(action: command == "install" ? .install(target) : .uninstall(target), extraIDs: extraIDs)
    }
}
