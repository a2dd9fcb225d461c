import Foundation
import LayoutEngine

/// `--layouts-dir DIR`, accepted by every command: a folder of layout files read before the
/// built-in ones, passed on as `KBD_LAYOUTS_DIR` (which works without the option too).
enum LayoutsDirectoryOption {
    /// The arguments without the option; the folder goes into the environment.
    /// - Throws: `UsageError` when the option has no value or the folder does not exist.
    static func apply(to arguments: [String]) throws(UsageError) -> [String] {
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let folder: String
            if argument == "--layouts-dir" {
                guard index < arguments.count, !arguments[index].isEmpty else {
                    throw UsageError(message: "'--layouts-dir' needs a folder of layout .json files")
                }
                folder = arguments[index]
                index += 1
            } else if argument.hasPrefix("--layouts-dir=") {
                folder = String(argument.dropFirst("--layouts-dir=".count))
            } else {
                rest.append(argument)
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError(
                    message: "--layouts-dir \"\(folder)\" is not a folder; give a folder of layout .json files")
            }
            setenv(LayoutCatalog.overrideVariable, folder, 1)
        }
        return rest
    }
}
