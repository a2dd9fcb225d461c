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
        usage: kbdsim ibus install [--component-dir DIR | --system]
               kbdsim ibus uninstall [--component-dir DIR | --system]
               kbdsim ibus --engine

          install     writes the IBus component naming one engine per shipped layout
                      (kbdsim:hu-touch, …), whose engines run this kbdsim binary.
                      Default: for this user, in $XDG_DATA_HOME/kbdsim/ibus/component, with
                      IBUS_COMPONENT_PATH set for the next login in
                      $XDG_CONFIG_HOME/environment.d/60-kbdsim-ibus.conf; prints what to do next.
          uninstall   removes what install wrote.
          --component-dir DIR   the component file only, in DIR (IBus reads it when DIR is in
                      IBUS_COMPONENT_PATH).
          --system    the component in \(IBusComponent.systemDirectory) (as root).
          --engine    runs the engines; IBus starts this itself, from the component's <exec>.

        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else { return usageError("say install, uninstall or --engine") }
        if command == "--help" || command == "-h" {
            printOutput(usage)
            return 0
        }
        if command == "--engine" {
            guard arguments.count == 1 else { return usageError("--engine takes no other argument") }
            return runEngines()
        }
        guard command == "install" || command == "uninstall" else {
            return usageError("unknown ibus command \"\(command)\"")
        }
        let target: IBusInstallTarget
        switch Array(arguments.dropFirst()) {
        case []: target = .user(IBusInstallTarget.userPaths())
        case ["--system"]: target = .directory(IBusComponent.systemDirectory)
        case let options where options.count == 2 && options[0] == "--component-dir" && !options[1].isEmpty:
            target = .directory(options[1])
        default: return usageError("\(command) takes --component-dir DIR or --system")
        }
        do {
            if command == "install" {
                let layouts = try shippedLayouts()
                printOutput(try IBusInstaller.install(layouts: layouts, exec: engineCommand(), to: target) + "\n")
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
    static func runEngines() -> Int32 {
        do {
            let layouts = try shippedLayouts { problem in
                printError("kbdsim ibus --engine: warning: an engine left out, its layout does not load: \(problem)\n")
            }
            return IBusEngineService.run(layouts: layouts)
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

    /// The component's `<exec>`: this binary, with the layouts folder it was given (so the
    /// engines type the layouts that were installed).
    static func engineCommand() -> String {
        var words = [shellQuoted(executablePath())]
        if let folder = LayoutCatalog.overrideDirectory {
            let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
            words += ["--layouts-dir", shellQuoted(absolute)]
        }
        return (words + ["ibus", "--engine"]).joined(separator: " ")
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
