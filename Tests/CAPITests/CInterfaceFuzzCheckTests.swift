import FuzzChecks
import LayoutEngine
import TestSupport
import Testing

/// The fuzz target's check of the C interface (`FuzzChecks.cInterface`) on programs made here:
/// handmade ones that type, free twice and forge handles, and seeded random ones. A program
/// the check finds a problem in fails with the problem.
struct CInterfaceFuzzCheckTests {
    /// Open hu-touch, make a session, tap keys 0 and 0 by index, read the text, press ´ by name
    /// (its UTF-8 bytes), read the text again.
    static let typing: [UInt8] = [0, 0, 0x10, 3, 0, 6, 0, 6, 0, 12, 0, 0x20, 7, 0, 2, 0xc2, 0xb4, 12, 0, 0x30]

    @Test("a program that types on hu-touch passes")
    func typing() {
        #expect(FuzzChecks.cInterface(Self.typing) == [])
    }

    @Test("freed, NULL and forged handles, invalid UTF-8 and small buffers: every answer as the header says")
    func badHandles() {
        let programs: [[UInt8]] = [
            [0, 1, 0, 3, 0, 0, 4, 0, 4, 0, 5, 0, 3, 0xff, 0x61, 0x62, 2, 0, 2, 0],
            [0, 0, 0, 3, 0, 0, 5, 0, 4, 0x61, 0xcc, 0x81, 0x62, 8, 0, 0, 8, 8, 0, 1, 8, 13, 9, 0, 0x2f, 0],
            [6, 0xc9, 1, 2, 3, 4, 5, 13, 0xc9, 0x10, 0x20, 0x30, 0x40, 14, 0xc9, 0, 0, 0, 1, 15, 0xc8],
            [1, 5, 0x7b, 0x22, 0xff, 0x22, 0x7d, 14, 0, 3, 3, 0, 5, 0, 2, 0xc3, 0x28],
        ]
        for program in programs { #expect(FuzzChecks.cInterface(program) == [], "\(program)") }
    }

    @Test("200 random programs of calls, seeded")
    func randomPrograms() {
        var random = SplitMix64(seed: 40)
        for _ in 0..<200 {
            let program = (0..<Int.random(in: 8...300, using: &random)).map { _ in
                // Small operation numbers and arguments more often, so that handles are reused.
                Bool.random(using: &random)
                    ? UInt8.random(in: 0...15, using: &random) : UInt8.random(in: 0...255, using: &random)
            }
            let problems = FuzzChecks.cInterface(program)
            #expect(problems.isEmpty, "\(program): \(problems.joined(separator: "\n"))")
            if !problems.isEmpty { break }
        }
    }
}
