import Glibc
import Testing

@testable import PeerLayouts

/// Keyman Core's debug messages go nowhere: each of its calls runs with syslog's debug
/// priority masked, and the process's own mask is back afterwards.
@Suite("Keyman Core's syslog mask")
struct KeymanLogMaskTests {
    @Test("debug is masked during a call, and the mask before is restored after", arguments: [0xFF, 0x3F, 0x8F])
    func maskedDuringCall(_ before: Int32) {
        // Under the lock, as every Keyman Core call is: none of them changes the mask meanwhile.
        let (during, after) = keymanLock.withLock { _ in
            let original = setlogmask(before)
            defer { _ = setlogmask(original) }
            let kept = maskDebugLog()
            let during = setlogmask(0)
            restoreLogMask(kept)
            return (during, setlogmask(0))
        }
        #expect(during & (1 << LOG_DEBUG) == 0)
        #expect(during == before & ~(1 << LOG_DEBUG))
        #expect(after == before)
    }
}
