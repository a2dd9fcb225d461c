import Foundation
import LayoutEngine
import LayoutOptimizer
import TypingEfficiency

/// `kbdsim optimize …`: searches a layout's key placement for a corpus and writes the best.
/// Exit status: 0 done, 1 a layout, corpus or search problem, 64 wrong arguments.
enum OptimizeCommand: ParsableCommand {
    /// Searches, prints the report and writes the best layout, as `options` ask.
    static func run(_ options: OptimizeOptions) -> ExitStatus {
        var options = options
        if let path = options.modelFile {
            guard let file = ModelFileOption.load(path, command: "kbdsim optimize") else { return .failure }
            options.constants = ModelFileOption.constants(file, assignments: options.assignments)
        }
        do {
            let (bytes, file) = try layoutBytes(options.layout)
            let document = try LayoutDocument(bytes: bytes, file: file)
            let input = try makeInput(options, document: document)
            let optimizer = Optimizer(
                document: document, input: input, model: options.model, constants: options.constants,
                options: options.optimizer)
            let reference = try optimizer.layout(Placement(identityFor: document))
            let timeModel = TimeModel.select(options.model, platform: reference.platform, constants: options.constants)
            if let problem = timeModel.timelessTap(under: options.model) {
                throw OptimizerError(
                    "a tap takes no time, so every layout is as fast as any other: \(problem) (--set NAME=SECONDS)")
            }
            if let output = options.output {
                // Before the search: a place the layout cannot be written to fails at once.
                do {
                    try FileWriting.checkWritable(output)
                } catch {
                    throw OptimizerError("\(output): \(error); nothing searched")
                }
            }
            let progress = isatty(STDERR_FILENO) == 1 ? OptimizeProgress() : nil
            var report: (@Sendable (OptimizerProgress) -> Void)?
            if let progress { report = { progress.update($0) } }
            let result = try optimizer.run(progress: report)
            progress?.finish()
            printOutput(
                OptimizationReport.text(
                    result, document: document, corpus: describe(input),
                    timeModel: timeModel.summary(under: options.model)
                        + (options.modelFile.map { "; model file \($0)" } ?? ""),
                    variation: options.optimizer.variation))
            if let output = options.output { try write(result.best.placement, document, to: output, options) }
            return .success
        } catch let error as OptimizerError {
            CompareOutput.standardError("kbdsim optimize: error: \(error.message)\n")
        } catch let error as CorpusError {
            CompareOutput.standardError("kbdsim optimize: error: \(error)\n")
        } catch {
            CompareOutput.standardError("kbdsim optimize: error: \(error)\n")
        }
        return .failure
    }

    /// The kinds of layout id that name no layout file, by prefix, for the message.
    static let otherKinds = [
        ("xkb:", "an XKB hardware layout"), ("cldr:", "a CLDR keyboard"), ("m17n:", "an m17n input method"),
        ("kmx:", "a Keyman keyboard"),
    ]

    /// The bytes of a layout file by shipped id or path.
    static func layoutBytes(_ id: String) throws(OptimizerError) -> ([UInt8], String) {
        let kind =
            otherKinds.first { id.hasPrefix($0.0) }?.1
            ?? (id.lowercased().hasSuffix(".xml") || id.lowercased().contains(".xml(") ? "a CLDR keyboard file" : nil)
        if let kind {
            throw OptimizerError(
                "\(id) is \(kind): optimize rearranges the rows, accent keys and long-press lists of a layout "
                    + ".json file; give a shipped id (\(LayoutCatalog.shippedIDs().joined(separator: ", "))) or the path of one"
            )
        }
        var path: String?
        if LayoutCatalog.isPath(id) {
            path = id
        } else if let folder = LayoutCatalog.overrideDirectory,
            FileManager.default.fileExists(atPath: folder + "/" + id + ".json")
        {
            path = folder + "/" + id + ".json"
        }
        if let path {
            switch FileReading.contents(of: path) {
            case .success(let bytes): return (bytes, path)
            case .failure(let failure): throw OptimizerError("\(path): \(failure)")
            }
        }
        guard let bytes = LayoutCatalog.builtInFile(id) else {
            let known = LayoutCatalog.shippedIDs().joined(separator: ", ")
            throw OptimizerError("no layout \"\(id)\" (known: \(known); or give the path of a .json file)")
        }
        return (bytes, id + ".json")
    }

    static func makeInput(_ options: OptimizeOptions, document: LayoutDocument) throws -> ComparisonInput {
        if let words = options.words {
            return .wordList(
                try WordFrequencyList(contentsOf: words), description: (words as NSString).lastPathComponent)
        }
        if !options.corpora.isEmpty {
            return .runningText(options.corpora.map { $0 == "-" ? .standardInput : .file($0) })
        }
        let json = document.json(for: Placement(identityFor: document))
        let locale = LayoutLoader.read(bytes: Array(json.utf8), file: "").layout?.locale ?? ""
        guard let list = EmbeddedWordLists.list(for: locale) else {
            throw OptimizerError("no embedded word list for \"\(locale)\": give --corpus or --words")
        }
        return .wordList(list, description: EmbeddedWordLists.description(for: locale, words: list.entries.count))
    }

    static func describe(_ input: ComparisonInput) -> String {
        switch input {
        case .runningText(let sources):
            return sources.map { $0.name == "-" ? "standard input" : ($0.name as NSString).lastPathComponent }
                .joined(separator: " + ")
        case .wordList(_, let description): return description
        }
    }

    /// Writes the best layout, named after the file, after loading it back.
    static func write(
        _ placement: Placement, _ document: LayoutDocument, to path: String, _ options: OptimizeOptions
    ) throws(OptimizerError) {
        let id = String((path as NSString).lastPathComponent.dropLast(5))
        let moves = OptimizationReport.describe(placement, document)
        let json = document.json(
            for: placement, id: id,
            name: "\(document.id) optimized (\(options.optimizer.variation.rawValue), \(options.model.rawValue))",
            note:
                "Rearranged by `kbdsim optimize --vary \(options.optimizer.variation.rawValue) "
                + "--model \(options.model.rawValue)`: "
                + (moves.isEmpty ? "no key moved" : moves.joined(separator: "; ")) + ".")
        let check = LayoutLoader.read(bytes: Array(json.utf8), file: path, expectedID: id)
        guard check.layout != nil else {
            let messages = check.diagnostics.map { "\($0)" }.joined(separator: "; ")
            throw OptimizerError("\(path): the written layout would not load (\(messages)); nothing written")
        }
        do {
            try FileWriting.write(Array(json.utf8), to: path)
        } catch {
            throw OptimizerError("\(path): \(error)")
        }
        CompareOutput.standardError("kbdsim optimize: wrote \(path)\n")
    }
}

/// The progress line on a terminal: the round and how far its search is.
final class OptimizeProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var last = 0.0
    private var round = 0

    func update(_ progress: OptimizerProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date().timeIntervalSince1970
        // A new round is shown at once, so its line never looks like the last one starting over.
        guard now - last > 0.2 || progress.round != round else { return }
        last = now
        round = progress.round
        CompareOutput.standardError("\r\u{1B}[Koptimize: \(progress)")
    }

    func finish() { CompareOutput.standardError("\r\u{1B}[K") }
}
