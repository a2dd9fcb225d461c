import Foundation
import LDMLKeyboards

/// `kbdsim test-keyboard TEST.xml [--keyboard KEYBOARD.xml]`: runs a CLDR keyboard test
/// file (keyboardTest3) and prints TAP. Exit 0 when all pass, 1 when any fails or the
/// files do not load, 64 on usage errors.
enum TestKeyboardCommand {
    static let usage = "usage: kbdsim test-keyboard TEST.xml [--keyboard KEYBOARD.xml]"

    static func run(_ arguments: [String]) -> Int32 {
        var testPath: String?
        var keyboardPath: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--keyboard":
                guard index + 1 < arguments.count else { return usageError("--keyboard needs a file") }
                keyboardPath = arguments[index + 1]
                index += 2
            case "-h", "--help":
                printOutput(usage + "\n")
                return 0
            default:
                if argument.hasPrefix("-") { return usageError("unknown option \(argument)") }
                guard testPath == nil else { return usageError("one test file at a time") }
                testPath = argument
                index += 1
            }
        }
        guard let testPath else { return usageError("no test file given") }
        let file: KeyboardTestFile
        do {
            file = try KeyboardTestFile.read(path: testPath)
        } catch {
            printError(error.description + "\n")
            return 1
        }
        guard
            let path = keyboardPath
                ?? KeyboardTestRunner.locateKeyboard(testPath: testPath, keyboardFile: file.keyboardFile)
        else {
            printError(
                "\(testPath): error: cannot find the keyboard \"\(file.keyboardFile)\" next to the test file or in ../3.0/; give it with --keyboard\n"
            )
            return 1
        }
        let keyboard: LDMLKeyboard
        do {
            keyboard = try LDMLLoader.load(contentsOf: path)
        } catch {
            printError(error.description + "\n")
            return 1
        }
        let outcomes = KeyboardTestRunner.run(file, keyboard: keyboard)
        printOutput(KeyboardTestRunner.tap(outcomes, title: "\(file.name) on \(path)"))
        return outcomes.allSatisfy(\.passed) ? 0 : 1
    }

    private static func usageError(_ message: String) -> Int32 {
        printError("kbdsim test-keyboard: error: \(message)\n\(usage)\n")
        return 64
    }
}
