import Glibc
import KeyboardSimulator
import LayoutEngine

/// The interactive simulator: raw mode on `/dev/tty`, a loop that reads input, lets the
/// controller act, and writes only the lines of the frame that changed.
///
/// The terminal is restored on every way out: Esc or Ctrl-C (bytes in raw mode), SIGTERM,
/// SIGHUP and SIGINT (flags checked after every wake-up), the terminal going away, and a
/// crash (the crash handler in `Signals`). Ctrl-Z (a byte in raw mode) and SIGTSTP restore
/// it too before the process stops, and it is taken again, redrawn, when the process goes
/// on; so is it after any stop (SIGSTOP), since the shell had the terminal meanwhile.
enum SimulatorInteractive {
    /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
    static let escapeTimeout = 0.04

    static func run(_ layout: Layout, backspace: BackspacePolicy?, color: Bool, physical: PhysicalLayout) -> ExitStatus
    {
        let terminal: Terminal
        do {
            terminal = try Terminal()
        } catch {
            printError("kbdsim: error: \(error); give keys with --keys or on standard input instead\n")
            return .failure
        }
        Signals.install()
        Signals.armCrashRestore(fd: terminal.fd, settings: terminal.saved, reset: Terminal.exitSequence)
        terminal.enterRawMode()
        var controller = SimulatorController(
            layout: layout, backspacePolicy: backspace, size: terminal.size(), color: color, physical: physical)
        let status = loop(&controller, terminal)
        terminal.restore()
        Signals.disarmCrashRestore()
        if !controller.text.isEmpty { printOutput(controller.text + "\n") }
        return status
    }

    /// Runs until the user quits or a signal arrives; returns the exit status: success, or 128 + the
    /// signal (129 also when the terminal hangs up).
    private static func loop(_ controller: inout SimulatorController, _ terminal: Terminal) -> ExitStatus {
        var decoder = InputDecoder()
        var frame: [String] = []
        while true {
            let signal = receivedSignal.exchange(0, ordering: .relaxed)
            if signal != 0 { return .signal(signal) }
            if suspendRequested.exchange(false, ordering: .relaxed) {
                suspend(terminal)
            }
            if continued.exchange(false, ordering: .relaxed) {
                terminal.resume()
                windowResized.store(true, ordering: .relaxed)
            }
            if windowResized.exchange(false, ordering: .relaxed) {
                controller.size = terminal.size()
                frame = []
            }
            let now = monotonicSeconds()
            controller.tick(at: now)
            if controller.quitRequested { return .success }
            let lines = ScreenRenderer.render(controller.screen())
            let output = FrameDiffer.diff(from: frame, to: lines)
            if !output.isEmpty { terminal.write(output) }
            frame = lines

            var timeout = controller.nextDeadline.map { max(0, $0 - now) }
            if decoder.hasPending { timeout = min(timeout ?? escapeTimeout, escapeTimeout) }
            let (ready, timedOut) = terminal.waitForInput(timeout: timeout)
            var events: [InputEvent] = []
            if ready {
                // The terminal went away: a hang-up, whether or not SIGHUP arrived first.
                guard let bytes = terminal.read() else { return .signal(SIGHUP) }
                events = decoder.feed(bytes)
            } else if timedOut, decoder.hasPending {
                events = decoder.flush()
            }
            for event in events {
                if event == .redraw { frame = [] }
                if event == .suspend {
                    suspend(terminal)
                    continue
                }
                controller.handle(event, at: monotonicSeconds())
            }
        }
    }

    /// Puts the terminal back and stops, as a shell job does on Ctrl-Z; when the process
    /// goes on (`fg`), `continued` is set and the loop takes the terminal again.
    private static func suspend(_ terminal: Terminal) {
        terminal.restore()
        Signals.stopProcess()
        continued.store(true, ordering: .relaxed)
    }
}
