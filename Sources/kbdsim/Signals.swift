import Glibc
import Synchronization

/// The last terminating signal received (SIGTERM, SIGHUP, SIGINT, SIGQUIT), 0 when none.
let receivedSignal = Atomic<Int32>(0)
/// Set by SIGWINCH: the terminal changed size.
let windowResized = Atomic<Bool>(false)
/// Set by SIGTSTP (`kill -TSTP`, or Ctrl-Z where the terminal still sends signals): the
/// simulator should put the terminal back and stop, as a shell job does.
let suspendRequested = Atomic<Bool>(false)
/// Set by SIGCONT: the process went on after a stop (a shell may have changed the
/// terminal's settings and drawn on the screen meanwhile).
let continued = Atomic<Bool>(false)

/// The read end of the self-pipe: a handler writes a byte to it, so that `poll` on the
/// main thread wakes even when the signal was delivered to another thread.
nonisolated(unsafe) var signalWakeFD: Int32 = -1
nonisolated(unsafe) private var signalWakeWriteFD: Int32 = -1

/// The terminal to put back if the process crashes, read by the crash handler. Written
/// before the handlers are installed, never while one may run. (Kept as separate globals:
/// a global tuple holding a `termios` miscompiles in a non-main file with Swift 6.3.)
nonisolated(unsafe) private var crashFD: Int32 = -1
nonisolated(unsafe) private var crashSettings = termios()
nonisolated(unsafe) private var crashReset: [UInt8] = []
nonisolated(unsafe) private var crashOldActions: [sigaction] = Array(repeating: sigaction(), count: 65)
private let crashArmed = Atomic<Bool>(false)

/// Signal handling for the interactive simulator.
///
/// Handlers only set `Atomic` flags; they are installed with `sigaction` without
/// `SA_RESTART`, so a blocked `poll`/`read` returns `EINTR` and the loop sees the flag at
/// once. Crash signals restore the terminal and hand the signal back to whoever handled
/// it before (the Swift runtime's backtracer, or the default action).
enum Signals {
    static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    static let crashing: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Installs the flag-setting handlers for terminating signals and SIGWINCH.
    static func install() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            signalWakeFD = ends[0]
            signalWakeWriteFD = ends[1]
        }
        for number in terminating {
            install(number) { number in
                receivedSignal.store(number, ordering: .relaxed)
                wakeMainLoop()
            }
        }
        install(SIGWINCH) { _ in
            windowResized.store(true, ordering: .relaxed)
            wakeMainLoop()
        }
        installSuspendHandler()
        install(SIGCONT) { _ in
            continued.store(true, ordering: .relaxed)
            wakeMainLoop()
        }
        // A parent may have left these blocked (a test runner's threads do, and tmux passes
        // its mask on): unblock them, or they would never arrive.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in terminating + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Stops the process as SIGTSTP's default action does, and returns once it goes on
    /// (at once when the process group is orphaned: the system then ignores the stop).
    /// The caller puts the terminal back before and takes it again after.
    static func stopProcess() {
        Glibc.signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        installSuspendHandler()
    }

    private static func installSuspendHandler() {
        install(SIGTSTP) { _ in
            suspendRequested.store(true, ordering: .relaxed)
            wakeMainLoop()
        }
    }

    /// Empties the self-pipe after a wake-up.
    static func drainWakeUps() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while signalWakeFD >= 0, read(signalWakeFD, &buffer, buffer.count) > 0 {}
    }

    /// Arms the crash handlers: on a crash signal the terminal `fd` gets `settings` back and
    /// `reset` is written to it before the signal goes on to the previous handler.
    static func armCrashRestore(fd: Int32, settings: termios, reset: String) {
        crashFD = fd
        crashSettings = settings
        crashReset = Array(reset.utf8)
        for number in crashing {
            var old = sigaction()
            sigaction(number, nil, &old)
            crashOldActions[Int(number)] = old
        }
        crashArmed.store(true, ordering: .relaxed)
        for crash in crashing {
            install(crash) { number in
                if crashArmed.exchange(false, ordering: .relaxed) {
                    _ = crashReset.withUnsafeBufferPointer { write(crashFD, $0.baseAddress, $0.count) }
                    tcsetattr(crashFD, TCSANOW, &crashSettings)
                }
                // Hand the signal on: the previous action is reinstalled, and the faulting
                // instruction runs again into it (or the signal is raised again).
                if number >= 0, number < crashOldActions.count {
                    sigaction(number, &crashOldActions[Int(number)], nil)
                } else {
                    Glibc.signal(number, SIG_DFL)
                }
                if number == SIGABRT || number == SIGTRAP { raise(number) }
            }
        }
    }

    /// Disarms the crash restore (the terminal was restored the ordinary way).
    static func disarmCrashRestore() {
        crashArmed.store(false, ordering: .relaxed)
    }

    private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked read wakes up
        sigaction(signal, &action, nil)
    }
}

/// Writes a byte to the self-pipe (async-signal-safe).
private func wakeMainLoop() {
    var byte: UInt8 = 1
    _ = write(signalWakeWriteFD, &byte, 1)
}
