import Foundation
import TestSupport
import Testing

/// The add-on end to end on Wayland: `tools/fcitx5_wayland_check.py` installs it for a private
/// user, starts a headless sway, fcitx5 inside it as the Wayland input method
/// (zwp_input_method_v2) and a GtkEntry on Wayland (GTK's own text-input-v3 module), and types
/// through a virtual keyboard with a US keymap: Győr from the physical keys, `a ; ⌫`, an accent
/// after ← → (only surrounding text knows the `a`), and a held `o` with `3` from the candidate
/// list. Needs the packages of tools/install-deps.sh; without them it fails naming what is
/// missing.
@Suite(.serialized) struct Fcitx5WaylandTests {
    @Test("a GtkEntry on Wayland (headless sway) through fcitx5: Győr á ő")
    func waylandEntry() {
        let script = Fcitx5AddonTests.packageRoot.appendingPathComponent("tools/fcitx5_wayland_check.py").path
        let run = ToolRun.run(["/usr/bin/python3", script, "--kbdsim", Fcitx5AddonTests.kbdsim], timeout: 180)
        #expect(
            run.status != 77, "the Wayland check cannot run (install tools/install-deps.sh's packages): \(run.output)")
        #expect(
            run.status == 0 && run.output.contains("\"ok\": true"),
            "fcitx5_wayland_check.py exited \(run.status): \(run.output)\n\(run.error.suffix(3000))")
    }
}
