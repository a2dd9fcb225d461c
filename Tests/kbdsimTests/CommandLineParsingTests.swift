import Foundation
import Testing

/// Every `kbdsim` command reads its arguments through one scanner: the same forms
/// (`--name value`, `--name=value`, `-h`/`--help`), the same errors in the same words
/// (`unknown option '--x'; did you mean '--y'?`), the usage line and exit status 64.
/// Tables of argument lists, run through the built binary.
@Suite("kbdsim command-line parsing")
struct CommandLineParsingTests {
    /// One command line and what it must give.
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        /// Texts standard error holds (for a usage error, after `kbdsim COMMAND: error: `).
        let error: [String]
        /// Texts standard output holds.
        let output: [String]

        init(_ arguments: [String], status: Int32 = 64, error: [String] = [], output: [String] = []) {
            self.arguments = arguments
            self.status = status
            self.error = error
            self.output = output
        }

        var testDescription: String { "kbdsim " + arguments.joined(separator: " ") }

        /// `kbdsim compare`, or `kbdsim` for the simulator: how error messages name the command.
        var command: String {
            guard let first = arguments.first, CommandLineParsingTests.commands.contains(first) else { return "kbdsim" }
            return "kbdsim " + first
        }
    }

    /// The subcommands; any other first argument is the simulator's.
    static let commands = ["compare", "export", "fcitx5", "ibus", "optimize", "test-keyboard"]

    static let sample = CompareCommandTests.sample
    static let cldr = KbdsimBinary.packageRoot.appendingPathComponent("Layouts/cldr").path
    static let keyboardTest = cldr + "/test/fr-t-k0-test-test.xml"
    static let keyboard = cldr + "/3.0/fr-t-k0-test.xml"

    /// Runs a case and checks its status and messages; a usage error names the command and
    /// prints its usage line.
    static func check(_ testCase: Case) throws {
        let result = try KbdsimBinary.run(testCase.arguments)
        #expect(result.status == testCase.status, "stderr: \(result.error)")
        for expected in testCase.error {
            let message = testCase.status == 64 ? "\(testCase.command): error: \(expected)" : expected
            #expect(result.error.contains(message), "stderr: \(result.error)")
        }
        for expected in testCase.output { #expect(result.output.contains(expected), "stdout: \(result.output)") }
        if testCase.status == 64 {
            #expect(result.error.contains("\nusage: \(testCase.command)"), "stderr: \(result.error)")
            #expect(result.output.isEmpty)
        }
    }

    @Test(
        "--name value and --name=value are the same (the text expected on standard output or error)",
        arguments: [
            (["--layout", "hu-touch", "--keys", "a ´"], ["--layout=hu-touch", "--keys=a ´"], 0, "á\n"),
            (
                ["compare", "--layouts", "hu-touch", "--corpus", sample, "--format", "csv"],
                ["compare", "--layouts=hu-touch", "--corpus=\(sample)", "--format=csv"], 0, "hu-touch"
            ),
            (["export", "--format", "ldml", "hu-touch"], ["export", "--format=ldml", "hu-touch"], 0, "<keyboard3"),
            (
                ["test-keyboard", keyboardTest, "--keyboard", keyboard],
                ["test-keyboard", keyboardTest, "--keyboard=\(keyboard)"], 0, "TAP version 13"
            ),
            // Read, then refused by the command: the value reached it either way.
            (
                ["optimize", "--layout", "xkb:hu", "--corpus", sample],
                ["optimize", "--layout=xkb:hu", "--corpus=\(sample)"],
                1, "xkb:hu is an XKB hardware layout"
            ),
            (
                ["ibus", "install", "--component-dir", "/nonexistent-kbdsim", "--layout", "nope"],
                ["ibus", "install", "--component-dir=/nonexistent-kbdsim", "--layout=nope"], 1,
                "kbdsim ibus install: error: --layout nope: "
            ),
        ] as [([String], [String], Int32, String)])
    func equalsForm(_ spaced: [String], _ joined: [String], _ status: Int32, _ expected: String) throws {
        let first = try KbdsimBinary.run(spaced)
        let second = try KbdsimBinary.run(joined)
        #expect(first.status == status, "stderr: \(first.error)")
        #expect(first.status == second.status && first.output == second.output && first.error == second.error)
        #expect((first.output + first.error).contains(expected), "\(first.output)\(first.error)")
    }

    /// Every option each command declares, as its `--help` must list it.
    static let declaredOptions: [(command: [String], options: [String])] = [
        (
            [],
            [
                "--layout", "--backspace", "--geometry", "--physical", "--no-color", "--keys", "--text", "--trace",
                "--list-layouts", "--layouts-dir", "-h, --help",
            ]
        ),
        (
            ["compare"],
            [
                "--layouts, --layout", "--corpus", "--words", "--model", "--format", "--detail", "--errors", "--svg",
                "--set", "--jobs", "--geometry", "--touch-errors", "--touch-sigma", "--ci", "--no-ci", "--bootstrap",
                "--seed", "--sweep", "--layouts-dir", "-h, --help",
            ]
        ),
        (
            ["optimize"],
            [
                "--layout", "--corpus", "--words", "--vary", "--model", "--keep", "--seed", "--iterations", "--time",
                "--rounds", "--random-start", "--set", "--jobs", "-o, --output", "--layouts-dir", "-h, --help",
            ]
        ),
        (["export"], ["--format", "-o, --output", "--layouts-dir", "-h, --help"]),
        (["test-keyboard"], ["--keyboard", "--layouts-dir", "-h, --help"]),
        (["ibus"], ["--engine", "--layout", "--component-dir", "--system", "--layouts-dir", "-h, --help"]),
        (["fcitx5"], ["--prefix", "--layouts-dir", "-h, --help"]),
    ]

    @Test("-h and --help print the usage and every declared option, exit 0", arguments: declaredOptions)
    func help(_ command: [String], _ options: [String]) throws {
        for flag in ["-h", "--help"] {
            let result = try KbdsimBinary.run(command + [flag])
            #expect(result.status == 0 && result.error.isEmpty, "\(command) \(flag): \(result.error)")
            let name = (["kbdsim"] + command).joined(separator: " ")
            #expect(result.output.hasPrefix("usage: \(name)") || result.output.contains("\n\nusage: \(name)"))
            for option in options {
                #expect(result.output.contains("\n  \(option) "), "\(name) \(flag) does not list \(option)")
            }
        }
    }

    @Test(
        "a missing value",
        arguments: [
            Case(["--keys"], error: ["missing value for '--keys'"]),
            Case(["--layout", "--keys", "a"], error: ["missing value for '--layout'"]),
            Case(["compare", "--jobs"], error: ["missing value for '--jobs'"]),
            Case(["compare", "--layouts", "--corpus", "x"], error: ["missing value for '--layouts'"]),
            Case(["optimize", "--layout"], error: ["missing value for '--layout'"]),
            Case(["export", "--format", "ldml", "hu-touch", "-o"], error: ["missing value for '-o'"]),
            Case(["test-keyboard", "x.xml", "--keyboard"], error: ["missing value for '--keyboard'"]),
            Case(["ibus", "install", "--component-dir"], error: ["missing value for '--component-dir'"]),
        ])
    func missingValue(_ testCase: Case) throws { try Self.check(testCase) }

    @Test(
        "a flag given a value",
        arguments: [
            Case(["--trace=yes"], error: ["'--trace' takes no value"]),
            Case(["compare", "--detail=1"], error: ["'--detail' takes no value"]),
            Case(["optimize", "--layout", "hu-touch", "--random-start=1"], error: ["'--random-start' takes no value"]),
            Case(["export", "--help=1"], error: ["'--help' takes no value"]),
            Case(["test-keyboard", "--help=1"], error: ["'--help' takes no value"]),
            Case(["ibus", "install", "--system=yes"], error: ["'--system' takes no value"]),
        ])
    func flagWithValue(_ testCase: Case) throws { try Self.check(testCase) }

    @Test(
        "an unknown option, with the nearest declared one when near",
        arguments: [
            Case(["--lyout", "hu-touch"], error: ["unknown option '--lyout'; did you mean '--layout'?"]),
            Case(["--frobnicate"], error: ["unknown option '--frobnicate'\n"]),
            Case(["--layouts-dri", "x"], error: ["unknown option '--layouts-dri'; did you mean '--layouts-dir'?"]),
            Case(["compare", "--detial"], error: ["unknown option '--detial'; did you mean '--detail'?"]),
            Case(["compare", "--frobnicate"], error: ["unknown option '--frobnicate'\n"]),
            Case(["optimize", "--corpsu", "a.txt"], error: ["unknown option '--corpsu'; did you mean '--corpus'?"]),
            Case(["optimize", "--frobnicate"], error: ["unknown option '--frobnicate'\n"]),
            Case(["export", "--fromat", "ldml"], error: ["unknown option '--fromat'; did you mean '--format'?"]),
            Case(["export", "--frobnicate"], error: ["unknown option '--frobnicate'\n"]),
            Case(
                ["test-keyboard", "--kebyoard", "x"], error: ["unknown option '--kebyoard'; did you mean '--keyboard'?"]
            ),
            Case(["test-keyboard", "--frobnicate"], error: ["unknown option '--frobnicate'\n"]),
            Case(["ibus", "install", "--sytem"], error: ["unknown option '--sytem'; did you mean '--system'?"]),
            Case(["ibus", "--frobnicate"], error: ["unknown option '--frobnicate'\n"]),
        ])
    func unknownOption(_ testCase: Case) throws { try Self.check(testCase) }

    @Test(
        "a value not among the choices, with the nearest one",
        arguments: [
            Case(
                ["--backspace", "acent"],
                error: ["invalid value 'acent' for '--backspace'; did you mean 'accent'? (expected accent or grapheme)"]
            ),
            Case(
                ["--geometry", "portrat"],
                error: ["invalid value 'portrat' for '--geometry'; did you mean 'portrait'?"]),
            Case(
                ["compare", "--model", "two-thumbs"],
                error: [
                    "invalid value 'two-thumbs' for '--model'; did you mean 'two-thumb'? "
                        + "(expected one-finger, two-thumb, one-thumb or keystrokes)"
                ]),
            Case(["compare", "--format=jsno"], error: ["invalid value 'jsno' for '--format'; did you mean 'json'?"]),
            Case(
                ["optimize", "--vary=leters", "--layout", "hu-touch"],
                error: [
                    "invalid value 'leters' for '--vary'; did you mean 'letters'? "
                        + "(expected accents, long-press, letters or all)"
                ]),
            Case(
                ["optimize", "--layout", "hu-touch", "--model", "keystrokes"],
                error: ["invalid value 'keystrokes' for '--model' (expected one-finger, two-thumb or one-thumb)"]),
            Case(
                ["export", "--format", "ldmx", "hu-touch"],
                error: ["invalid value 'ldmx' for '--format'; did you mean 'ldml'? (expected keyman, ldml or xkb)"]),
            Case(["ibus", "instal"], error: ["unknown ibus command 'instal'; did you mean 'install'?"]),
            Case(["fcitx5", "unistall"], error: ["unknown fcitx5 command 'unistall'; did you mean 'uninstall'?"]),
            Case(["fcitx5"], error: ["missing argument install|uninstall"]),
            Case(["fcitx5", "install", "--prefix="], error: ["--prefix needs a folder"]),
        ])
    func unknownChoice(_ testCase: Case) throws { try Self.check(testCase) }

    @Test(
        "positional arguments: taken where declared, refused elsewhere, required ones missing",
        arguments: [
            Case(["hu-touch"], error: ["unexpected argument 'hu-touch'; give a layout with --layout hu-touch"]),
            Case(["compare", "hu.txt"], error: ["unexpected argument 'hu.txt'; give a corpus with --corpus hu.txt"]),
            Case(
                ["optimize", "--layout", "hu-touch", "hu.txt"],
                error: ["unexpected argument 'hu.txt'; give a corpus with --corpus hu.txt"]),
            Case(["export", "--format", "ldml", "hu-touch"], status: 0, output: ["<keyboard3"]),
            Case(
                ["export", "--format", "ldml", "hu-touch", "/tmp/x", "extra"], error: ["unexpected argument 'extra'"]),
            Case(["export", "--format", "ldml"], error: ["missing argument LAYOUT"]),
            Case(["export", "hu-touch"], error: ["missing '--format'"]),
            Case(["optimize", "--corpus", "a.txt"], error: ["missing '--layout'"]),
            Case(
                [
                    "test-keyboard", keyboardTest, "--keyboard", keyboard,
                ], status: 0, output: ["TAP version 13"]),
            Case(["test-keyboard", "a.xml", "b.xml"], error: ["unexpected argument 'b.xml'; one test file at a time"]),
            Case(["test-keyboard"], error: ["missing argument TEST.xml"]),
            Case(["ibus", "install", "extra"], error: ["unexpected argument 'extra'"]),
            Case(["ibus"], error: ["say install, uninstall or --engine"]),
            Case(["ibus", "--engine", "install"], error: ["--engine takes only --layout ID"]),
        ])
    func positionals(_ testCase: Case) throws { try Self.check(testCase) }

    @Test(
        "values checked after the scan share one wording",
        arguments: [
            Case(
                ["compare", "--jobs", "0"],
                error: ["invalid value '0' for '--jobs': expected a whole number from 1 to 256"]),
            Case(
                ["optimize", "--layout", "hu-touch", "--jobs=0"],
                error: ["invalid value '0' for '--jobs': expected a whole number from 1 to 256"]),
            Case(
                ["compare", "--set", "thumb.aa=1"],
                error: ["unknown constant 'thumb.aa' in '--set'; did you mean 'thumb.a'?"]),
            Case(
                ["optimize", "--layout", "hu-touch", "--set", "thumb.aa=1"],
                error: ["unknown constant 'thumb.aa' in '--set'; did you mean 'thumb.a'?"]),
            Case(["--geometry", "0x8"], error: ["invalid value '0x8' for '--geometry': the width must be"]),
            Case(["compare", "--geometry", "0x8"], error: ["invalid value '0x8' for '--geometry': the width must be"]),
        ])
    func values(_ testCase: Case) throws { try Self.check(testCase) }

    @Test(
        "--layouts-dir, read before any command: its errors name no command",
        arguments: [
            (["--layouts-dir"], "kbdsim: error: missing value for '--layouts-dir'\n"),
            (
                ["compare", "--layouts-dir=/nonexistent-kbdsim"],
                "kbdsim: error: invalid value '/nonexistent-kbdsim' for '--layouts-dir': not a folder; "
                    + "give a folder of layout .json files\n"
            ),
        ])
    func layoutsDirectory(_ arguments: [String], _ error: String) throws {
        let result = try KbdsimBinary.run(arguments)
        #expect(result.status == 64 && result.error == error, "\(result.error)")
    }
}
