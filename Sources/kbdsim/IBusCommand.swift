import Foundation
import IBusEngine
import LayoutEngine
import LayoutSources

/// `kbdsim ibus install|uninstall|--engine`: the IBus input-method engine.
///
/// Exit status: 0 done, 1 a file could not be written or removed (or no IBus daemon for
/// `--engine`), 64 wrong arguments.
enum IBusCommand {
    static let usage = """
        usage: kbdsim ibus install [--layout ID ...] [--component-dir DIR | --system]
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
          --layout ID one more engine, for any layout --layout names: a CLDR keyboard
                      (cldr:fr, FILE.xml), xkb:, kmx:, m17n: or a layout .json file (kbdsim:cldr:fr);
                      repeat it for more. Files are named by their absolute path.
          --component-dir DIR   the component file only, in DIR (IBus reads it when DIR is in
                      IBUS_COMPONENT_PATH); its engines run this binary where it is.
          --system    the component in \(IBusComponent.systemDirectory) (as root).
          --engine    runs the engines; IBus starts this itself, from the component's <exec>.

        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else { return usageError("say install, uninstall or --engine") }
        if command == "--help" || command == "-h" {
            printOutput(usage)
            return 0
        }
        guard command == "install" || command == "uninstall" || command == "--engine" else {
            return usageError("unknown ibus command \"\(command)\"")
        }
        var options = Array(arguments.dropFirst())
        var extraIDs: [String] = []
        while let index = options.firstIndex(of: "--layout") {
            guard command != "uninstall" else { return usageError("uninstall takes no --layout") }
            guard index + 1 < options.count, !options[index + 1].isEmpty, !options[index + 1].hasPrefix("--") else {
                return usageError("--layout needs a layout id (hu-touch, cldr:fr, xkb:hu, a file)")
            }
            extraIDs.append(absoluteIfFile(options[index + 1]))
            options.removeSubrange(index...(index + 1))
        }
        if command == "--engine" {
            guard options.isEmpty else { return usageError("--engine takes only --layout ID") }
            return runEngines(extraIDs: extraIDs)
        }
        let target: IBusInstallTarget
        switch options {
        case []: target = .user(IBusInstallTarget.userPaths())
        case ["--system"]: target = .directory(IBusComponent.systemDirectory)
        case let options where options.count == 2 && options[0] == "--component-dir" && !options[1].isEmpty:
            target = .directory(options[1])
        default: return usageError("\(command) takes --component-dir DIR or --system")
        }
        do {
            if command == "install" {
                let layouts = try shippedLayouts() + extraLayouts(extraIDs)
                printOutput(
                    try IBusInstaller.install(
                        layouts: unique(layouts), binary: executablePath(),
                        exec: { engineCommand(binary: $0, extraIDs: extraIDs) }, to: target,
                        gnome: IBusInstallTarget.isGNOME()) + "\n")
            } else {
                printOutput(try IBusInstaller.uninstall(from: target) + "\n")
            }
            return 0
        } catch {
            printError("kbdsim ibus \(command): error: \(error)\n")
            return 1
        }
    }

    /// Runs the engines; only errors reach the terminal (IBus keeps them in its log). A
    /// layout that no longer loads (a layout file of one's own, edited since `install`) is
    /// reported and left out: the other engines go on typing.
    static func runEngines(extraIDs: [String]) -> Int32 {
        do {
            let warn = { (problem: String) in
                printError("kbdsim ibus --engine: warning: an engine left out, its layout does not load: \(problem)\n")
            }
            let layouts = try shippedLayouts(skipping: warn) + extraLayouts(extraIDs, skipping: warn)
            return IBusEngineService.run(layouts: unique(layouts))
        } catch {
            printError("kbdsim ibus --engine: error: \(error)\n")
            return 1
        }
    }

    /// Every shipped layout. One that fails to load stops the command, or with `skipping`,
    /// is handed to it and left out (then only none loading stops it).
    static func shippedLayouts(skipping: ((String) -> Void)? = nil) throws -> [Layout] {
        let ids = LayoutCatalog.shippedIDs()
        guard !ids.isEmpty else {
            throw IBusInstallError(message: "no shipped layouts (is --layouts-dir a folder of layout .json files?)")
        }
        var layouts: [Layout] = []
        for id in ids {
            do {
                layouts.append(try LayoutResolver.resolve(id))
            } catch {
                guard let skipping else { throw IBusInstallError(message: error.description) }
                skipping(error.description)
            }
        }
        guard !layouts.isEmpty else { throw IBusInstallError(message: "no layout loads") }
        return layouts
    }

    /// The layouts `--layout` named. One that fails to load stops install, or with
    /// `skipping` (the engines), is handed to it and left out.
    static func extraLayouts(_ ids: [String], skipping: ((String) -> Void)? = nil) throws -> [Layout] {
        var layouts: [Layout] = []
        for id in ids {
            do {
                layouts.append(try LayoutResolver.resolve(id))
            } catch {
                guard let skipping else {
                    throw IBusInstallError(message: "--layout \(id): " + error.description.trimmingPrefix("error: "))
                }
                skipping(error.description)
            }
        }
        return layouts
    }

    /// The layouts with the first of each id (a `--layout` that names a shipped layout adds
    /// no second engine of that name).
    static func unique(_ layouts: [Layout]) -> [Layout] {
        var seen: Set<String> = []
        return layouts.filter { seen.insert($0.id).inserted }
    }

    /// A `--layout` that names an existing file, by its absolute path: the engines run in
    /// another folder.
    static func absoluteIfFile(_ id: String) -> String {
        guard FileManager.default.fileExists(atPath: id), !id.hasPrefix("/") else { return id }
        return URL(fileURLWithPath: id).standardizedFileURL.path
    }

    /// The component's `<exec>`: `binary` (this one, or the user's copy of it), with the
    /// layouts folder it was given and the `--layout` ids (so the engines type the layouts
    /// that were installed).
    static func engineCommand(binary: String, extraIDs: [String] = []) -> String {
        var words = [shellQuoted(binary)]
        if let folder = LayoutCatalog.overrideDirectory {
            let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
            words += ["--layouts-dir", shellQuoted(absolute)]
        }
        words += ["ibus", "--engine"]
        for id in extraIDs { words += ["--layout", shellQuoted(id)] }
        return words.joined(separator: " ")
    }

    /// The absolute path of this binary, for the component's `<exec>`.
    static func executablePath() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// `path` as one word for IBus, which splits `<exec>` like a shell.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "/._-+".unicodeScalars.contains($0)
        }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func usageError(_ message: String) -> Int32 {
        printError("kbdsim ibus: error: \(message)\n\(usage)")
        return 64
    }
}
