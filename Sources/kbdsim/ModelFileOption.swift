import TypingCalibration
import TypingEfficiency

/// `--model-file FILE`, as compare and optimize read it: the constants (and touch spread) a
/// `kbdsim calibrate -o FILE` run fitted, in place of the built-in ones; `--set` goes on top.
enum ModelFileOption {
    static let declaration = OptionDeclaration(
        "--model-file", .value, placeholder: "FILE.json",
        help: "the constants of a model file kbdsim calibrate wrote, in place of\n"
            + "the built-in ones (--set goes on top; with --touch-errors its touch\n"
            + "spread, unless --touch-sigma is given)")

    /// The file at `path`, or its reader's message on standard error (as `COMMAND: error: …`)
    /// and `nil`.
    static func load(_ path: String, command: String) -> ModelFile? {
        do {
            return try ModelFile.read(path: path)
        } catch {
            CompareOutput.standardError("\(command): error: \(error)\n")
            return nil
        }
    }

    /// The built-in constants, then the file's, then each `--set` assignment (already checked).
    static func constants(_ file: ModelFile?, assignments: [String]) -> ModelConstants {
        var constants = ModelConstants()
        file?.apply(to: &constants)
        for assignment in assignments { try? ModelConstantOption.apply(assignment, to: &constants) }
        return constants
    }
}
