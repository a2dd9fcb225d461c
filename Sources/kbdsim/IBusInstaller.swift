import Foundation
import IBusEngine
import LayoutEngine

/// Where `kbdsim ibus install` writes.
enum IBusInstallTarget {
    /// The component file only, in this folder.
    case directory(String)
    /// This user's install: the component and the login environment that points IBus at it.
    case user(UserPaths)

    /// A per-user install's files.
    struct UserPaths {
        /// The folder of the component file.
        var componentDirectory: String
        /// The systemd environment.d file that sets `IBUS_COMPONENT_PATH` at login.
        var environmentFile: String
        /// The copy of the binary the component's `<exec>` runs: a clone's `.build` folder
        /// comes and goes (`swift package clean`), the copy stays.
        var binary: String
    }

    /// The user's paths from `XDG_DATA_HOME` / `XDG_CONFIG_HOME` (else `~/.local/share`, `~/.config`).
    static func userPaths(environment: [String: String] = ProcessInfo.processInfo.environment) -> UserPaths {
        let folders = XDGFolders(environment: environment)
        let data = folders.dataHome
        let config = folders.configHome
        return UserPaths(
            componentDirectory: data + "/kbdsim/ibus/component",
            environmentFile: config + "/environment.d/60-kbdsim-ibus.conf", binary: data + "/kbdsim/bin/kbdsim")
    }

    /// Whether the desktop is GNOME, whose shell runs IBus itself (`XDG_CURRENT_DESKTOP`
    /// such as `GNOME` or `ubuntu:GNOME`): its daemon must not be replaced.
    static func isGNOME(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").contains { $0.uppercased() == "GNOME" }
    }
}

/// A file `kbdsim ibus install` or `uninstall` could not write or remove.
struct IBusInstallError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Writes and removes the IBus component (and, per user, the login environment).
enum IBusInstaller {
    /// Installs; returns what was written and what to do next. `binary` is this program;
    /// `exec` makes the component's command from the path of the binary it runs (a user's
    /// install copies `binary` under the data folder and runs the copy). On GNOME (`gnome`),
    /// whose shell runs IBus, the steps add the input source in Settings instead of
    /// replacing the daemon.
    static func install(
        layouts: [Layout], binary: String, exec: (String) -> String, to target: IBusInstallTarget, gnome: Bool
    ) throws -> String {
        let engines = layouts.map { IBusComponent.engineName(of: $0.id) }.joined(separator: ", ")
        let name = layouts.first { $0.id == "hu-touch" }?.name ?? "hu-touch"
        let settings = "in Settings → Keyboard → Input Sources, add \"\(name)\" (under its language)"
        switch target {
        case .directory(let directory):
            let xml = IBusComponent.xml(layouts: layouts, exec: exec(binary))
            let file = try write(xml, in: directory, name: IBusComponent.fileName)
            let runs = "the engines run \(binary)" + (keep(binary).map { ": \($0)" } ?? "")
            if directory == IBusComponent.systemDirectory {
                return """
                    wrote \(file) (engines: \(engines))
                    Next (as the user who types):
                      \(runs)
                      ibus write-cache && ibus restart
                      \(gnome ? settings : "ibus engine kbdsim:hu-touch")
                    """
            }
            let start =
                gnome
                ? """
                GNOME runs IBus itself, so do not replace its daemon: put that export in ~/.profile,
                  log out and in again, then \(settings)
                """
                : """
                ibus-daemon --daemonize --replace --xim --cache=refresh
                  ibus engine kbdsim:hu-touch
                """
            return """
                wrote \(file) (engines: \(engines))
                IBus reads it when its folder is in IBUS_COMPONENT_PATH, which replaces IBus's own list, so:
                  \(runs)
                  export IBUS_COMPONENT_PATH=\(componentPath(with: directory))
                  \(start)
                """
        case .user(let paths):
            let copy = try copyBinary(binary, to: paths.binary)
            let xml = IBusComponent.xml(layouts: layouts, exec: exec(copy))
            let file = try write(xml, in: paths.componentDirectory, name: IBusComponent.fileName)
            let searchPath = componentPath(with: paths.componentDirectory)
            let environmentText = """
                # Written by `kbdsim ibus install`: lets IBus find kbdsim's engines (removed by `kbdsim ibus uninstall`).
                IBUS_COMPONENT_PATH=\(searchPath)

                """
            let environmentURL = URL(fileURLWithPath: paths.environmentFile)
            let environment = try write(
                environmentText, in: environmentURL.deletingLastPathComponent().path,
                name: environmentURL.lastPathComponent)
            let first =
                gnome
                ? """
                1. log out and in again (GNOME runs IBus itself: do not replace its daemon)
                     (a login without systemd does not read environment.d: put
                      export IBUS_COMPONENT_PATH=\(searchPath) in ~/.profile)
                  2. \(settings)
                """
                : """
                1. log out and in again, then: ibus write-cache && ibus restart
                     or, for this session only, restart IBus with the variable set:
                       export IBUS_COMPONENT_PATH=\(searchPath)
                       ibus-daemon --daemonize --replace --xim --cache=refresh
                     (a login without systemd does not read environment.d: put the export in ~/.profile)
                  2. ibus engine kbdsim:hu-touch
                     or add "\(name)" in your desktop's input sources
                """
            return """
                wrote \(copy) (the engines run this copy: cleaning or rebuilding the clone leaves them working;
                  run kbdsim ibus install again to update it)
                wrote \(file) (engines: \(engines))
                wrote \(environment) (sets IBUS_COMPONENT_PATH at your next login)
                IBus 1.5 reads components only from its system folder and from IBUS_COMPONENT_PATH. Next:
                  \(first)
                """
        }
    }

