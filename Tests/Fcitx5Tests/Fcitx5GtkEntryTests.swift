import Foundation
import TestSupport
import Testing

/// The add-on end to end: `tools/fcitx5_gtk_check.py` installs it for a private user, starts
/// Xvfb, a session bus and fcitx5, and types with xdotool into a real GtkEntry through GTK's
/// fcitx5 module (fcitx5-frontend-gtk3): Győr from the physical keys, `a ; ⌫`, an accent after
/// ← → (only surrounding text knows the `a`), and a held `o` with `3` from the candidate list.
/// Needs the packages of tools/install-deps.sh; without them it fails naming what is missing.
@Suite(.serialized) struct Fcitx5GtkEntryTests {
    @Test("a real GtkEntry through fcitx5: Győr á ő")
    func gtkEntry() {
        let script = Fcitx5AddonTests.packageRoot.appendingPathComponent("tools/fcitx5_gtk_check.py").path
        let run = ToolRun.run(["/usr/bin/python3", script, "--kbdsim", Fcitx5AddonTests.kbdsim], timeout: 180)
        #expect(run.status != 77, "the GTK check cannot run (install tools/install-deps.sh's packages): \(run.output)")
        #expect(
            run.status == 0 && run.output.contains("\"ok\": true"),
            "fcitx5_gtk_check.py exited \(run.status): \(run.output)\n\(run.error.suffix(3000))")
    }
}
