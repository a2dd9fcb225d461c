import Foundation
import LayoutEngine

/// `--layouts-dir DIR`, accepted by every command: a folder of layout files read before the
/// built-in ones, passed on as `KBD_LAYOUTS_DIR` (which works without the option too).
enum LayoutsDirectoryOption {
    static let declaration = OptionDeclaration(
        "--layouts-dir", .value, placeholder: "<folder>",
        help: "Read layout .json files from this folder before the built-in\n"
            + "ones (also KBD_LAYOUTS_DIR); works with every command.")

    /// The arguments without the option, wherever it is; the folder goes into the environment.
    /// - Throws: `UsageError` when the option has no value or the folder does not exist.
    static func apply(to arguments: [String]) throws(UsageError) -> [String] {
        let (folders, rest) = try ArgumentScanner.extract(declaration, from: arguments)
        for folder in folders {
            var isFolder: ObjCBool = false
            guard !folder.isEmpty else {
                throw UsageError("'--layouts-dir' needs a folder of layout .json files")
            }
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError(
                    "invalid value '\(folder)' for '--layouts-dir': not a folder; give a folder of layout .json files")
            }
            setenv(LayoutCatalog.overrideVariable, folder, 1)
        }
        return rest
    }
}
