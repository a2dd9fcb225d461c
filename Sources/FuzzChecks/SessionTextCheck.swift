import Foundation
import LayoutEngine

/// The session checks after every event (`TypingSession.invariantViolations()`, and the
/// host's text in NFC equal to `session.text`), normalizing only the part of the text the
/// event changed.
///
/// The plain check normalizes the whole context three times an event through Foundation,
/// and the engine composes the whole of it once: quadratic in the length of an input. This
/// one keeps *cuts*: pairs (host scalars, context scalars) after an earlier event where
/// Foundation's NFD of the host's text up to there was the context up to there, and the
/// engine's NFC of that context Foundation's NFC. After the next event it takes the last cut
/// that both texts still have unchanged and that falls before a scalar where normalization
/// may cut (`NormalizationOracle.isCut`), and checks the rest:
///
/// - Foundation's NFD of the host's rest is the context's rest. With the verified part, the
///   host's text is canonically equivalent to the context (both directions: NFD(host) is
///   the context), and the context is NFD (it is an NFD);
/// - the engine's NFC of the context's rest (`CanonicalComposition.composedText`, what
///   `session.text` is) is Foundation's NFC of it. With the verified part, `session.text` is
///   the NFC of the context, so of the host's text: what the plain check compares.
///
/// `finish` compares `session.text` itself with the host's text in NFC, whole, once an input.
struct SessionTextCheck {
    private var host: [Unicode.Scalar] = []
    private var context: [Unicode.Scalar] = []
    private var cuts: [(host: Int, context: Int)] = [(0, 0)]
    /// The session's record of the host's scalars when it was last checked.
    private var record: (scalars: [Unicode.Scalar], contextCount: Int) = ([], 0)

    /// The problems after an event; empty when the session and its host agree.
    mutating func check(_ session: TypingSession, _ buffer: TextBuffer) -> [String] {
        let newHost = buffer.scalars
        let newContext = session.context
        if session.state.layer < 0 || session.state.layer >= session.layout.layers.count {
            return session.invariantViolations()
        }
        let sameHost = Self.commonPrefix(host, newHost)
        let sameContext = Self.commonPrefix(context, newContext)
        while let cut = cuts.last,
            cut.host > sameHost || cut.context > sameContext
                || (cut.host < newHost.count && !NormalizationOracle.isCut(newHost[cut.host]))
        {
            cuts.removeLast()
        }
        let start = cuts.last ?? (0, 0)
        let hostRest = newHost[start.host...]
        let contextRest = newContext[start.context...]
        host = newHost
        context = newContext
        // Both rests empty (the event changed nothing since the last cut): the NFD and NFC
        // of no text are no text, and Foundation is not asked.
        guard (hostRest.isEmpty && contextRest.isEmpty) || Self.restsAgree(hostRest, contextRest)
        else { return wholeTextProblems(session, buffer) }
        cuts.append((newHost.count, newContext.count))
        let hostText = session.hostText
        if hostText.contextCount != record.contextCount || hostText.scalars != record.scalars
            || sameContext < hostText.contextCount
        {
            record = (hostText.scalars, hostText.contextCount)
            if hostText.contextCount > newContext.count
                || (hostText.contextCount > 0
                    && !NormalizationOracle.nfd(hostText.scalars).elementsEqual(newContext[..<hostText.contextCount]))
            {
                return session.invariantViolations()
            }
        }
        return []
    }

    /// Whether Foundation's NFD of the host's rest is the context's rest, and the engine's NFC
    /// of the context's rest is Foundation's. Where Foundation's answer is the text itself
    /// (`NormalizationOracle.isOwnNFD`, `isOwnNFC`: told from its NFD of each scalar), the
    /// text is compared without making a string for Foundation.
    static func restsAgree(_ hostRest: ArraySlice<Unicode.Scalar>, _ contextRest: ArraySlice<Unicode.Scalar>) -> Bool {
        let decomposed =
            hostRest.elementsEqual(contextRest) && NormalizationOracle.isOwnNFD(hostRest)
            || NormalizationOracle.nfd(hostRest).elementsEqual(contextRest)
        guard decomposed else { return false }
        let composed = CanonicalComposition.composedTextScalars(Array(contextRest))
        return NormalizationOracle.isOwnNFC(ofNFD: contextRest)
            ? composed.elementsEqual(contextRest) : composed.elementsEqual(NormalizationOracle.nfc(contextRest))
    }

    /// The whole text compared, once an input: `session.text` and the host's text in NFC.
    func finish(_ session: TypingSession, _ buffer: TextBuffer) -> [String] {
        Array(session.text.unicodeScalars) == NormalizationOracle.nfc(buffer.scalars)
            ? [] : wholeTextProblems(session, buffer)
    }

    /// The plain checks, on the whole text: the session's invariants, and the host's text in
    /// NFC (Foundation's) equal to `session.text`.
    static func plainProblems(_ session: TypingSession, _ buffer: TextBuffer) -> [String] {
        let problems = session.invariantViolations()
        if !problems.isEmpty { return problems }
        let hostNFC = NormalizationOracle.nfc(buffer.scalars)
        if hostNFC != Array(session.text.unicodeScalars) {
            return [
                "host \(buffer.scalars.map(\.value)) ≠ session \(session.text.unicodeScalars.map(\.value))"
            ]
        }
        return []
    }

    /// The plain checks' problems, for their messages (or, should they find none, that this
    /// check and theirs disagree).
    func wholeTextProblems(_ session: TypingSession, _ buffer: TextBuffer) -> [String] {
        let problems = Self.plainProblems(session, buffer)
        return problems.isEmpty
            ? ["the check of the changed text found a problem the whole text's checks do not: \(cuts)"] : problems
    }

    /// How many scalars `old` and `new` share at their start: compared 32 at a time with
    /// `memcmp` (one call, not 32 instrumented comparisons, in the fuzzer's build), then one
    /// at a time in the first block that differs.
    static func commonPrefix(_ old: [Unicode.Scalar], _ new: [Unicode.Scalar]) -> Int {
        let limit = min(old.count, new.count)
        let block = 32
        var index = old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                var start = 0
                let stride = MemoryLayout<Unicode.Scalar>.stride
                while start + block <= limit,
                    memcmp(
                        oldBytes.baseAddress! + start * stride, newBytes.baseAddress! + start * stride, block * stride)
                        == 0
                {
                    start += block
                }
                return start
            }
        }
        while index < limit, old[index] == new[index] { index += 1 }
        return index
    }
}
