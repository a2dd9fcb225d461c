/// The exit statuses of every `kbdsim` command, one table (BSD `sysexits.h` for the usage and
/// output errors), so that no command returns a bare number.
enum ExitStatus: Equatable, Sendable {
    /// 0: the command did what it was asked.
    case success
    /// 1: the command could not do it (a layout or corpus that does not load, a failed check,
    /// a file that cannot be written).
    case failure
    /// 64 (`EX_USAGE`): wrong arguments, printed with the usage line.
    case usage
    /// 74 (`EX_IOERR`): standard input could not be read or standard output not written.
    case outputNotWritten
    /// 128 + N: the simulator ended by signal N (after putting the terminal back).
    case signal(Int32)

    /// The number the process exits with.
    var code: Int32 {
        switch self {
        case .success: 0
        case .failure: 1
        case .usage: 64
        case .outputNotWritten: 74
        case .signal(let number): 128 + number
        }
    }
}
