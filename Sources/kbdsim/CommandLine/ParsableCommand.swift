/// A `kbdsim` command, shaped like swift-argument-parser's `ParsableCommand`: a static
/// configuration (name, prose, option declarations), a `parse` that turns arguments into the
/// command's options value, and a `run` that does the work and says how it ended.
///
/// ```swift
/// exit(CompareCommand.main(["--layouts", "hu-touch,hu-ios"]).code)
/// ```
protocol ParsableCommand {
    /// The command's options, checked: what `run` needs.
    associatedtype Options

    static var configuration: CommandConfiguration { get }

    /// The options from a scanned command line; throws for combinations the declarations
    /// cannot express (`--ci` without `--corpus`).
    static func options(from parsed: ParsedArguments) throws(UsageError) -> Options

    /// Does the work; messages go to standard error as `kbdsim COMMAND: error: …`.
    static func run(_ options: Options) -> ExitStatus
}

extension ParsableCommand {
    /// The usage line, from the declarations.
    static var usage: String { HelpFormatter.usage(configuration) }

    /// The text of `--help`.
    static var help: String { HelpFormatter.help(configuration) }

    /// The options `arguments` (those after the command's name) give, or `nil` when they ask
    /// for help.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        let parsed = try configuration.scanner.scan(arguments)
        return parsed.helpRequested ? nil : try options(from: parsed)
    }

    /// Parses, prints help or the usage error, or runs; then `StandardOutput.status` turns a
    /// success whose output was lost into `ExitStatus.outputNotWritten`.
    static func main(_ arguments: [String]) -> ExitStatus {
        let status: ExitStatus
        do {
            if let options = try parse(arguments) {
                status = run(options)
            } else {
                printOutput(help + "\n")
                status = .success
            }
        } catch {
            status = usageFailure(error.message)
        }
        return StandardOutput.status(status, command: configuration.displayName)
    }

    /// Prints `kbdsim COMMAND: error: MESSAGE` and the usage line; `ExitStatus.usage`.
    static func usageFailure(_ message: String) -> ExitStatus {
        printError("\(configuration.displayName): error: \(message)\n\(usage)\n")
        return .usage
    }
}
