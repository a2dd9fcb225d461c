extension TestKeyboardCommand {
    /// The options of `kbdsim test-keyboard`, declared once: parsing, the usage line and
    /// `--help` follow.
    static let configuration = CommandConfiguration(
        commandName: "test-keyboard",
        overview: "Runs a CLDR keyboard test file (keyboardTest3) and prints TAP.",
        discussion: "Exit status: 0 all tests pass; 1 a test fails or a file does not load; 64 wrong arguments.",
        options: [
            OptionDeclaration(
                "--keyboard", .value, placeholder: "KEYBOARD.xml",
                help: "the keyboard the tests run on (default: the one the test file\n"
                    + "names, next to it or in ../3.0/)")
        ],
        positionals: [PositionalDeclaration("TEST.xml")], strayHint: { _ in "; one test file at a time" })

    /// The test file and, when given, the keyboard file.
    struct Options {
        let testPath: String
        let keyboardPath: String?
    }

    /// The options of `kbdsim test-keyboard` from its scanned arguments.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> Options {
        Options(testPath: parsed.positionals[0], keyboardPath: parsed.value("--keyboard"))
    }
}
