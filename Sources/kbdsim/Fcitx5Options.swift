import Foundation

/// What `kbdsim fcitx5` was asked to do: install or uninstall the add-on, and where.
struct Fcitx5Options {
    /// Install or uninstall.
    enum Action {
        case install
        case uninstall
    }

    let action: Action
    /// Where the files go.
    let target: Fcitx5InstallTarget
}

extension Fcitx5Command {
    /// The options of `kbdsim fcitx5`, declared once: parsing, the usage line and `--help` follow.
    static let declarations = [
        OptionDeclaration(
            "--prefix", .value, placeholder: "DIR",
            help: "the add-on in DIR/lib/\(Fcitx5InstallTarget.multiarch)/fcitx5 and its conf files in\n"
                + "DIR/share/fcitx5 (addon/, inputmethod/): /usr as root, or a\n"
                + "folder in FCITX_DATA_DIRS.")
    ]

    /// The actions, the words `kbdsim fcitx5` takes first.
    static let actions = ["install", "uninstall"]

    static let configuration = CommandConfiguration(
        commandName: "fcitx5",
        overview: """
            kbdsim fcitx5 install [--prefix DIR]
            kbdsim fcitx5 uninstall [--prefix DIR]

              install     copies the fcitx5 add-on (libfcitx5-kbdsim.so, built next to this kbdsim by
                          swift build) and writes its conf files: one input method per shipped layout
                          (kbdsim-hu-touch, …). Default: for this user, without root: the library in
                          $XDG_DATA_HOME/kbdsim/fcitx5 (fcitx5 has no user folder for add-on
                          libraries: the conf names it by its absolute path), the conf files in
                          $XDG_DATA_HOME/fcitx5/addon and …/inputmethod; prints what to do next.
              uninstall   removes what install wrote.
            """,
        discussion: """
            Exit status: 0 done; 1 the library is not built, or a file could not be written or
            removed; 64 wrong arguments.
            """,
        options: declarations, positionals: [PositionalDeclaration("install|uninstall")])

    /// The options of `kbdsim fcitx5` from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> Fcitx5Options {
        guard let command = parsed.positionals.first else { throw UsageError("say install or uninstall") }
        guard actions.contains(command) else {
            throw UsageError(
                "unknown fcitx5 command '\(command)'\(UsageError.suggestion(command, in: actions)) "
                    + "(expected install or uninstall)")
        }
        guard parsed.positionals.count == 1 else { throw UsageError("\(command) takes no more words") }
        let target: Fcitx5InstallTarget
        switch parsed.value("--prefix") {
        case nil: target = .user(Fcitx5InstallTarget.userPaths())
        case let prefix? where !prefix.isEmpty: target = .prefix(URL(fileURLWithPath: prefix).standardizedFileURL.path)
        default: throw UsageError("--prefix needs a folder")
        }
        return Fcitx5Options(action: command == "install" ? .install : .uninstall, target: target)
    }
}
