import Foundation
import LayoutEngine
import Synchronization

/// Standard output and error for every command: written unbuffered, and a failed write to
/// standard output remembered, so that a command whose output was lost (closed, full, a
/// broken pipe with SIGPIPE ignored) says so and exits 74 (`ExitStatus.outputNotWritten`) instead of 0.
enum StandardOutput {
    /// Keeps a closed standard stream closed to the program: were it left free, the next file
    /// opened (a corpus, an SVG picture) would get its number and the report would go there.
    /// A closed standard input or output gets `/dev/null` opened the wrong way round, so that
    /// reading or writing it still fails (EBADF) and is reported as before.
    static func reserveClosedStreams() {
        for (descriptor, mode) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)]
        where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let reserved = open("/dev/null", mode)
            if reserved >= 0, reserved != descriptor {
                dup2(reserved, descriptor)
                close(reserved)
            }
        }
    }

    /// `status`, or `ExitStatus.outputNotWritten` (74) with a one-line error when the command
    /// would have succeeded but standard output could not be written; `command` starts the
    /// error (`kbdsim compare`).
    static func status(_ status: ExitStatus, command: String) -> ExitStatus {
        let error = outputError.load(ordering: .relaxed)
        guard status == .success, error != 0 else { return status }
        printError("\(command): error: cannot write standard output: \(String(cString: strerror(error)))\n")
        return .outputNotWritten
    }
}

/// The errno of the first write to standard output that failed, 0 while none has.
private let outputError = Atomic<Int32>(0)

/// Writes to standard output, unbuffered (a pipe would buffer it). A failed write is
/// remembered, not fatal: `StandardOutput.status` then makes the exit status 74. (A closed
/// pipe with SIGPIPE at its default action ends the process silently, as it does `cat`.)
func printOutput(_ text: String) {
    var text = text
    text.withUTF8 { writeOutput($0) }
}

/// Writes `bytes` to standard output as `printOutput` writes text.
func writeOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
    let error = FileWriting.writeAll(UnsafeRawBufferPointer(bytes), to: STDOUT_FILENO)
    if error != 0 { _ = outputError.compareExchange(expected: 0, desired: error, ordering: .relaxed) }
}

/// Writes to standard error; nothing to be done if that fails.
func printError(_ text: String) {
    var text = text
    _ = text.withUTF8 { FileWriting.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
}
