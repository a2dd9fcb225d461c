import Foundation
import LDMLKeyboards

/// `kbdsim test-keyboard TEST.xml [--keyboard KEYBOARD.xml]`: runs a CLDR keyboard test
/// file (keyboardTest3) and prints TAP. Exit 0 when all pass, 1 when any fails or the
/// files do not load, 64 on usage errors.
enum TestKeyboardCommand: ParsableCommand {
    /// Runs the tests and prints TAP.
    static func run(_ options: Options) -> ExitStatus {
        let testPath = options.testPath
        let file: KeyboardTestFile
        do {
            file = try KeyboardTestFile.read(path: testPath)
        } catch {
            printError(error.description + "\n")
            return .failure
        }
        guard
            let path = options.keyboardPath
                ?? KeyboardTestRunner.locateKeyboard(testPath: testPath, keyboardFile: file.keyboardFile)
        else {
            printError(
                "\(testPath): error: cannot find the keyboard \"\(file.keyboardFile)\" next to the test file or in ../3.0/; give it with --keyboard\n"
            )
            return .failure
        }
        let keyboard: LDMLKeyboard
        do {
            keyboard = try LDMLLoader.load(contentsOf: path)
        } catch {
            printError(error.description + "\n")
            return .failure
        }
        let outcomes = KeyboardTestRunner.run(file, keyboard: keyboard)
        printOutput(KeyboardTestRunner.tap(outcomes, title: "\(file.name) on \(path)"))
        return outcomes.allSatisfy(\.passed) ? .success : .failure
    }
}
