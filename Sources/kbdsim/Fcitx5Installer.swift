import Foundation
import LayoutEngine

/// Where `kbdsim fcitx5 install` writes.
enum Fcitx5InstallTarget {
    /// A prefix laid out as fcitx5's own: `DIR/lib/<multiarch>/fcitx5`, `DIR/share/fcitx5`.
    case prefix(String)
    /// This user's install, found by fcitx5 without root.
    case user(UserPaths)

    /// A per-user install's folders.
    struct UserPaths {
        /// fcitx5's user data folder (`addon/`, `inputmethod/` under it).
        var dataDirectory: String
        /// The folder of the library: kbdsim's own, as fcitx5 reads add-on libraries only from
        /// `FCITX_ADDON_DIRS` (its system folder), never from a user folder.
        var libraryDirectory: String
    }

    /// The Debian multiarch name of this machine's libraries (`x86_64-linux-gnu`).
    static var multiarch: String {
        #if arch(x86_64)
            "x86_64-linux-gnu"
        #elseif arch(arm64)
            "aarch64-linux-gnu"
        #else
            "unknown-linux-gnu"
        #endif
    }

    /// The user's paths: fcitx5's user data folder is `$FCITX_DATA_HOME`, else
    /// `$XDG_DATA_HOME/fcitx5`, else `~/.local/share/fcitx5`.
    static func userPaths(environment: [String: String] = ProcessInfo.processInfo.environment) -> UserPaths {
        let folders = XDGFolders(environment: environment)
        return UserPaths(
            dataDirectory: folders.value("FCITX_DATA_HOME") ?? folders.dataHome + "/fcitx5",
            libraryDirectory: folders.dataHome + "/kbdsim/fcitx5")
    }

    /// The folder of the library.
    var libraryDirectory: String {
        switch self {
        case .prefix(let prefix): prefix + "/lib/\(Self.multiarch)/fcitx5"
        case .user(let paths): paths.libraryDirectory
        }
    }

    /// fcitx5's data folder (`addon/`, `inputmethod/`).
    var dataDirectory: String {
        switch self {
        case .prefix(let prefix): prefix + "/share/fcitx5"
        case .user(let paths): paths.dataDirectory
        }
    }
}

/// Writes and removes the fcitx5 add-on: the library, `addon/kbdsim.conf` and one
/// `inputmethod/kbdsim-<id>.conf` per layout.
enum Fcitx5Installer {
    /// The library's file name, as the `fcitx5-kbdsim` product builds it.
    static let libraryName = "libfcitx5-kbdsim.so"
    /// The add-on's name (`KBDSIM_FCITX5_ADDON_NAME` in the add-on).
    static let addonName = "kbdsim"

    /// The input method of a layout: `kbdsim-hu-touch`.
    static func inputMethodName(of id: String) -> String { "kbdsim-" + id }

    /// `addon/kbdsim.conf`. `library` is the library's absolute path without `.so` (fcitx5
    /// appends it): found wherever it lies, in a prefix fcitx5 does not search as well.
    static func addonConf(library: String) -> String {
        """
        [Addon]
        Name=\(addonName)
        Category=InputMethod
        Version=0.1.0
        Library=\(library)
        Type=SharedLibrary
        OnDemand=True
        Configurable=False

        """
    }

    /// `inputmethod/kbdsim-<id>.conf` for `layout`.
    static func inputMethodConf(_ layout: Layout) -> String {
        let language = layout.locale.split(separator: "-").first.map(String.init) ?? layout.locale
        return """
            [InputMethod]
            Name=\(layout.name.replacingOccurrences(of: "\n", with: " "))
            Icon=input-keyboard
            Label=\(language)
            LangCode=\(language)
            Addon=\(addonName)
            Configurable=False

            """
    }

    /// Installs `library` (the built add-on) and the conf files for `layouts`; returns what was
    /// written and what to do next.
    static func install(layouts: [Layout], library: String, to target: Fcitx5InstallTarget) throws -> String {
        let installed = target.libraryDirectory + "/" + libraryName
        _ = try IBusInstaller.copyBinary(library, to: installed)
        let addonFolder = target.dataDirectory + "/addon"
        let addon = try IBusInstaller.write(
            addonConf(library: String(installed.dropLast(3))), in: addonFolder, name: addonName + ".conf")
        var names: [String] = []
        for layout in layouts {
            let name = inputMethodName(of: layout.id)
            _ = try IBusInstaller.write(
                inputMethodConf(layout), in: target.dataDirectory + "/inputmethod", name: name + ".conf")
            names.append(name)
        }
        let found: String
        switch target {
        case .user: found = "fcitx5 reads them from your data folder"
        case .prefix(let prefix):
            found =
                prefix == "/usr"
                ? "fcitx5 reads them from its system folder"
                : "fcitx5 reads them when \(target.dataDirectory) is in FCITX_DATA_DIRS (or XDG_DATA_DIRS has \(prefix)/share)"
        }
        let override =
            LayoutCatalog.overrideDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.map {
                "\nThe add-on reads layout files of \($0) only when fcitx5 runs with KBD_LAYOUTS_DIR=\($0)."
            } ?? ""
        return """
            wrote \(installed)
            wrote \(addon)
            wrote \(target.dataDirectory)/inputmethod/{\(names.joined(separator: ","))}.conf
            \(found). Next:
              1. restart fcitx5: fcitx5 -r -d
              2. in fcitx5-configtool (Input Method), untick "Only Show Current Language" and add
                 an input method such as "\(layouts.first { $0.id == "hu-touch" }?.name ?? "kbdsim-hu-touch")"
            """ + override
    }

    /// Uninstalls; returns what was removed.
    static func uninstall(from target: Fcitx5InstallTarget) throws -> String {
        let inputMethods = target.dataDirectory + "/inputmethod"
        let confs = ((try? FileManager.default.contentsOfDirectory(atPath: inputMethods)) ?? [])
            .filter { $0.hasPrefix(inputMethodName(of: "")) && $0.hasSuffix(".conf") }.sorted()
        let files =
            [target.libraryDirectory + "/" + libraryName, target.dataDirectory + "/addon/" + addonName + ".conf"]
            + confs.map { inputMethods + "/" + $0 }
        var removed: [String] = []
        for file in files where FileManager.default.fileExists(atPath: file) {
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw IBusInstallError(message: "\(file): cannot remove it (\(error.localizedDescription))")
            }
            removed.append("removed \(file)")
        }
        // The user's library folder is kbdsim's own (…/kbdsim/fcitx5): it and its parent go
        // while empty.
        if case .user(let paths) = target {
            var folder = URL(fileURLWithPath: paths.libraryDirectory)
            for _ in 0..<2 {
                guard (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true,
                    (try? FileManager.default.removeItem(at: folder)) != nil
                else { break }
                removed.append("removed \(folder.path)/")
                folder.deleteLastPathComponent()
            }
        }
        guard !removed.isEmpty else { return "nothing to remove (\(files.joined(separator: ", ")) not found)" }
        return (removed + ["then restart fcitx5: fcitx5 -r -d"]).joined(separator: "\n")
    }
}