    /// What to say of a binary the component runs where it lies: one in a `.build` folder
    /// goes with `swift package clean`.
    static func keep(_ binary: String) -> String? {
        guard binary.contains("/.build/") else { return nil }
        return "keep it there (swift package clean removes it; copy it elsewhere and install from the copy)"
    }

    /// Copies this program's binary to `path` (made executable), through a temporary file
    /// renamed over it, so a running engine keeps its old copy; returns `path`.
    static func copyBinary(_ binary: String, to path: String) throws -> String {
        let bytes: [UInt8]
        switch FileReading.contents(of: binary) {
        case .success(let contents): bytes = contents
        case .failure(let failure): throw IBusInstallError(message: "\(binary): cannot read it to copy it (\(failure))")
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileWriting.makeFolder(folder)
            try FileWriting.write(bytes, to: path)
        } catch {
            throw IBusInstallError(message: "\(path): \(error.reason); check that the folder can be written")
        }
        guard chmod(path, 0o755) == 0 else {
            throw IBusInstallError(message: "\(path): cannot make it executable (\(String(cString: strerror(errno))))")
        }
        return path
    }

    /// Uninstalls; returns what was removed.
    static func uninstall(from target: IBusInstallTarget) throws -> String {
        var files: [String]
        switch target {
        case .directory(let directory): files = [directory + "/" + IBusComponent.fileName]
        case .user(let paths):
            files = [paths.componentDirectory + "/" + IBusComponent.fileName, paths.environmentFile, paths.binary]
        }
        var removed: [String] = []
        for file in files where FileManager.default.fileExists(atPath: file) {
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw IBusInstallError(message: "\(file): cannot remove it (\(error.localizedDescription))")
            }
            removed.append("removed \(file)")
        }
        // The user's component folder is kbdsim's own (…/kbdsim/ibus/component): its folders
        // go too while they are empty. Folders of others (environment.d, a --component-dir) stay.
        if case .user(let paths) = target {
            let binFolder = (paths.binary as NSString).deletingLastPathComponent
            if (try? FileManager.default.contentsOfDirectory(atPath: binFolder))?.isEmpty == true,
                (try? FileManager.default.removeItem(atPath: binFolder)) != nil
            {
                removed.append("removed \(binFolder)/")
            }
            var folder = URL(fileURLWithPath: paths.componentDirectory)
            for _ in 0..<3 {
                guard (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true,
                    (try? FileManager.default.removeItem(at: folder)) != nil
                else { break }
                removed.append("removed \(folder.path)/")
                folder.deleteLastPathComponent()
            }
        }
        guard !removed.isEmpty else { return "nothing to remove (\(files.joined(separator: ", ")) not found)" }
        return (removed + ["then: ibus write-cache && ibus restart"]).joined(separator: "\n")
    }

    /// `IBUS_COMPONENT_PATH` that keeps the system's components and adds `directory`.
    static func componentPath(with directory: String) -> String {
        var folders = [IBusComponent.systemDirectory]
        if FileManager.default.fileExists(atPath: "/usr/local/share/ibus/component") {
            folders.append("/usr/local/share/ibus/component")
        }
        if !folders.contains(directory) { folders.append(directory) }
        return folders.joined(separator: ":")
    }

    /// Writes `text` to `directory/name`, creating the folder; returns the file's path.
    static func write(_ text: String, in directory: String, name: String) throws -> String {
        let path = directory + "/" + name
        do {
            try FileWriting.makeFolder(directory)
        } catch {
            throw IBusInstallError(message: "\(directory): \(error.reason); choose another --component-dir")
        }
        do {
            try FileWriting.write(Array(text.utf8), to: path)
        } catch {
            throw IBusInstallError(message: "\(path): \(error.reason); choose another --component-dir")
        }
        return path
    }
}
