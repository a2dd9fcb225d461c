import Foundation
import LayoutEngine

/// `kbdsim fcitx5 install|uninstall`: the fcitx5 add-on (`Sources/Fcitx5Addon`), built by
/// `swift build` as `libfcitx5-kbdsim.so` next to this binary.
///
/// Exit status: 0 done, 1 the library is not built or a file could not be written or removed,
/// 64 wrong arguments (`Fcitx5Options`).
enum Fcitx5Command: ParsableCommand {
    /// Installs or uninstalls, as `options` say.
    static func run(_ options: Fcitx5Options) -> ExitStatus {
        let command = options.action == .install ? "install" : "uninstall"
        do {
            switch options.action {
            case .install:
                let layouts = IBusCommand.unique(try IBusCommand.shippedLayouts())
                printOutput(
                    try Fcitx5Installer.install(layouts: layouts, library: try builtLibrary(), to: options.target)
                        + "\n")
            case .uninstall:
                printOutput(try Fcitx5Installer.uninstall(from: options.target) + "\n")
            }
            return .success
        } catch {
            printError("kbdsim fcitx5 \(command): error: \(error)\n")
            return .failure
        }
    }

    /// The built add-on next to this binary (`.build/debug` or `.build/release`).
    static func builtLibrary() throws -> String {
        let folder = URL(fileURLWithPath: IBusCommand.executablePath()).deletingLastPathComponent().path
        let path = folder + "/" + Fcitx5Installer.libraryName
        guard FileManager.default.fileExists(atPath: path) else {
            throw IBusInstallError(
                message: "\(path) not found; build it first: swift build --product fcitx5-kbdsim "
                    + "(with -c release for a release kbdsim; needs tools/install-deps.sh's fcitx5 packages)")
        }
        return path
    }
}
