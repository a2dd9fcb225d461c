import Glibc
import KeyboardSimulator

/// Why the terminal could not be used.
struct TerminalError: Error, CustomStringConvertible {
    let description: String
}

/// The controlling terminal (`/dev/tty`) in raw mode: input bytes, output bytes, the size.
///
/// The screen is drawn on `/dev/tty`, not standard output, so `kbdsim > out.txt` draws on
/// the terminal and leaves only the typed text in the file.
final class Terminal {
    /// Switches to the alternate screen, hides the cursor, turns on mouse reports (press,
    /// release, drag; SGR coordinates) and bracketed paste.
    static let enterSequence =
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[0m\u{1B}[2J"
    /// Undoes `enterSequence`. The alternate screen is cleared, cursor home, before it is
    /// left: tmux otherwise carries its lines into the main screen after a resize.
    static let exitSequence =
        "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    let fd: Int32
    let saved: termios
    private var raw = false

    /// Opens `/dev/tty` and remembers its settings.
    init() throws(TerminalError) {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw TerminalError(description: "cannot open the terminal (/dev/tty): \(String(cString: strerror(errno)))")
        }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else {
            close(fd)
            throw TerminalError(description: "/dev/tty is not a terminal: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        self.saved = settings
    }

    deinit { close(fd) }

    /// Raw mode: no echo, no line editing, no signals from keys (Ctrl-C arrives as 0x03),
    /// bytes as they come.
    func enterRawMode() {
        var settings = saved
        cfmakeraw(&settings)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(fd, TCSAFLUSH, &settings)
        raw = true
        write(Self.enterSequence)
    }

    /// Takes the terminal again after the process went on from a stop: raw mode (a shell
    /// sets its own modes while it has the terminal), the alternate screen, cleared.
    func resume() {
        raw = false
        enterRawMode()
    }

    /// Puts the terminal back as it was (idempotent).
    func restore() {
        guard raw else { return }
        raw = false
        write(Self.exitSequence)
        var settings = saved
        tcsetattr(fd, TCSANOW, &settings)
    }

    /// The size, or 80×24 when the terminal does not say; at most `TerminalSize.largest`
    /// (the screen is drawn in its top left part on a larger one).
    func size() -> TerminalSize {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return TerminalSize(columns: 80, lines: 24)
        }
        return TerminalSize(columns: Int(size.ws_col), lines: Int(size.ws_row)).limited
    }

    /// Writes all of `text`, retrying after signals; gives up silently if the terminal is gone.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Waits until input is ready, a signal arrives (`Signals`' self-pipe), or `timeout`
    /// seconds pass (`nil`: no limit).
    func waitForInput(timeout: Double?) -> (ready: Bool, timedOut: Bool) {
        var descriptors = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalWakeFD, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = timeout.map { Int32(min(60_000, max(0, ($0 * 1000).rounded(.up)))) } ?? -1
        let result = poll(&descriptors, signalWakeFD >= 0 ? 2 : 1, milliseconds)
        if result > 0, descriptors[1].revents != 0 { Signals.drainWakeUps() }
        if result > 0 { return (descriptors[0].revents != 0, false) }
        return (false, result == 0)
    }

    /// Reads what is there; empty at end of input or when the terminal hung up.
    func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        if count == 0 { return nil }
        return Array(buffer[..<count])
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
