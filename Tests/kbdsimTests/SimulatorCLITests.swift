import Foundation
import TestSupport
import Testing

/// The built `kbdsim` executable, run as a script would run it.
enum KbdsimBinary {
    /// `kbdsim` next to the test bundle (`swift test` builds it, as a product of the package),
    /// else in the package's `.build/debug`.
    static let path: String = {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(
                URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("kbdsim").path)
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("kbdsim").path)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kbdsim").path)
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/kbdsim").path)
        return candidates.first { fileManager.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// The package's root, for paths to `Layouts/`.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs kbdsim with `arguments`, `input` on standard input (a file, so never a terminal).
    static func run(_ arguments: [String], input: String? = nil) throws -> Result {
        try Subprocess.run([path] + arguments, input: input ?? "")
    }
}

/// Runs a program to its end with posix_spawn and waitpid, its standard streams in files.
/// (Foundation's `Process.waitUntilExit` can miss the exit of a child whose own child lives on,
/// as tmux's server does, and then waits for ever.)
enum Subprocess {
    static func run(_ arguments: [String], input: String = "") throws -> KbdsimBinary.Result {
        let directory = try TemporaryFolder.make("kbdsim-run")
        defer { TemporaryFolder.remove(directory) }
        let inputPath = directory.appendingPathComponent("in").path
        let outputPath = directory.appendingPathComponent("out").path
        let errorPath = directory.appendingPathComponent("err").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
        let spawned = Subprocess.spawnAndWait(arguments) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        guard case .exited(let exitStatus) = spawned else {
            return KbdsimBinary.Result(status: -1, output: "", error: "cannot run \(arguments[0]): \(spawned)")
        }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return KbdsimBinary.Result(status: exitStatus, output: output, error: error)
    }

    /// How a spawned program ended.
    enum Ending: CustomStringConvertible {
        /// Its exit status, or 128 + the signal that ended it.
        case exited(Int32)
        /// posix_spawn failed with this error.
        case notStarted(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .notStarted(let error): "posix_spawn error \(error)"
            }
        }
    }

    /// Spawns `arguments` (looked up on PATH) with no signal blocked and every signal's default
    /// action, whatever this test runner's thread has, after `configure` sets up its streams;
    /// waits for it to end.
    static func spawnAndWait(
        _ arguments: [String], configure: (inout posix_spawn_file_actions_t) -> Void
    ) -> Ending {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { return .notStarted(spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .exited(status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    }
}

/// `kbdsim --keys`, `--text`, keys on standard input, and arguments it refuses.
struct SimulatorCLITests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var input: String? = nil
        let status: Int32
        var output: String? = nil
        var errorContains: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "--keys a ´ l m a prints álma", arguments: ["--layout", "hu-touch", "--keys", "a ´ l m a"], status: 0,
            output: "álma\n"),
        Case(
            name: "--trace prints a line per event, then the text",
            arguments: ["--layout", "hu-touch", "--keys", "a ´ ⌫", "--trace"], status: 0,
            output: "a  → insert \"a\"\n´  → replace 1 with \"á\"\n⌫  → replace 1 with \"a\"\na\n"),
        Case(
            name: "--backspace grapheme deletes the letter", arguments: ["--keys", "a ´ ⌫", "--backspace", "grapheme"],
            status: 0, output: "\n"),
        Case(name: "no --layout opens hu-touch", arguments: ["--keys", "o ¨ ˝"], status: 0, output: "ő\n"),
        Case(
            name: "key names on standard input", arguments: ["--layout", "cs-touch"], input: "c ˇ e s\nk y\n",
            status: 0, output: "česky\n"),
        Case(
            name: "key names: capitals, aliases, layers, long-press",
            arguments: ["--keys", "G y o:ő r space 123 1 ABC shift a return bksp bksp ⏎"], status: 0,
            output: "Győr 1\n\n"),
        Case(
            name: "--text Győr --trace shows the keys it takes", arguments: ["--text", "Győr", "--trace"], status: 0,
            output:
                "⇧  → shift on\nG  → insert \"G\"\ny  → insert \"y\"\no  → insert \"o\"\n˝  → replace 1 with \"ő\"\nr  → insert \"r\"\nGyőr\n"
        ),
        Case(
            name: "--text leaves out what the layout cannot type, with a warning",
            arguments: ["--layout", "hu-ios", "--text", "a😀b"], status: 0, output: "ab\n",
            errorContains: ["hu-ios cannot type \"😀\""]),
        Case(
            name: "--backspace on a layout that another engine types is not used, with a warning",
            arguments: ["--layout", "cldr:fr-t-k0-test", "--backspace", "grapheme", "--keys", "a bksp"], status: 0,
            output: "\n", errorContains: ["which deletes as the keyboard says; --backspace is not used"]),
        Case(
            name: "--text: a text that would compose with the one before is left out, and the warning says why",
            arguments: ["--layout", "cldr:fr-t-k0-test", "--text", "fenêtre ^e"], status: 0, output: "fenêtre ^\n",
            errorContains: [
                "cldr:fr-t-k0-test cannot type \"e\" (at scalar 9) after \"^\" (the two would make \"ê\"); left out"
            ]),
        Case(
            name: "a layout by path",
            arguments: [
                "--layout", KbdsimBinary.packageRoot.appendingPathComponent("Layouts/da-touch.json").path, "--keys",
                "å ø æ",
            ], status: 0,
            output: "åøæ\n"),
        Case(
            name: "an unknown key name exits 64 with the valid names", arguments: ["--keys", "a ő"], status: 64,
            output: "", errorContains: ["unknown key \"ő\"", "q w e r t z u i o p ˝"]),
        Case(
            name: "an unknown option: did you mean, usage, 64", arguments: ["--layot", "hu-touch"], status: 64,
            output: "", errorContains: ["unknown option '--layot'; did you mean '--layout'?", "usage: kbdsim"]),
        Case(
            name: "a missing value", arguments: ["--layout"], status: 64, output: "",
            errorContains: ["missing value for '--layout'", "usage: kbdsim"]),
        Case(
            name: "a wrong --backspace value", arguments: ["--backspace", "acent"], status: 64, output: "",
            errorContains: ["invalid value 'acent' for '--backspace'; did you mean 'accent'?"]),
        Case(
            name: "a stray argument", arguments: ["hu-touch"], status: 64, output: "",
            errorContains: ["unexpected argument 'hu-touch'; give a layout with --layout hu-touch"]),
        Case(
            name: "--keys and --text together", arguments: ["--keys", "a", "--text", "b"], status: 64, output: "",
            errorContains: ["cannot be used together"]),
        Case(
            name: "an unknown layout id exits 64 with the shipped ids", arguments: ["--layout", "hu-tuch"], status: 64,
            output: "", errorContains: ["did you mean \"hu-touch\"", "usage: kbdsim"]),
        Case(
            name: "a language code as a layout id suggests the layouts of that language and its XKB layout",
            arguments: ["--layout", "hu"], status: 64, output: "",
            errorContains: ["no layout \"hu\"; did you mean", "\"hu-touch\"", "\"hu-ios\"", "or \"xkb:hu\"?"]),
        Case(
            name: "an XKB layout name that is not featured is suggested with its prefix",
            arguments: ["--layout", "fr"], status: 64, output: "",
            errorContains: ["did you mean \"cldr:fr\", \"cldr:fr-t-k0-test\" or \"xkb:fr\"?"]),
        Case(
            name: "--physical with an XKB layout that does not exist exits 64 and says so",
            arguments: ["--physical", "nope", "--keys", "a"], status: 64, output: "",
            errorContains: ["--physical xkb:nope: no XKB layout \"nope\"", "usage: kbdsim"]),
        Case(
            name: "--physical does not change what names type", arguments: ["--physical", "hu", "--keys", "a ´"],
            status: 0, output: "á\n"),
        Case(name: "--help", arguments: ["--help"], status: 0, errorContains: []),
    ]

