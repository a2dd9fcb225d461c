import Foundation
import IBusEngine
import LayoutEngine
import LayoutSources

/// `kbdsim ibus install|uninstall|--engine`: the IBus input-method engine.
///
/// Exit status: 0 done, 1 a file could not be written or removed (or no IBus daemon for
/// `--engine`), 64 wrong arguments (`IBusOptions`).
enum IBusCommand: ParsableCommand {
    /// Runs the engines, or installs or uninstalls them, as `options` say.
    static func run(_ options: IBusOptions) -> ExitStatus {
        let command: String
        let target: IBusInstallTarget
        switch options.action {
        case .engine: return runEngines(extraIDs: options.extraIDs)
        case .install(let installTarget):
            (command, target) = ("install", installTarget)
        case .uninstall(let installTarget):
            (command, target) = ("uninstall", installTarget)
        }
        let extraIDs = options.extraIDs
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
            return .success
        } catch {
            printError("kbdsim ibus \(command): error: \(error)\n")
            return .failure
        }
    }

    /// Runs the engines; only errors reach the terminal (IBus keeps them in its log). A
    /// layout that no longer loads (a layout file of one's own, edited since `install`) is
    /// reported and left out: the other engines go on typing.
    static func runEngines(extraIDs: [String]) -> ExitStatus {
        do {
            let warn = { (problem: String) in
                printError("kbdsim ibus --engine: warning: an engine left out, its layout does not load: \(problem)\n")
            }
            let layouts = try shippedLayouts(skipping: warn) + extraLayouts(extraIDs, skipping: warn)
            return IBusEngineService.run(layouts: unique(layouts)) == 0 ? .success : .failure
        } catch {
            printError("kbdsim ibus --engine: error: \(error)\n")
            return .failure
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
}
