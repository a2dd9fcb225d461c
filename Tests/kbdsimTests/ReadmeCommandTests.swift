import Foundation
import Testing

/// Every `kbdsim` command in the `sh` code blocks of the README and of every page of `docs/`
/// runs as printed, from the top of a copy of the repository in a temporary folder, with small
/// stand-in files where it names a corpus or word list the repository does not hold. A command
/// exits 0 unless its comment says `exits N`; a comment `prints X` is checked against what it
/// prints.
struct ReadmeCommandTests {
    struct Command: CustomTestStringConvertible, Sendable {
        /// The page it is shown on, relative to the package's top.
        let page: String
        let line: String
        let comment: String
        var testDescription: String { "\(page): \(line)" }
    }

    /// `README.md`, then every Markdown page of `docs/`, in name order.
    static let pages: [String] = {
        let docs = KbdsimBinary.packageRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The commands of the pages' `sh` blocks that run kbdsim (possibly through `swift run`).
    static let commands: [Command] = pages.flatMap { commands(onPage: $0) }

    /// The commands of one page's `sh` blocks that run kbdsim.
    static func commands(onPage page: String) -> [Command] {
        let url = KbdsimBinary.packageRoot.appendingPathComponent(page)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var commands: [Command] = []
        var inShellBlock = false
        var pending = ""
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.hasPrefix("```") {
                inShellBlock = !inShellBlock && (line == "```sh" || line == "```bash" || line == "```shell")
                continue
            }
            guard inShellBlock else { continue }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            let (code, comment) = splitComment(pending + line)
            pending = ""
            let command = code.replacingOccurrences(of: "swift run -c release kbdsim", with: "kbdsim")
                .replacingOccurrences(of: "swift run kbdsim", with: "kbdsim")
                .trimmingCharacters(in: .whitespaces)
            let piped = command.range(of: #"^(echo|printf|cat) [^|]*\| *kbdsim( |$)"#, options: .regularExpression)
            if command.hasPrefix("kbdsim ") || command == "kbdsim" || piped != nil {
                commands.append(Command(page: page, line: command, comment: comment))
            }
        }
        return commands
    }

    /// The code and the comment of a shell line (`#` outside quotes, after a space).
    static func splitComment(_ line: String) -> (String, String) {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " {
                let comment = line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return (String(line[..<index]), comment)
            }
            previous = character
        }
        return (line, "")
    }

    /// Stand-ins for the corpora and word lists a command names: a few sentences in the
    /// language the name starts with.
    static func standIn(for name: String) -> String {
        if name.hasSuffix(".tsv") { return "és\t100\nvan\t80\ngyőr\t5\nárvíztűrő\t2\n" }
        if name.hasPrefix("cs") { return "Příliš žluťoučký kůň úpěl ďábelské ódy.\nAhoj, světe!\n" }
        if name.hasPrefix("da") { return "Blåbærgrød med fløde.\nHej, verden!\n" }
        return "Árvíztűrő tükörfúrógép.\nGyőrben esett az eső, de Szegeden sütött a nap.\n"
    }

    /// A temporary folder that looks like the top of the repository, plus stand-ins.
    static func workspace(for command: Command) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("bin/kbdsim").path, withDestinationPath: KbdsimBinary.path)
        for entry in try manager.contentsOfDirectory(atPath: KbdsimBinary.packageRoot.path)
        where ![".build", ".git", "bin", "home"].contains(entry) {
            try manager.createSymbolicLink(
                atPath: folder.appendingPathComponent(entry).path,
                withDestinationPath: KbdsimBinary.packageRoot.appendingPathComponent(entry).path)
        }
        let words = command.line.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == "," }).map(String.init)
        for word in words where word.hasSuffix(".txt") || word.hasSuffix(".tsv") {
            let path = folder.appendingPathComponent(word).path
            guard !word.contains("/"), !manager.fileExists(atPath: path) else { continue }
            #expect(manager.createFile(atPath: path, contents: Data(standIn(for: word).utf8)), "stand-in \(word)")
        }
        return folder
    }

    @Test("the README and docs/ show kbdsim commands to check")
    func found() {
        #expect(Self.commands.filter { $0.page == "README.md" }.count >= 5, "\(Self.commands.map(\.line))")
        #expect(Self.pages.count > 1, "no pages in docs/")
        #expect(Self.commands.count >= 30, "\(Self.commands.map(\.testDescription))")
    }

    @Test("runs as printed", arguments: commands)
    func runs(_ command: Command) throws {
        let folder = try Self.workspace(for: command)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script =
            "cd '\(folder.path)' && HOME='\(folder.path)/home' PATH='\(folder.path)/bin':\"$PATH\" "
            + "exec /bin/sh -c \"$0\""
        let result = try Subprocess.run(["/bin/sh", "-c", script, command.line])
        var expected: Int32 = 0
        if let match = command.comment.range(of: #"exits? (\d+)"#, options: .regularExpression) {
            expected = Int32(command.comment[match].split(separator: " ")[1]) ?? 0
        }
        #expect(result.status == expected, "\(command.testDescription)\n\(result.error)")
        if let match = command.comment.range(of: #"^prints "#, options: .regularExpression) {
            let printed = command.comment[match.upperBound...].trimmingCharacters(in: .whitespaces)
            #expect(result.output.trimmingCharacters(in: .newlines) == printed, "\(command.testDescription)")
        }
    }
}