    @Test(arguments: cases)
    func run(_ testCase: Case) throws {
        let result = try KbdsimBinary.run(testCase.arguments, input: testCase.input)
        #expect(result.status == testCase.status, "stderr: \(result.error)")
        if let output = testCase.output { #expect(result.output == output) }
        for expected in testCase.errorContains {
            #expect(result.error.contains(expected), "stderr: \(result.error)")
        }
    }

    @Test("--list-layouts lists every shipped layout with its name")
    func listLayouts() throws {
        let result = try KbdsimBinary.run(["--list-layouts"])
        #expect(result.status == 0)
        let shipped = [
            ("cs-touch", "Czech (iPhone)"), ("da-touch", "Danish (iPhone)"),
            ("hu-extended", "Hungarian with accent row"), ("hu-ios", "Hungarian (iPhone)"),
            ("hu-squeezed", "Hungarian, accented letters in the letter rows"),
            ("hu-touch", "Hungarian postfix accents (proposal)"),
        ]
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(shipped.count).map { $0.split(separator: " ", maxSplits: 1).first.map(String.init) }
                == shipped.map(\.0))
        for (id, name) in shipped {
            #expect(lines.contains { $0.hasPrefix(id + " ") && $0.hasSuffix("  " + name) }, "\(id): \(result.output)")
        }
        for kind in ["xkb:LAYOUT(VARIANT)", "m17n:NAME", "kmx:FILE.kmx", "FILE.json, FILE.xml"] {
            #expect(result.output.contains("\n  \(kind) "), "the kinds of id are named: \(result.output)")
        }
        // Names start in one column, however long the id.
        let listed = result.output.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        let columns = Set(
            listed.map { line in
                let afterID = line.drop { $0 != " " }
                return line.count - afterID.drop { $0 == " " }.count
            })
        #expect(columns.count == 1, "\(listed)")
    }

    @Test("--help documents the options and the key names")
    func help() throws {
        let result = try KbdsimBinary.run(["--help"])
        for expected in [
            "--layout", "--backspace", "--no-color", "--keys", "--text", "--trace", "Key names", "o:ő", "bksp ⌫",
        ] {
            #expect(result.output.contains(expected), "missing \(expected)")
        }
    }

    @Test("a broken layout file prints its diagnostics and exits 1")
    func brokenLayout() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kbdsim-broken-\(getpid()).json")
        try Data(#"{"formatVersion": 1, "id": "x", "layers": [}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try KbdsimBinary.run(["--layout", file.path, "--keys", "a"])
        #expect(result.status == 1)
        #expect(result.error.contains(file.path + ":1:"))
        #expect(result.error.contains("[KBD-E"))
        #expect(result.output.isEmpty)
    }
}
